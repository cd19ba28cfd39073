// Roles per company and what they open (spec §6, CFG-04/06/07), and the company's menu tree:
// which catalogue menus the company has switched on and in what order (CFG-29 app market).
// Roles and role menus are tenant rows; a role's code is what reaches the client as a dashrole.
import { isHiddenMenuCode, MENU_CATEGORIES, pickLabel, t, type Lang } from '@seamline/core';
import {
  R, S,
  and, appUser, asc, BizError, clientMenu, conflict, count, dataList, dataObject, eq, inArray, menu, ne, isAdminOnlyMenu, isSuperAdminMenu, notFound, viewerMenuCodes, viewerOpensAnyMenu, role, roleMenu,
  menusChanged, sql, userClient, userRole, type Api, type JsonSchema, type Session, type Tx,
} from '@seamline/server/api';
import { FieldCheck, idParam, isCompanyAdmin, listPage, requireCompanyAdmin, text, versionOf, type ListPage } from './adminInput';

const ROLE_CODE_RE = /^[A-Z0-9_]{1,32}$/;

export interface RoleRow {
  id: string;
  code: string;
  name: string;
  description: string | null;
  version: number;
  menus: string[];
  user_count: number;
}

async function rolesOf(tx: Tx, clientId: string, ids?: readonly string[], page?: ListPage): Promise<RoleRow[]> {
  const query = tx
    .select({ id: role.id, code: role.code, name: role.name, description: role.description, version: role.version })
    .from(role)
    .where(and(eq(role.clientId, clientId), ids ? inArray(role.id, [...ids]) : undefined))
    .orderBy(asc(role.code), asc(role.id));
  const roles = page ? await query.limit(page.size).offset((page.page - 1) * page.size) : await query;
  if (roles.length === 0) return [];
  const roleIds = roles.map((r) => r.id);
  const menus = await tx
    .select({ roleId: roleMenu.roleId, code: menu.code })
    .from(roleMenu)
    .innerJoin(menu, eq(menu.id, roleMenu.menuId))
    .where(and(eq(roleMenu.clientId, clientId), inArray(roleMenu.roleId, roleIds)))
    .orderBy(asc(menu.code));
  const users = await tx
    .select({ roleId: userRole.roleId, n: count() })
    .from(userRole)
    .where(and(eq(userRole.clientId, clientId), inArray(userRole.roleId, roleIds)))
    .groupBy(userRole.roleId);
  return roles.map((r) => ({
    ...r,
    menus: menus.filter((m) => m.roleId === r.id && !isHiddenMenuCode(m.code)).map((m) => m.code),
    user_count: Number(users.find((u) => u.roleId === r.id)?.n ?? 0),
  }));
}

async function roleDocument(tx: Tx, clientId: string, id: string) {
  const [found] = await rolesOf(tx, clientId, [id]);
  if (!found) throw notFound();
  const users = await tx
    .select({ id: appUser.id, username: appUser.username, full_name: appUser.fullName })
    .from(userRole)
    .innerJoin(appUser, eq(appUser.id, userRole.userId))
    .where(and(eq(userRole.clientId, clientId), eq(userRole.roleId, id)))
    .orderBy(asc(appUser.username));
  return { ...found, users };
}

/** Menu codes → ids among the menus the company has switched on; unknown or switched-off codes are errors. */
async function switchedOnMenus(tx: Tx, clientId: string, codes: readonly string[], lang: Lang, field: string): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await tx
    .select({ id: menu.id, code: menu.code })
    .from(menu)
    .innerJoin(clientMenu, and(eq(clientMenu.menuId, menu.id), eq(clientMenu.clientId, clientId)))
    .where(inArray(menu.code, [...codes]));
  // The platform's SUPER_* screens reach the super admin by that flag alone, ADMIN_* ones the
  // company's administrators by their user type: never through a role.
  const reserved = codes.filter((c) => isSuperAdminMenu(c) || isAdminOnlyMenu(c));
  if (reserved.length) new FieldCheck(lang).add(field, `${t(lang, 'admin.reservedMenu')}: ${reserved.join(', ')}`).throwIfAny();
  const missing = codes.filter((c) => isHiddenMenuCode(c) || !rows.some((r) => r.code === c));
  if (missing.length) new FieldCheck(lang).add(field, `${t(lang, 'admin.noMenuOf')}: ${missing.join(', ')}`).throwIfAny();
  return rows.map((r) => r.id);
}

