// Every label of the dynamic-form screens exists in both languages, and every key the screens use
// is in the catalogue (a missing key would show its name to the user).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESIGNABLE_TYPES, DESIGNABLE_VALIDATORS, SCENARIO_CONTEXT_TYPES, VALUE_FILTER_OPS } from '../meta';
import { formsEn, formsZh } from './messages';

describe('dynamic-form labels', () => {
  it('have the same keys in English and Chinese, none empty', () => {
    expect(Object.keys(formsZh).sort()).toEqual(Object.keys(formsEn).sort());
    for (const [k, v] of [...Object.entries(formsEn), ...Object.entries(formsZh)]) expect(v.trim(), k).not.toBe('');
  });

  it('cover every key the screens name, and every type, validator and context type', () => {
    // The web project runs in jsdom, where import.meta.url is not a file URL; tests run from the repo root.
    const dir = join(process.cwd(), 'areas/forms/web/');
    const used = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'))) {
      for (const m of readFileSync(dir + file, 'utf8').matchAll(/\bt\('(forms\.[\w.]+)'/g)) used.add(m[1]);
    }
    for (const v of DESIGNABLE_TYPES) used.add(`forms.type.${v}`);
    for (const v of DESIGNABLE_VALIDATORS) used.add(`forms.validator.${v}`);
    for (const v of VALUE_FILTER_OPS) used.add(`forms.values.op.${v}`);
    for (const v of SCENARIO_CONTEXT_TYPES) used.add(`forms.context.${v}`).add(`forms.scenario.keyHint.${v}`);
    expect(used.size).toBeGreaterThan(40);
    expect([...used].filter((k) => !(k in formsEn))).toEqual([]);
  });
});
