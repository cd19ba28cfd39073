// The house rules of engine and areas (docs/architecture.md):
// - an area reaches the engine only through its doors — '@seamline/core', '@seamline/server/api',
//   '@seamline/server/tables', '@seamline/web/engine' and, in tests, '@seamline/server/testing' and
//   '@seamline/web/testing' — never by a path into core/, server/ or web/;
// - the engine (core/, server/src, web/src) reaches no area except from its composition roots, the
//   few files that list the areas (COMPOSITION_ROOTS); its tests may use areas' demo data.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The engine's files that may name areas: each is a list of them, and says so. */
const COMPOSITION_ROOTS = [
  'server/src/areas.ts', // every area's server half, in registration order; the first super admin (access)
  'server/src/db/schema.ts', // every table, for drizzle-kit and the migrations
  'web/src/router/defaultTemplates.ts', // every area's web half (register.ts)
  'web/src/router/routes.tsx', // the route table: the public pages (access, system, discovery) and their texts
];

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') out.push(...sources(path));
    } else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Every module a file names: static imports and re-exports, import(), vi.mock() and vi.importActual(). */
export function specifiers(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\b(?:import|vi\.mock|vi\.doMock|vi\.importActual|require)\s*\(\s*['"]([^'"]+)['"]/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push(match[1]);
  return found;
}

/** Repo-relative targets of a file's relative specifiers. */
function relativeTargets(file: string): { specifier: string; target: string }[] {
  return specifiers(readFileSync(join(root, file), 'utf8'))
    .filter((s) => s.startsWith('.'))
    .map((specifier) => ({ specifier, target: relative(root, resolve(root, dirname(file), specifier)) }));
}

describe('doors', () => {
  it('reads every kind of import', () => {
    const text = [
      "import { a } from '../x';",
      "import type { B } from '../y';",
      "export * from '../z';",
      "import '../side';",
      "import {\n  c,\n  d,\n} from '../multi';",
      "const p = () => import('../lazy');",
      "vi.mock('../mocked', () => ({}));",
    ].join('\n');
    expect(specifiers(text).sort()).toEqual(['../lazy', '../mocked', '../multi', '../side', '../x', '../y', '../z']);
  });

  it('areas reach the engine only through its doors, never by a path into its source', () => {
    const breaches: string[] = [];
    for (const file of sources('areas')) {
      for (const { specifier, target } of relativeTargets(file)) {
        if (/^(core|server|web)(\/|$)/.test(target)) breaches.push(`${file}: '${specifier}'`);
      }
    }
    expect(breaches).toEqual([]);
  });

  it('the engine reaches no area outside its composition roots', () => {
    const breaches: string[] = [];
    for (const file of [...sources('core'), ...sources('server/src'), ...sources('web/src')]) {
      if (/\.test\.tsx?$/.test(file) || COMPOSITION_ROOTS.includes(file)) continue;
      for (const { specifier, target } of relativeTargets(file)) {
        if (/^areas(\/|$)/.test(target)) breaches.push(`${file}: '${specifier}'`);
      }
    }
    expect(breaches).toEqual([]);
  });

  it('names only composition roots that exist and name areas', () => {
    for (const file of COMPOSITION_ROOTS) {
      expect(relativeTargets(file).some(({ target }) => target.startsWith('areas/')), file).toBe(true);
    }
  });
});