const listOf = (v: unknown): string[] => {
  if (v === undefined || v === null || v === '') return [];
  const raw = Array.isArray(v) ? v : typeof v === 'string' && v.trim().startsWith('[') ? (JSON.parse(v) as unknown[]) : String(v).split(',');
  return [...new Set(raw.map(text).filter(Boolean))];
};

async function saveRole(tx: Tx, session: Session, lang: Lang, data: Record<string, unknown>): Promise<string> {
  const clientId = session.clientId;
  const id = data.id ? idParam(data.id) : undefined;
  const code = text(data.code).toUpperCase();
  const name = text(data.name);
  const check = new FieldCheck(lang).rules('code', code, [{ type: 'required' }]).rules('name', name, [{ type: 'required' }]);
  if (code && !ROLE_CODE_RE.test(code)) check.add('code', t(lang, 'admin.codeFormat'));
  check.throwIfAny();
  const menuIds = data.menus === undefined ? null : await switchedOnMenus(tx, clientId, listOf(data.menus), lang, 'menus');
  const userIds = data.user_ids === undefined ? null : listOf(data.user_ids);
  if (userIds?.length) {
    const members = await tx
      .select({ id: userClient.userId })
      .from(userClient)
      .where(and(eq(userClient.clientId, clientId), inArray(sql`${userClient.userId}::text`, userIds)));
    if (members.length !== userIds.length) new FieldCheck(lang).add('user_ids', t(lang, 'admin.unknownUser')).throwIfAny();
  }
  const dup = await tx
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.clientId, clientId), eq(role.code, code), id ? ne(role.id, id) : undefined));
  if (dup.length) new FieldCheck(lang).add('code', t(lang, 'admin.roleCodeTaken')).throwIfAny();

  let roleId: string;
  if (id) {
    const [current] = await tx.select({ version: role.version }).from(role).where(and(eq(role.clientId, clientId), eq(role.id, id))).for('update');
    if (!current) throw notFound();
    if (versionOf(data.version) !== current.version) throw conflict();
    await tx
      .update(role)
      .set({ code, name, description: text(data.description) || null, version: sql`${role.version} + 1`, updatedBy: session.userId, updatedAt: sql`now()` })
      .where(and(eq(role.clientId, clientId), eq(role.id, id)));
    roleId = id;
  } else {
    const [created] = await tx
      .insert(role)
      .values({ clientId, code, name, description: text(data.description) || null, createdBy: session.userId, updatedBy: session.userId })
      .returning({ id: role.id });
    roleId = created.id;
  }
  if (menuIds) {
    await tx.delete(roleMenu).where(and(eq(roleMenu.clientId, clientId), eq(roleMenu.roleId, roleId)));
    if (menuIds.length) await tx.insert(roleMenu).values(menuIds.map((menuId) => ({ clientId, roleId, menuId, createdBy: session.userId })));
  }
  if (userIds) {
    await tx.delete(userRole).where(and(eq(userRole.clientId, clientId), eq(userRole.roleId, roleId)));
    if (userIds.length) await tx.insert(userRole).values(userIds.map((userId) => ({ clientId, userId, roleId, createdBy: session.userId })));
  }
  // Every node drops the company's cached menus and roles (server/src/menuAccess.ts).
  await menusChanged({ clientIds: [clientId] }, tx);
  return roleId;
}

/** The catalogue as the company has it: every visible menu, switched on or not, in the company's order. */
export async function menuTree(tx: Tx, clientId: string, lang: Lang, superAdmin = false) {
  const rows = await tx
    .select({
      id: menu.id, code: menu.code, category: menu.category, titleEn: menu.titleEn, titleZh: menu.titleZh, url: menu.url, icon: menu.icon,
      catalogueSeq: menu.seq, companySeq: clientMenu.seq, enabled: sql<boolean>`${clientMenu.menuId} is not null`,
    })
    .from(menu)
    .leftJoin(clientMenu, and(eq(clientMenu.menuId, menu.id), eq(clientMenu.clientId, clientId)))
    .orderBy(asc(menu.category), sql`coalesce(${clientMenu.seq}, ${menu.seq})`, asc(menu.code));
  const entries = rows
    .filter((r) => !isHiddenMenuCode(r.code) && (superAdmin || !isSuperAdminMenu(r.code)))
    .map((r) => ({
      id: r.id, code: r.code, category: r.category, title: lang === 'en' ? r.titleEn : r.titleZh, url: r.url, icon: r.icon,
      seq: r.companySeq ?? r.catalogueSeq, enabled: Boolean(r.enabled),
    }));
  const known = MENU_CATEGORIES.map((c) => c.code);
  const categories = [...known, ...new Set(entries.map((e) => e.category).filter((c) => !known.includes(c)))];
  return categories
    .map((code) => ({
      code,
      title: pickLabel(MENU_CATEGORIES.find((c) => c.code === code) ?? { en: code, zh: code }, lang),
      menus: entries.filter((e) => e.category === code),
    }))
    .filter((c) => c.menus.length > 0);
}

