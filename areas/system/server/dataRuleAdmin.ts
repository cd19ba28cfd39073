// Data authorization (spec §6, CFG-11..13): rules of field, operator and value, bound per menu and
// per user, kept in data_rule. The engine applies them (server/src/engine/dataRules.ts); here an
// administrator maintains them, sees a user's effective rules and asks "why does this user see —
// or not see — this record?" ('view as user'), answered with the engine's own functions.
import { authorizableFields, DATA_RULE_OPERATORS, explainVisibility, pickLabel, ruleValues, t, type Lang } from '@seamline/core';
import {
  R, S,
  and, appUser, asc, conflict, dataList, dataObject, eq, HttpError, inArray, menu, menuCodesOf, missingParam, menusChanged, notFound, requiredParam, role, roleMenu,
  sql, userClient, userRole, type Api, type AuthedContext, type Session, type Tx, canRead, canWrite, loadActor, loadRows, menuCodes,
  registryOf, type Registry, dataRule, dictionaryOptions, referenceTarget,
} from '@seamline/server/api';
import { FieldCheck, idParam, requireCompanyAdmin, text, versionOf } from './adminInput';

const MENU = 'SYS_DATA_AUTH';

export interface RuleRow {
  id: string;
  version: number;
  menu_code: string;
  user_id: string;
  username: string;
  full_name: string | null;
  field: string;
  operator: string;
  value: string;
}

/** A rule as listed (issue 28: named, so the OpenAPI test checks the real answer). */
const RULE_ROW = S.object(
  {
    id: S.uuid(),
    version: S.integer(),
    menu_code: S.string(),
    user_id: S.uuid(),
    username: S.string(),
    full_name: S.nullable(S.string()),
    field: S.string(),
    operator: S.string(),
    value: S.string(),
  },
  ['id', 'version', 'menu_code', 'user_id', 'username', 'field', 'operator', 'value'],
);

/** What a rule may name (issue 28: named, so the OpenAPI test checks the real answer). */
const RULE_FIELDS = S.object(
  {
    operators: S.list(S.enum(DATA_RULE_OPERATORS)),
    entities: S.list(
      S.object(
        {
          entity: S.string(), label: S.string(), menu_code: S.nullable(S.string('The menu its rules bind to')), api: S.string('Its routes\' base path'), display: S.string(),
          fields: S.list(S.object({ name: S.string(), label: S.string() }, ['name', 'label'])),
        },
        ['entity', 'label', 'menu_code', 'api', 'display', 'fields'],
      ),
    ),
  },
  ['operators', 'entities'],
);

async function listRules(tx: Tx, clientId: string, filter: { userId?: string; menuCode?: string; ids?: string[] }): Promise<RuleRow[]> {
  return tx
    .select({
      id: dataRule.id, version: dataRule.version, menu_code: dataRule.menuCode, user_id: dataRule.userId, username: appUser.username,
      full_name: appUser.fullName, field: dataRule.field, operator: dataRule.operator, value: dataRule.value,
    })
    .from(dataRule)
    .innerJoin(appUser, eq(appUser.id, dataRule.userId))
    .where(
      and(
        eq(dataRule.clientId, clientId),
        filter.userId ? eq(dataRule.userId, filter.userId) : undefined,
        filter.menuCode ? eq(dataRule.menuCode, filter.menuCode) : undefined,
        filter.ids ? inArray(dataRule.id, filter.ids) : undefined,
      ),
    )
    .orderBy(asc(dataRule.menuCode), asc(appUser.username), asc(dataRule.createdAt), asc(dataRule.id));
}

async function isMember(tx: Tx, clientId: string, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: userClient.userId }).from(userClient).where(and(eq(userClient.clientId, clientId), eq(userClient.userId, userId)));
  return rows.length > 0;
}

/** The registered entities whose data rules bind to this menu. */
async function entitiesOfMenu(tx: Tx, registry: Registry, menuCode: string) {
  const regs = [...registry.entities.values()];
  const codes = await menuCodes(tx, regs);
  return regs.filter((r) => codes.get(r.def.name) === menuCode);
}

