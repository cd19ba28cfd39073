// The engine's catalogue: both languages carry the same keys, none shadows core's, and every
// engine key the screens use exists.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from '@seamline/core';
import { engineEn, engineZh } from '../i18n/engine';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\./.test(name) ? [path] : [];
  });
}

describe('engine catalogue', () => {
  it('en and zh have the same keys, all non-empty, none shadowing core', () => {
    // English plural forms (i18next `_one`) have no Chinese counterpart: Chinese does not inflect.
    const pluralOf = (key: string) => /_one$/.test(key) && key.replace(/_one$/, '') in engineEn;
    expect(Object.keys(engineEn).filter((k) => !pluralOf(k)).sort()).toEqual(Object.keys(engineZh).sort());
    for (const key of Object.keys(engineEn)) {
      expect(messages.en[key], key).toBeUndefined();
      expect(engineEn[key], key).not.toBe('');
      if (!pluralOf(key)) expect(engineZh[key], key).not.toBe('');
    }
  });

  it('every engine.* key used by the screens exists', () => {
    const dir = join(process.cwd(), 'web/src/engine');
    const used = new Set<string>();
    for (const file of sources(dir)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/'(engine\.[a-zA-Z0-9_.]+[a-zA-Z0-9_])'/g)) used.add(m[1]);
    }
    // demo tiles are looked up by key: engine.demo.tile.<key> and .text
    const tiles = readFileSync(join(dir, 'demo/DemoHub.tsx'), 'utf8').matchAll(/\{ key: '(\w+)'/g);
    for (const [, key] of tiles) used.add(`engine.demo.tile.${key}`).add(`engine.demo.tile.${key}.text`);
    const missing = [...used].filter((k) => !(k in engineEn));
    expect(missing).toEqual([]);
  });
});
