// The engine's entity registry: which definition a generic route shows. An area registers its
// definitions under a cata (`registerEntities('md', masterdataEntities)`); each one then gets the
// generic screens of spec §2 through the template registry, keyed by (kind, cata, opt) so that
// names nobody registered keep the 'no such page yet' state.
import { pickLabel, type EntityDef } from '@seamline/core';
import { registerTemplate, type TemplateKind } from '../router/templates';
import { registerScreenTitle } from '../router/title';
import type { DataSource } from './data/source';
import './i18n';
import './engine.css';

export interface EntityEntry {
  def: EntityDef;
  /** The cata of its generic routes ({cata}/index/{opt} …). */
  cata: string;
  /** The opt of its generic routes (def.route.opt). */
  opt: string;
  /** Where its rows come from; absent → the generic HTTP endpoints of API.md. */
  source?: DataSource;
}

const byRoute = new Map<string, EntityEntry>();
const byOpt = new Map<string, EntityEntry>();
const byName = new Map<string, EntityEntry>();

const routeKey = (cata: string, opt: string) => `${cata}\u0000${opt}`;

// Screens per template kind. Kinds with a cata in their path are registered for (cata, opt);
// the others (/page/view/{opt}, /printpage/{opt}, …) for opt alone.
const screens = {
  index: () => import('./screens/IndexScreen'),
  page: () => import('./screens/DocumentScreen'),
  masterdetail: () => import('./screens/MasterDetailScreen'),
  ecindex: () => import('./screens/StatusTabsScreen'),
  ectabindex: () => import('./screens/StatusTabsScreen'),
} satisfies Partial<Record<TemplateKind, unknown>>;

const optScreens = {
  'page.opt': () => import('./screens/DocumentScreen'),
  'page.view': () => import('./screens/DocumentScreen'),
  'page.pick': () => import('./screens/PickScreen'),
  'page.subindex': () => import('./screens/SubIndexScreen'),
  'print.opt': () => import('./screens/PrintScreen'),
  'superdemopage.pick': () => import('./screens/PickScreen'),
} satisfies Partial<Record<TemplateKind, unknown>>;

// A screen no menu of the current platform names is titled with its entity's label.
registerScreenTitle(({ cata, opt }, lang) => {
  const entry = entityByRoute(cata, opt) ?? entityByOpt(opt);
  return entry ? pickLabel(entry.def.label, lang) : undefined;
});

/** Registers one definition under `cata` (default: its own route cata) with all its generic screens. */
export function registerEntity(def: EntityDef, opts: { cata?: string; source?: DataSource } = {}): EntityEntry {
  const cata = opts.cata ?? def.route.cata;
  const opt = def.route.opt;
  const entry: EntityEntry = { def, cata, opt, source: opts.source };
  byRoute.set(routeKey(cata, opt), entry);
  byOpt.set(opt, entry);
  byName.set(def.name, entry);
  for (const [kind, load] of Object.entries(screens)) registerTemplate(kind as TemplateKind, cata, opt, load);
  for (const [kind, load] of Object.entries(optScreens)) registerTemplate(kind as TemplateKind, undefined, opt, load);
  return entry;
}

/** Registers every definition of an area under one cata. */
export function registerEntities(cata: string, defs: readonly EntityDef[], source?: (def: EntityDef) => DataSource | undefined): void {
  for (const def of defs) registerEntity(def, { cata, source: source?.(def) });
}

/** The definition behind {cata}/…/{opt}. */
export function entityByRoute(cata: string | undefined, opt: string | undefined): EntityEntry | undefined {
  return cata && opt ? byRoute.get(routeKey(cata, opt)) : undefined;
}

/** The definition behind a route that names only opt (/page/view/{opt}, /printpage/{opt}, …). */
export function entityByOpt(opt: string | undefined): EntityEntry | undefined {
  return opt ? byOpt.get(opt) : undefined;
}

/** The definition a reference field points at (ref.entity is the wire name). */
export function entityByName(name: string | undefined): EntityEntry | undefined {
  return name ? byName.get(name) : undefined;
}

/** Test helper: forget every registered definition (templates stay; see clearTemplates). */
export function clearEntities(): void {
  byRoute.clear();
  byOpt.clear();
  byName.clear();
}