async function saveRule(tx: Tx, registry: Registry, session: Session, lang: Lang, data: Record<string, unknown>): Promise<string> {
  const clientId = session.clientId;
  const menuCode = text(data.menu_code);
  const userId = text(data.user_id);
  const field = text(data.field);
  const operator = text(data.operator);
  const value = typeof data.value === 'string' ? data.value : data.value === undefined || data.value === null ? '' : String(data.value);
  const check = new FieldCheck(lang)
    .rules('menu_code', menuCode, [{ type: 'required' }])
    .rules('user_id', userId, [{ type: 'required' }])
    .rules('field', field, [{ type: 'required' }])
    .rules('operator', operator, [{ type: 'required' }]);
  if (operator && !(DATA_RULE_OPERATORS as readonly string[]).includes(operator)) check.add('operator', t(lang, 'admin.badOperator'));
  if (menuCode) {
    const known = await tx.select({ id: menu.id }).from(menu).where(eq(menu.code, menuCode));
    if (known.length === 0) check.add('menu_code', t(lang, 'admin.unknownMenu'));
  }
  if (userId && !(/^[0-9a-f-]{36}$/i.test(userId) && (await isMember(tx, clientId, userId)))) check.add('user_id', t(lang, 'admin.unknownUser'));
  // A menu of engine entities: the field must be one they allow rules on (their `authorizable`).
  const bound = menuCode ? await entitiesOfMenu(tx, registry, menuCode) : [];
  if (field && bound.length && !bound.some((r) => authorizableFields(r.def).includes(field))) check.add('field', t(lang, 'admin.fieldNotAuthorizable'));
  if ((operator === 'in' || operator === 'not in' || operator === 'like') && !ruleValues(value).length) check.add('value', t(lang, 'val.required'));
  check.throwIfAny();
  const id = data.id ? idParam(data.id) : undefined;
  // Engines keep each user's rules per node (engine/actor.ts): every node drops them before this answers.
  await menusChanged({ clientIds: [clientId] }, tx);
  if (id) {
    const [current] = await tx.select({ version: dataRule.version }).from(dataRule).where(and(eq(dataRule.clientId, clientId), eq(dataRule.id, id))).for('update');
    if (!current) throw notFound();
    if (versionOf(data.version) !== current.version) throw conflict();
    await tx
      .update(dataRule)
      .set({ menuCode, userId, field, operator, value, version: sql`${dataRule.version} + 1`, updatedBy: session.userId, updatedAt: sql`now()` })
      .where(and(eq(dataRule.clientId, clientId), eq(dataRule.id, id)));
    return id;
  }
  const [created] = await tx
    .insert(dataRule)
    .values({ clientId, menuCode, userId, field, operator, value, createdBy: session.userId, updatedBy: session.userId })
    .returning({ id: dataRule.id });
  return created.id;
}

/** The session a chosen member would have: what loadActor needs to see them as the engine does. */
async function memberSession(tx: Tx, clientId: string, userId: string): Promise<Session> {
  const [m] = await tx
    .select({ username: appUser.username, language: appUser.languageCode, isSuperAdmin: appUser.isSuperAdmin, userType: userClient.userType })
    .from(userClient)
    .innerJoin(appUser, eq(appUser.id, userClient.userId))
    .where(and(eq(userClient.clientId, clientId), eq(userClient.userId, userId)));
  if (!m) throw notFound();
  const never = new Date(0);
  return { id: '', userId, clientId, tokenExpiresAt: never, refreshExpiresAt: never, ...m };
}

/** Roles of the user that open the menu (empty for administrators, who open every switched-on menu). */
async function rolesOpening(tx: Tx, clientId: string, userId: string, menuCode: string): Promise<string[]> {
  const rows = await tx
    .select({ code: role.code })
    .from(userRole)
    .innerJoin(role, and(eq(role.id, userRole.roleId), eq(role.clientId, userRole.clientId)))
    .innerJoin(roleMenu, and(eq(roleMenu.roleId, role.id), eq(roleMenu.clientId, role.clientId)))
    .innerJoin(menu, eq(menu.id, roleMenu.menuId))
    .where(and(eq(userRole.clientId, clientId), eq(userRole.userId, userId), eq(menu.code, menuCode)))
    .orderBy(asc(role.code));
  return rows.map((r) => r.code);
}

/**
 * 'View as user': for a member and a record (entity + id), whether they see it and why — the
 * entity's menu and whether (and through which roles) they open it, read/write permission, and
 * which of their data rules on that menu keep or hide the record.
 */
