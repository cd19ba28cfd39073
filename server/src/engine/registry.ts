// The engine registry: which definitions an app serves, under which menu, and how references
// between entities resolve. One registry per app (keyed by its Api), filled while the areas
// register their routes; handlers read it at request time, so registration order is free.
import type { ChildTableDef, EntityDef, FieldDef } from '@seamline/core';
import type { Api } from '../routes';
import { entityTables, type EntityTables } from './entityTables';
import type { EntityHooks, FlowRuntimeHooks } from './hooks';

/** Rows of an entity that are the system dictionary: the options of `{ dictionary: TYPE }` fields. */
export interface DictionarySource {
  /** The entity holding the rows (its wire name), e.g. 'dictionary'. */
  entity: string;
  /** Field with the dictionary type code (e.g. 'type_code'). */
  type: string;
  /** Field with the stored value (e.g. 'code'). */
  value: string;
  /** Field shown as the label, or one per language. */
  label: string | { en: string; zh: string };
  /** Field to order by (default: value). */
  seq?: string;
  /** Only rows where this field has this value count (e.g. an active flag). */
  activeWhen?: { field: string; value: string | boolean | number };
}

export interface RegisterOptions {
  /**
   * The menu whose data-authorization rules apply (spec §6): a code for every definition, a
   * code per entity name, or a function. Default: the menu whose URL is the entity's route
   * (`/{cata}/index/{opt}`, `/{cata}/masterdetail/{opt}`, …), looked up in the menu catalogue.
   */
  menuCode?: string | Readonly<Record<string, string>> | ((def: EntityDef) => string | undefined);
  /** This registration's dictionary entity (several sources add up). */
  dictionary?: DictionarySource;
  /** Server logic per entity name that no definition states (computed fields, cross-table checks). */
  hooks?: Readonly<Record<string, EntityHooks>>;
}

export interface Registered {
  def: EntityDef;
  tables: EntityTables;
  /** An explicit menu code, else undefined (then menuUrls decide). */
  menuCode?: string;
  /** URLs a menu of this entity may have. */
  menuUrls: string[];
  /** '/api'-relative base path: `${prefix}/${name}`. */
  base: string;
  hooks: EntityHooks;
}

/** A reference field and where it lives: on the entity itself or on one of its child tables. */
export interface ReferenceSite {
  from: Registered;
  child?: ChildTableDef;
  field: FieldDef;
}

/** Generic templates a menu URL may use for an entity's route (spec §2). */
export const ROUTE_TEMPLATES = ['index', 'masterdetail', 'ecindex', 'ectabindex', 'menuindex', 'page', 'dsrptindex'] as const;

export function menuUrlsOf(def: EntityDef): string[] {
  const { cata, opt } = def.route;
  return [...ROUTE_TEMPLATES.map((k) => `/${cata}/${k}/${opt}`), `/zp/${cata}/index/${opt}`];
}

function explicitMenu(def: EntityDef, option: RegisterOptions['menuCode']): string | undefined {
  if (option === undefined) return undefined;
  if (typeof option === 'string') return option;
  if (typeof option === 'function') return option(def);
  return Object.prototype.hasOwnProperty.call(option, def.name) ? option[def.name] : undefined;
}

/** Built-in reference targets that are not engine entities. */
export const BUILTIN_REFERENCES = ['user'] as const;

export class Registry {
  readonly entities = new Map<string, Registered>();
  readonly dictionaries: DictionarySource[] = [];
  /** The approval runtime, set by the flow area (docs/flow.md); absent in apps without it. */
  flow?: FlowRuntimeHooks;
  private referenceIndex: Map<string, ReferenceSite[]> | null = null;

  add(def: EntityDef, options: RegisterOptions): Registered {
    const existing = this.entities.get(def.name);
    if (existing) {
      if (existing.def === def) return existing;
      throw new Error(`entity '${def.name}' is registered twice`);
    }
    for (const other of this.entities.values()) {
      if (other.def.table === def.table) throw new Error(`entities '${other.def.name}' and '${def.name}' share table '${def.table}'`);
    }
    const reg: Registered = {
      def,
      tables: entityTables(def),
      menuCode: explicitMenu(def, options.menuCode),
      menuUrls: menuUrlsOf(def),
      base: `${def.prefix}/${def.name}`,
      hooks: options.hooks?.[def.name] ?? {},
    };
    this.entities.set(def.name, reg);
    if (options.dictionary && !this.dictionaries.includes(options.dictionary)) this.dictionaries.push(options.dictionary);
    this.referenceIndex = null;
    return reg;
  }

  get(name: string): Registered | undefined {
    return this.entities.get(name);
  }

  /** Every reference field (of any entity or child table) that points at `entity`. */
  referencesTo(entity: string): ReferenceSite[] {
    if (!this.referenceIndex) {
      const index = new Map<string, ReferenceSite[]>();
      const add = (site: ReferenceSite) => {
        const target = site.field.ref!.entity;
        index.set(target, [...(index.get(target) ?? []), site]);
      };
      for (const reg of this.entities.values()) {
        for (const field of reg.def.fields) if (field.type === 'reference' && !field.isNotPost) add({ from: reg, field });
        for (const child of reg.def.children ?? []) {
          for (const field of child.fields) if (field.type === 'reference' && !field.isNotPost) add({ from: reg, child, field });
        }
      }
      this.referenceIndex = index;
    }
    return this.referenceIndex.get(entity) ?? [];
  }

  /** Reference targets no registered entity or built-in provides (a contract test keeps this empty). */
  unresolvedReferences(): string[] {
    const out = new Set<string>();
    for (const reg of this.entities.values()) {
      const fields = [...reg.def.fields, ...(reg.def.children ?? []).flatMap((c) => c.fields)];
      for (const f of fields) {
        const target = f.ref?.entity;
        if (f.type === 'reference' && target && !this.entities.has(target) && !(BUILTIN_REFERENCES as readonly string[]).includes(target)) {
          out.add(`${reg.def.name}.${f.name} → ${target}`);
        }
      }
    }
    return [...out];
  }
}

const registries = new WeakMap<Api, Registry>();

/** The registry of the app an Api belongs to. */
export function registryOf(api: Api): Registry {
  let reg = registries.get(api);
  if (!reg) {
    reg = new Registry();
    registries.set(api, reg);
  }
  return reg;
}

/** Every registration made in this process, for tests that loop over every definition. */
const known: Array<{ def: EntityDef; options: RegisterOptions }> = [];

export function knownRegistrations(): ReadonlyArray<{ def: EntityDef; options: RegisterOptions }> {
  return known;
}

export function rememberRegistration(def: EntityDef, options: RegisterOptions): void {
  if (!known.some((k) => k.def === def)) known.push({ def, options });
}