/** Who may look at roles and the menu tree: company administrators, or a role opening one of these. */
const ROLE_MENUS = ['SYS_ROLE', 'SYS_USER', 'SYS_DATA_AUTH'];
/** The menu administrators besides the company's: who switches menus or grants them to roles. */
const MENU_ADMIN_MENUS = ['SYS_MENU', 'SYS_ROLE'];

/** The menu catalogue by category (issue 28: named, so the OpenAPI test checks the real answer). */
const MENU_TREE = S.list(
  S.object(
    {
      code: S.string('The category'),
      title: S.string("The category's name in the caller's language"),
      menus: S.list(
        S.object(
          {
            id: S.uuid(), code: S.string(), category: S.string(), title: S.string("In the caller's language"), url: S.string(), icon: S.string(),
            seq: S.integer("The company's order, else the catalogue's"), enabled: S.boolean('Switched on for my company'),
          },
          ['id', 'code', 'category', 'title', 'url', 'icon', 'seq', 'enabled'],
        ),
      ),
    },
    ['code', 'title', 'menus'],
  ),
);

/** A role as listed (issue 28: named, so the OpenAPI test checks the real answer). */
const ROLE_ROW = S.object(
  {
    id: S.uuid(),
    version: S.integer(),
    code: S.string(),
    name: S.string(),
    description: S.nullable(S.string()),
    menus: S.list(S.string(), 'Menu codes the role opens'),
    user_count: S.integer('Members holding the role'),
  },
  ['id', 'version', 'code', 'name', 'menus', 'user_count'],
);
/** A role as the screen opens it: the row and the members holding it. */
const ROLE_DOC = S.object(
  {
    ...(ROLE_ROW.properties as Record<string, JsonSchema>),
    users: S.list(S.object({ id: S.uuid(), username: S.string(), full_name: S.nullable(S.string()) }, ['id', 'username'])),
  },
  [...(ROLE_ROW.required as string[]), 'users'],
);

