// GET crossapi/ccommonapi/data-upload/page-upload-links?page=… (spec §7, UPL-08): the imports a
// page offers. `page` may be an entity name ('vendor'), a route path ('/md/index/vendor', with
// or without the leading slash; a query's `entity=` counts too) or absent — then every import the
// user's menus offer (the import centre /upload/index). Only entities the user may write.
import { and, eq, exists, sql } from 'drizzle-orm';
import { pickLabel, type Lang, type UploadLink } from '@seamline/core';

export type { UploadLink };
import type { Session } from '../../auth/session';
import type { Tx } from '../../db';
import { clientMenu, menu, roleMenu, userRole } from '../../db/tables/menus';
import { canRead, canWrite, type Actor } from '../actor';
import { menuCodes } from '../area';
import type { Registered, Registry } from '../registry';
import { keyField } from './columns';
import type { TransferConfig } from './config';


/** Menu codes the user sees in the company (administrators: all the company switched on). */
async function visibleMenuCodes(tx: Tx, session: Session): Promise<Set<string>> {
  const admin = session.isSuperAdmin || session.userType === 'ADMIN';
  const byRole = exists(
    tx
      .select({ one: sql`1` })
      .from(roleMenu)
      .innerJoin(userRole, and(eq(userRole.roleId, roleMenu.roleId), eq(userRole.clientId, roleMenu.clientId)))
      .where(and(eq(roleMenu.menuId, menu.id), eq(roleMenu.clientId, session.clientId), eq(userRole.userId, session.userId))),
  );
  const rows = await tx
    .select({ code: menu.code })
    .from(menu)
    .innerJoin(clientMenu, and(eq(clientMenu.menuId, menu.id), eq(clientMenu.clientId, session.clientId)))
    .where(admin ? undefined : byRole);
  return new Set(rows.map((r) => r.code));
}

/** The entities a page names (see the top of this file); null = no page given. */
export function entitiesOfPage(registry: Registry, page: string | undefined): Registered[] | null {
  const raw = (page ?? '').trim();
  if (!raw) return null;
  const direct = registry.get(raw);
  if (direct) return [direct];
  const [pathPart, query = ''] = raw.split('#')[0].split('?');
  const named = new URLSearchParams(query).get('entity');
  if (named) return registry.get(named) ? [registry.get(named)!] : [];
  const path = `/${pathPart.replace(/^\/+/, '').replace(/\/+$/, '')}`;
  return [...registry.entities.values()].filter((r) => r.menuUrls.includes(path) || `/page/view/${r.def.route.opt}` === path);
}

export async function pageUploadLinks(tx: Tx, registry: Registry, actor: Actor, page: string | undefined, config: TransferConfig, lang: Lang): Promise<UploadLink[]> {
  const named = entitiesOfPage(registry, page);
  let regs = (named ?? [...registry.entities.values()]).filter((r) => canRead(r.def, actor) && canWrite(r.def, actor));
  const codes = await menuCodes(tx, regs);
  if (named === null) {
    const visible = await visibleMenuCodes(tx, actor.session);
    regs = regs.filter((r) => {
      const code = codes.get(r.def.name);
      return !!code && visible.has(code);
    });
  }
  return regs.map((r) => {
    const api = `/api/${r.base}`;
    const key = keyField(r.def);
    return {
      entity: r.def.name,
      label: pickLabel(r.def.label, lang),
      api,
      template: `${api}/import-template`,
      import: `${api}/import`,
      export: `${api}/export`,
      route: `/${r.def.route.cata}/index/${r.def.route.opt}`,
      menu_code: codes.get(r.def.name) ?? null,
      modes: key ? ['create', 'upsert'] : ['create'],
      key_field: key?.name ?? null,
      key_label: key ? pickLabel(key.label, lang) : null,
      max_rows: config.importMaxRows,
      max_bytes: config.importMaxBytes,
    };
  });
}