export async function explainRecord(tx: Tx, registry: Registry, viewer: Session, lang: Lang, q: { userId: string; entity: string; id: string }) {
  const reg = registry.get(q.entity);
  if (!reg) throw notFound();
  const session = await memberSession(tx, viewer.clientId, q.userId);
  const actor = await loadActor(tx, session, lang, reg);
  const [row] = await loadRows(tx, reg, [q.id], { registry, clientId: viewer.clientId, rules: [] });
  if (!row) throw notFound();
  const menuCode = (await menuCodes(tx, [reg])).get(reg.def.name) ?? null;
  const admin = session.userType === 'ADMIN' || session.isSuperAdmin;
  const visibleBySql = (await loadRows(tx, reg, [q.id], { registry, clientId: viewer.clientId, rules: actor.rules })).length > 0;
  const explanation = explainVisibility(actor.rules, row);
  const canSee = canRead(reg.def, actor) && visibleBySql;
  return {
    entity: reg.def.name,
    entity_label: pickLabel(reg.def.label, lang),
    id: q.id,
    user: { id: q.userId, username: session.username, user_type: session.userType },
    menu_code: menuCode,
    opens_menu: actor.menuOpen,
    via: admin ? 'ADMIN' : 'ROLES',
    roles: menuCode ? await rolesOpening(tx, viewer.clientId, q.userId, menuCode) : [],
    can_read: canRead(reg.def, actor),
    can_write: canWrite(reg.def, actor),
    rules: actor.rules,
    shown_by: explanation.shownBy,
    hidden_by: explanation.hiddenBy,
    visible: canSee,
  };
}

/** Every rule of a member, per menu, with whether they open that menu at all. */
async function effectiveRules(tx: Tx, viewer: Session, userId: string) {
  const session = await memberSession(tx, viewer.clientId, userId);
  const rules = await listRules(tx, viewer.clientId, { userId });
  const menus = [...new Set(rules.map((r) => r.menu_code))];
  const opened = await openedCodes(tx, session, menus);
  return {
    user: { id: userId, username: session.username, user_type: session.userType },
    menus: menus.map((code) => ({ menu_code: code, opens_menu: opened.has(code), rules: rules.filter((r) => r.menu_code === code) })),
  };
}

async function openedCodes(tx: Tx, session: Session, codes: string[]): Promise<Set<string>> {
  const all = await menuCodesOf(tx, session);
  return new Set(codes.filter((c) => all.has(c)));
}

/** The entities with a menu and the fields a rule on them may test (for the editor's choices). */
async function ruleFields(tx: Tx, registry: Registry, lang: Lang) {
  const regs = [...registry.entities.values()];
  const codes = await menuCodes(tx, regs);
  return regs.map((reg) => ({
    entity: reg.def.name,
    label: pickLabel(reg.def.label, lang),
    menu_code: codes.get(reg.def.name) ?? null,
    api: reg.base,
    display: reg.def.display,
    fields: authorizableFields(reg.def).map((name) => {
      const f = reg.def.fields.find((x) => x.name === name);
      return { name, label: f ? pickLabel(f.label, lang) : name };
    }),
  }));
}

/** How many choices a value picker offers at most (the value can still be typed). */
const VALUE_CHOICES = 200;

/**
 * The real values a rule on `entity.field` can name, as {value, label}: the field's fixed options,
 * its dictionary's rows, else the distinct values the company's records hold today (a reference's
 * ids labelled as their records read). 404 for an entity or a field no rule may name.
 */
async function ruleFieldValues(tx: Tx, registry: Registry, session: Session, lang: Lang, entity: string, field: string) {
  const reg = registry.get(entity);
  if (!reg || !authorizableFields(reg.def).includes(field)) throw notFound();
  const f = reg.def.fields.find((x) => x.name === field);
  if (Array.isArray(f?.options)) return f.options.map((o) => ({ value: o.value, label: pickLabel(o.label, lang) }));
  if (f?.options && 'dictionary' in f.options) {
    return (await dictionaryOptions(tx, registry, session.clientId, [f.options.dictionary], lang)).get(f.options.dictionary) ?? [];
  }
  const column = sql.identifier(field);
  const rows = await tx.execute(
    sql`select distinct ${column}::text as value from ${sql.identifier(reg.def.table)} where ${column} is not null and ${column}::text <> '' order by 1 limit ${VALUE_CHOICES}`,
  );
  const values = (rows as unknown as { rows: { value: string }[] }).rows.map((r) => r.value);
  // A reference stores ids: show each as its record (or person) reads, as the engine labels it.
  const labels = f?.type === 'reference' && f.ref ? await referenceTarget(registry, f.ref.entity).labels(tx, session.clientId, values, f.ref.displayField) : null;
  return values.map((value) => ({ value, label: labels?.get(value) ?? value }));
}

