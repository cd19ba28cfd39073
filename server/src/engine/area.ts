// The engine's own endpoints (registered first in server/src/areas.ts):
//   GET utilsapi/meta/entities[?names=a,b][&compact=1]  every registered definition as JSON
//   GET mdapi/dictionary/options?type=T  → [{value,label}]   (?types=A,B → {A:[…],B:[…]})
//   GET utilsapi/openapi.json            the OpenAPI document of /api (server/src/openapi)
import { inArray } from 'drizzle-orm';
import type { EntityDef } from '@seamline/core';
import { defineArea } from '../area';
import { menu } from '../db/tables/menus';
import type { Tx } from '../db';
import { dictionaryOptions } from './dictionary';
import { engineMessages } from './messages';
import { registryOf, type Registered, type Registry } from './registry';
import { openApiRoutes } from '../openapi/route';
import { S } from '../openapi/shapes';

const listParam = (v: unknown): string[] =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/** A definition as the web reads it: functions (entity rules) dropped, plus its menu and API base. */
function definitionJson(reg: Registered, menuCode: string | null, compact: boolean): Record<string, unknown> {
  const { rules: _rules, ...def } = reg.def as EntityDef;
  const extra = { menu_code: menuCode, api: `/api/${reg.base}` };
  if (compact) {
    const { name, area, prefix, label, route, display, status, transitions } = def;
    return { name, area, prefix, label, route, display, status, transitions, ...extra };
  }
  return { ...(JSON.parse(JSON.stringify(def)) as Record<string, unknown>), ...extra };
}

/** The menu code of each entity: its explicit one, else the menu whose URL is the entity's route. */
export async function menuCodes(tx: Tx, regs: readonly Registered[]): Promise<Map<string, string | null>> {
  const urls = [...new Set(regs.filter((r) => r.menuCode === undefined).flatMap((r) => r.menuUrls))];
  const found = urls.length ? await tx.select({ code: menu.code, url: menu.url }).from(menu).where(inArray(menu.url, urls)) : [];
  const out = new Map<string, string | null>();
  for (const r of regs) {
    if (r.menuCode !== undefined) out.set(r.def.name, r.menuCode);
    else out.set(r.def.name, found.filter((m) => r.menuUrls.includes(m.url)).map((m) => m.code).sort()[0] ?? null);
  }
  return out;
}

export async function definitions(tx: Tx, registry: Registry, names: string[], compact: boolean) {
  const regs = [...registry.entities.values()].filter((r) => names.length === 0 || names.includes(r.def.name));
  const codes = await menuCodes(tx, regs);
  return regs.map((r) => definitionJson(r, codes.get(r.def.name) ?? null, compact));
}

export const engineArea = defineArea({
  name: 'engine',
  messages: engineMessages,
  routes: (api) => {
    const registry = registryOf(api);
    const option = S.object({ value: S.string(), label: S.string() });
    api.get(
      'utilsapi/meta/entities',
      {
        auth: true,
        schema: {
          summary: 'Entity definitions the web builds screens from',
          tag: 'meta',
          query: { names: S.string('Comma-separated entity names (default: all)'), compact: S.flag('Only name, label, route, status and transitions') },
          response: S.list(S.map(S.any(), 'A definition (core EntityDef) with menu_code and api')),
        },
      },
      ({ query, tenant }) => tenant((tx) => definitions(tx, registry, listParam(query.names), query.compact === '1' || query.compact === 'true')),
    );
    api.get(
      'mdapi/dictionary/options',
      {
        auth: true,
        schema: {
          summary: 'Options of system-dictionary types',
          tag: 'meta',
          query: { type: S.string('One type: answers its list'), types: S.string('Comma-separated types: answers {TYPE: list}') },
          response: { anyOf: [S.list(option), S.map(S.list(option))] },
        },
      },
      ({ query, session, tenant, lang }) => {
        const many = listParam(query.types);
        const one = typeof query.type === 'string' ? query.type : '';
        return tenant(async (tx) => {
          const options = await dictionaryOptions(tx, registry, session.clientId, many.length ? many : [one].filter(Boolean), lang);
          if (many.length) return Object.fromEntries(many.map((type) => [type, options.get(type) ?? []]));
          return options.get(one) ?? [];
        });
      },
    );
    openApiRoutes(api);
  },
});