export function roleAdminRoutes(api: Api): void {
  // Every role of the company (pickers need them all); `p` pages it, checked like every list's paging.
  api.get('utilsapi/sys/roles/list', { schema: R.get('Every role of my company', { query: { p: S.paging() }, response: S.list(ROLE_ROW) }), auth: true, menu: ROLE_MENUS }, ({ session, query, tenant }) => {
    const page = query.p === undefined ? undefined : listPage(query.p, []);
    return tenant((tx) => rolesOf(tx, session.clientId, undefined, page));
  });

  api.get('utilsapi/sys/roles/view', { schema: R.byId('One role with its menus', { response: ROLE_DOC }), auth: true, menu: ROLE_MENUS, params: ['id'] }, ({ session, query, tenant }) =>
    tenant((tx) => roleDocument(tx, session.clientId, idParam(query.id))),
  );

  api.post('utilsapi/sys/roles/save', { schema: R.save('Create or update a role (company administrators)', S.object({ id: S.uuid('Absent on create'), version: S.integer(), code: S.string(), name: S.string(), menus: S.list(S.string('A menu code')), user_ids: S.list(S.uuid('A member holding it')) }, ['code', 'name']), { response: ROLE_DOC }), auth: true, menu: 'SYS_ROLE' }, ({ session, lang, body, tenant }) => {
    requireCompanyAdmin(session);
    return tenant(async (tx) => roleDocument(tx, session.clientId, await saveRole(tx, session, lang, dataObject(body))));
  });

  api.post('utilsapi/sys/roles/delete', { schema: R.save('Delete roles no member holds', S.list(S.uuid()), { response: S.object({ deleted: S.integer() }) }), auth: true, menu: 'SYS_ROLE' }, ({ session, body, tenant }) => {
    requireCompanyAdmin(session);
    const ids = [...new Set(dataList(body).map(idParam))];
    return tenant(async (tx) => {
      const found = await tx.select({ id: role.id }).from(role).where(and(eq(role.clientId, session.clientId), inArray(role.id, ids))).for('update');
      if (found.length !== ids.length) throw notFound();
      const [{ n }] = await tx.select({ n: count() }).from(userRole).where(and(eq(userRole.clientId, session.clientId), inArray(userRole.roleId, ids)));
      if (Number(n) > 0) throw new BizError('admin.roleInUse');
      await tx.delete(roleMenu).where(and(eq(roleMenu.clientId, session.clientId), inArray(roleMenu.roleId, ids)));
      await tx.delete(role).where(and(eq(role.clientId, session.clientId), inArray(role.id, ids)));
      await menusChanged({ clientIds: [session.clientId] }, tx);
      return { deleted: ids.length };
    });
  });

  // The whole catalogue (switched on or not, every SYS_* screen with its url) is the menu
  // administrator's: the company administrator (no menu of their own may lock them out of it) or a
  // role opening the menu or role screens. Anyone else (the app market's visitors) gets the tree of
  // their own menus, the ones user-state already gives them (CFG-28, issue 23).
  api.get('utilsapi/sys/menus/tree', { schema: R.get('The menu catalogue by category, switched on or not (menu administrators; others their own menus)', { response: MENU_TREE }), auth: true }, async ({ session, lang, tenant, db }) => {
    const admin = isCompanyAdmin(session) || (await viewerOpensAnyMenu(db, session, MENU_ADMIN_MENUS));
    const own = admin ? null : await viewerMenuCodes(db, session);
    return tenant(async (tx) => {
      const tree = await menuTree(tx, session.clientId, lang, session.isSuperAdmin);
      if (!own) return tree;
      return tree.map((c) => ({ ...c, menus: c.menus.filter((m) => own.has(m.code)) })).filter((c) => c.menus.length > 0);
    });
  });

  /** DATA = {codes: [...], enabled: true|false}: switch catalogue menus on or off for the company. */
  api.post('utilsapi/sys/menus/switch', { schema: R.save('Switch catalogue menus on or off for my company', S.object({ codes: S.list(S.string()), enabled: S.boolean() }, ['codes'])), auth: true }, ({ session, lang, body, tenant }) => {
    requireCompanyAdmin(session);
    const data = dataObject(body);
    const codes = listOf(data.codes);
    const enabled = data.enabled === true || data.enabled === 'true' || data.enabled === 1 || data.enabled === '1';
    return tenant(async (tx) => {
      const found = await tx.select({ id: menu.id, code: menu.code }).from(menu).where(inArray(menu.code, codes.length ? codes : ['']));
      const unknown = codes.filter((c) => isHiddenMenuCode(c) || !found.some((f) => f.code === c));
      if (unknown.length || codes.length === 0) new FieldCheck(lang).add('codes', `${t(lang, 'admin.unknownMenu')}: ${unknown.join(', ')}`).throwIfAny();
      const ids = found.map((f) => f.id);
      if (enabled) {
        await tx.insert(clientMenu).values(ids.map((menuId) => ({ clientId: session.clientId, menuId, createdBy: session.userId }))).onConflictDoNothing();
      } else {
        await tx.delete(clientMenu).where(and(eq(clientMenu.clientId, session.clientId), inArray(clientMenu.menuId, ids)));
      }
      await menusChanged({ clientIds: [session.clientId] }, tx);
      return menuTree(tx, session.clientId, lang, session.isSuperAdmin);
    });
  });

  /** DATA = {codes: [...]} — switched-on menus of one category in the order wanted. */
  api.post('utilsapi/sys/menus/order', { schema: R.save("Order one category's switched-on menus", S.object({ codes: S.list(S.string()) }, ['codes'])), auth: true }, ({ session, lang, body, tenant }) => {
    requireCompanyAdmin(session);
    const codes = listOf(dataObject(body).codes);
    return tenant(async (tx) => {
      const ids = await switchedOnMenus(tx, session.clientId, codes, lang, 'codes');
      const rows = await tx.select({ id: menu.id, code: menu.code, category: menu.category }).from(menu).where(inArray(menu.id, ids.length ? ids : [session.clientId]));
      if (new Set(rows.map((r) => r.category)).size > 1) new FieldCheck(lang).add('codes', t(lang, 'admin.unknownMenu')).throwIfAny();
      for (const [i, code] of codes.entries()) {
        const m = rows.find((r) => r.code === code)!;
        await tx
          .update(clientMenu)
          .set({ seq: 10 * (i + 1), updatedBy: session.userId, updatedAt: sql`now()` })
          .where(and(eq(clientMenu.clientId, session.clientId), eq(clientMenu.menuId, m.id)));
      }
      await menusChanged({ clientIds: [session.clientId] }, tx);
      return menuTree(tx, session.clientId, lang, session.isSuperAdmin);
    });
  });
}