export function dataRuleAdminRoutes(api: Api): void {
  const registry = registryOf(api);

  api.get('utilsapi/sys/data-rules/list', { schema: R.get('Data-authorization rules of my company', { query: { user_id: S.uuid(), menu_code: S.string() }, response: S.list(RULE_ROW) }), auth: true, menu: MENU }, ({ session, query, tenant }) =>
    tenant((tx) =>
      listRules(tx, session.clientId, {
        userId: query.user_id ? idParam(query.user_id) : undefined,
        menuCode: text(query.menu_code) || undefined,
      }),
    ),
  );

  api.post('utilsapi/sys/data-rules/save', { schema: R.save(
        'Create or update a data-authorization rule',
        S.object({ id: S.uuid('Absent on create'), version: S.integer(), menu_code: S.string(), user_id: S.uuid(), field: S.string(), operator: S.string(), value: S.string() }, ['menu_code', 'user_id', 'field', 'operator']),
        { response: RULE_ROW },
      ), auth: true, menu: MENU }, ({ session, lang, body, tenant }) => {
    requireCompanyAdmin(session);
    return tenant(async (tx) => {
      const id = await saveRule(tx, registry, session, lang, dataObject(body));
      return (await listRules(tx, session.clientId, { ids: [id] }))[0];
    });
  });

  // DATA = the ids (the web's form), or a field `ids` = a JSON list; none at all is a 400 naming it.
  api.post('utilsapi/sys/data-rules/delete', { schema: R.post('Delete data-authorization rules', { DATA: S.list(S.uuid()), ids: S.jsonText(S.list(S.uuid())) }, { response: S.object({ deleted: S.integer() }) }), auth: true, menu: MENU }, ({ session, body, tenant }) => {
    requireCompanyAdmin(session);
    const listed = dataList(body).length ? dataList(body) : dataList({ DATA: body.ids });
    if (listed.length === 0) throw missingParam('ids');
    if (listed.some((x) => typeof x !== 'string')) throw new HttpError(400, 'input.badParam', { name: 'ids' });
    const ids = [...new Set(listed.map(idParam))];
    return tenant(async (tx) => {
      const gone = await tx.delete(dataRule).where(and(eq(dataRule.clientId, session.clientId), inArray(dataRule.id, ids))).returning({ id: dataRule.id });
      if (gone.length !== ids.length) throw notFound();
      await menusChanged({ clientIds: [session.clientId] }, tx);
      return { deleted: gone.length };
    });
  });

  api.get('utilsapi/sys/data-rules/effective', { schema: R.get("A member's rules in effect", { query: { user_id: S.uuid() } }), auth: true, menu: MENU, params: ['user_id'] }, ({ session, query, tenant }) =>
    tenant((tx) => effectiveRules(tx, session, idParam(query.user_id))),
  );

  api.get('utilsapi/sys/data-rules/explain', { schema: R.get('Why a member sees (or not) one row', { query: { user_id: S.uuid(), entity: S.string(), id: S.uuid() } }), auth: true, menu: MENU, params: ['user_id', 'entity', 'id'] }, (ctx: AuthedContext) => {
    return ctx.tenant((tx) =>
      explainRecord(tx, registry, ctx.session, ctx.lang, { userId: idParam(ctx.query.user_id), entity: text(ctx.query.entity), id: idParam(ctx.query.id) }),
    );
  });

  api.get('utilsapi/sys/data-rules/fields', { schema: R.get('Entities and fields a rule may name, and the operators', { response: RULE_FIELDS }), auth: true, menu: MENU }, ({ lang, tenant }) =>
    tenant(async (tx) => ({ operators: DATA_RULE_OPERATORS, entities: await ruleFields(tx, registry, lang) })),
  );

  /** ?entity=&field= — the choices a rule's value picker offers (it still takes a typed value). */
  api.get('utilsapi/sys/data-rules/values', { schema: R.get("The choices a rule's value picker offers", { query: { entity: S.string(), field: S.string() }, required: ['entity', 'field'] }), auth: true, menu: MENU }, ({ session, lang, query, tenant }) => {
    const entity = requiredParam(query, 'entity');
    const field = requiredParam(query, 'field');
    return tenant((tx) => ruleFieldValues(tx, registry, session, lang, entity, field));
  });
}
