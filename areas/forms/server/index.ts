// The dynamic-form area (spec §1 'Configuration', §3 'Dynamic form field', §5 'Form designer'):
// designed forms, scenarios binding them to business contexts, and the values filled in them per
// record. Endpoints under utilsapi/dynamic-form/… (docs/forms.md); `scenarioForm` is the function
// other areas call.
import { checkDocument, type EntityDef, type FieldErrors, type SessionContext } from '@seamline/core';
import {
  R, S,
  and, BizError, conflict, dataList, dataObject, defineArea, eq, HttpError, inArray, isUuid, notFound, sql, ValidationError, type Api,
  type AuthedContext, type Tx, registerMessages, canWrite, loadActor, loadRows, registryOf,
} from '@seamline/server/api';
import {
  cleanDesignedField,
  designerErrors,
  formEntityDef,
  FORMS_MENU,
  isContextType,
  SCENARIO_MENU,
  scenarioErrors,
  type DesignedField,
  type DesignedForm,
  type StoredForm,
} from '../meta';
import { formsServerMessages } from './messages';
import { seedForms } from './seed';
import { dynamicForm, dynamicFormScenario, dynamicFormValue } from './schema';
import { findForm, formUsage, listForms, listScenarios, pageValues, paging, recordValues, scenarioForm, storedForm } from './store';
import { valueFilters } from './valueFilters';

export { recordValues, scenarioForm } from './store';

/**
 * For other areas' own checks (e.g. a flow node's form must be complete before approving): the
 * values stored for a record checked against the form bound to a context, as 11000 errors.
 * `form` is null (and errors {}) when no form is bound; unsaved values count as empty.
 */
export async function scenarioValuesErrors(
  tx: Tx,
  clientId: string,
  context: { contextType: string; contextKey: string },
  record: { entity: string; recordId: string },
  check: { session: SessionContext; lang: unknown },
): Promise<{ form: StoredForm | null; errors: FieldErrors }> {
  const form = await scenarioForm(tx, clientId, context);
  if (!form) return { form: null, errors: {} };
  const [stored] = await recordValues(tx, clientId, record.entity, record.recordId, form.id);
  const def = formEntityDef(form);
  const { errors } = checkDocument(def, stored?.values ?? {}, { session: check.session, lang: check.lang, routeAction: 'edit' });
  return { form, errors };
}

registerMessages(formsServerMessages);

const BASE = 'utilsapi/dynamic-form';
/** A message of this area in the request's language (11000 errors carry texts, not keys). */
const text = (lang: unknown, key: string) => (lang === 'en' ? formsServerMessages.en : formsServerMessages.zh)[key] ?? key;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

function jsonParam(v: unknown): Record<string, unknown> {
  if (v === undefined || v === null || v === '') return {};
  let parsed: unknown = v;
  if (typeof v === 'string') {
    try {
      parsed = JSON.parse(v);
    } catch {
      throw new BizError('forms.badFilter', { detail: 'q / p must be JSON' });
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BizError('forms.badFilter', { detail: 'q / p must be a JSON object' });
  return parsed as Record<string, unknown>;
}

const ids = (list: unknown[]) => {
  const out = list.filter((x): x is string => typeof x === 'string');
  if (out.length !== list.length || out.length === 0) throw new BizError('http.badRequest');
  return [...new Set(out)];
};

/** The definition a stored form validates its values with (stored forms passed the designer's checks). */
const defCache = new WeakMap<object, EntityDef>();
function entityDefOf(fields: unknown, form: DesignedForm): EntityDef {
  const key = fields as object;
  let def = defCache.get(key);
  if (!def) defCache.set(key, (def = formEntityDef(form)));
  return def;
}

async function saveForm(ctx: AuthedContext, tx: Tx): Promise<unknown> {
  const { session, lang } = ctx;
  const doc = dataObject(ctx.body);
  const form: DesignedForm = {
    code: str(doc.code).trim(),
    name_en: str(doc.name_en).trim(),
    name_zh: str(doc.name_zh).trim(),
    description: str(doc.description),
    fields: Array.isArray(doc.fields) ? (doc.fields as DesignedField[]) : [],
  };
  const errors = designerErrors(form, lang);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const fields = form.fields.map(cleanDesignedField);
  const id = str(doc.id);
  const taken = await findForm(tx, session.clientId, form.code);
  if (taken && taken.id !== id) throw new ValidationError({ code: [text(lang, 'forms.codeTaken')] });
  const values = { code: form.code, nameEn: form.name_en, nameZh: form.name_zh, description: form.description ?? '', fields };
  if (!id) {
    const [row] = await tx
      .insert(dynamicForm)
      .values({ ...values, clientId: session.clientId, createdBy: session.userId, updatedBy: session.userId })
      .returning();
    return storedForm(row);
  }
  if (!isUuid(id)) throw notFound();
  const current = await findForm(tx, session.clientId, id, true);
  if (!current) throw notFound();
  if (doc.version !== undefined && Number(doc.version) !== current.version) throw conflict();
  const [row] = await tx
    .update(dynamicForm)
    .set({ ...values, version: current.version + 1, updatedBy: session.userId, updatedAt: sql`now()` })
    .where(and(eq(dynamicForm.clientId, session.clientId), eq(dynamicForm.id, id)))
    .returning();
  return storedForm(row);
}

async function saveScenario(ctx: AuthedContext, tx: Tx, registry: Registry): Promise<unknown> {
  const { session, lang } = ctx;
  const doc = dataObject(ctx.body);
  const input = { form_id: str(doc.form_id), context_type: doc.context_type, context_key: str(doc.context_key).trim() };
  const errors = scenarioErrors(input, lang);
  if (!errors.form_id && !(isUuid(input.form_id) && (await findForm(tx, session.clientId, input.form_id)))) {
    errors.form_id = [text(lang, 'forms.scenarioFormRequired')];
  }
  // An entity's extra fields only show on an entity the platform has.
  if (!errors.context_key && input.context_type === 'ENTITY' && !registry.get(input.context_key)) {
    errors.context_key = [text(lang, 'forms.unknownEntity')];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const contextType = String(input.context_type);
  const id = str(doc.id);
  const [other] = await tx
    .select({ id: dynamicFormScenario.id })
    .from(dynamicFormScenario)
    .where(
      and(
        eq(dynamicFormScenario.clientId, session.clientId),
        eq(dynamicFormScenario.contextType, contextType),
        eq(dynamicFormScenario.contextKey, input.context_key),
      ),
    );
  if (other && other.id !== id) throw new ValidationError({ context_key: [text(lang, 'forms.contextTaken')] });
  const values = { formId: input.form_id, contextType, contextKey: input.context_key, description: str(doc.description) };
  if (!id) {
    const [row] = await tx
      .insert(dynamicFormScenario)
      .values({ ...values, clientId: session.clientId, createdBy: session.userId, updatedBy: session.userId })
      .returning({ id: dynamicFormScenario.id, version: dynamicFormScenario.version });
    return { ...row, form_id: values.formId, context_type: contextType, context_key: values.contextKey, description: values.description };
  }
  if (!isUuid(id)) throw notFound();
  const [current] = await tx
    .select()
    .from(dynamicFormScenario)
    .where(and(eq(dynamicFormScenario.clientId, session.clientId), eq(dynamicFormScenario.id, id)))
    .for('update');
  if (!current) throw notFound();
  if (doc.version !== undefined && Number(doc.version) !== current.version) throw conflict();
  const [row] = await tx
    .update(dynamicFormScenario)
    .set({ ...values, version: current.version + 1, updatedBy: session.userId, updatedAt: sql`now()` })
    .where(and(eq(dynamicFormScenario.clientId, session.clientId), eq(dynamicFormScenario.id, id)))
    .returning({ id: dynamicFormScenario.id, version: dynamicFormScenario.version });
  return { ...row, form_id: values.formId, context_type: contextType, context_key: values.contextKey, description: values.description };
}

type Registry = ReturnType<typeof registryOf>;

/**
 * The record the values belong to: for an engine entity it must be a row the user sees (404) and
 * may write (403); other contexts (flow instances, projects) are the calling area's business.
 * Returns the actor, whose session context the form's conditions read.
 */
async function recordAccess(ctx: AuthedContext, tx: Tx, registry: Registry, entity: string, recordId: string, write: boolean) {
  const reg = registry.get(entity);
  const actor = await loadActor(tx, ctx.session, ctx.lang, reg);
  if (reg) {
    if (!isUuid(recordId)) throw notFound();
    const rows = await loadRows(tx, reg, [recordId], { registry, clientId: ctx.session.clientId, rules: actor.rules });
    if (rows.length === 0) throw notFound();
    if (write && !canWrite(reg.def, actor)) throw new HttpError(403, 'http.forbidden');
  }
  return actor;
}

async function saveValues(ctx: AuthedContext, tx: Tx, registry: Registry): Promise<unknown> {
  const { session, lang } = ctx;
  const doc = dataObject(ctx.body);
  const formKey = str(doc.form_id) || str(doc.form);
  const entity = str(doc.entity).trim();
  const recordId = str(doc.record_id).trim();
  if (!entity || !recordId) throw new BizError('forms.recordRequired');
  const form = formKey ? await findForm(tx, session.clientId, formKey) : null;
  if (!form) throw notFound();
  const actor = await recordAccess(ctx, tx, registry, entity, recordId, true);
  const stored = storedForm(form);
  const def = entityDefOf(form.fields, stored);
  const posted = doc.values && typeof doc.values === 'object' && !Array.isArray(doc.values) ? (doc.values as Record<string, unknown>) : {};
  const { values, errors } = checkDocument(def, posted, { session: actor.context, lang, routeAction: 'edit' });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const v = dynamicFormValue;
  const where = and(eq(v.clientId, session.clientId), eq(v.formId, form.id), eq(v.entity, entity), eq(v.recordId, recordId));
  const [current] = await tx.select({ id: v.id, version: v.version }).from(v).where(where).for('update');
  if (current) {
    if (doc.version !== undefined && doc.version !== null && doc.version !== '' && Number(doc.version) !== current.version) throw conflict();
    await tx
      .update(v)
      .set({ values, formVersion: form.version, version: current.version + 1, updatedBy: session.userId, updatedAt: sql`now()` })
      .where(eq(v.id, current.id));
  } else {
    if (doc.version !== undefined && doc.version !== null && doc.version !== '') throw conflict();
    await tx
      .insert(v)
      .values({ clientId: session.clientId, formId: form.id, entity, recordId, values, formVersion: form.version, createdBy: session.userId, updatedBy: session.userId })
      .onConflictDoNothing();
    // A concurrent first save of the same record won: this one is stale.
    const [mine] = await tx.select({ id: v.id }).from(v).where(and(where, eq(v.createdBy, session.userId)));
    if (!mine) throw conflict();
  }
  const [saved] = await recordValues(tx, session.clientId, entity, recordId, form.id);
  return saved;
}

export function formsRoutes(api: Api): void {
  const registry = registryOf(api);
  const admin = { auth: true as const, menu: FORMS_MENU };
  const either = { auth: true as const, menu: [FORMS_MENU, SCENARIO_MENU] };
  const scenarios = { auth: true as const, menu: SCENARIO_MENU };
  const signedIn = { auth: true as const };

  api.get(`${BASE}/page-list`, { ...either, schema: R.list('Dynamic forms of my company') }, ({ session, query, tenant }) => {
    const pg = paging(jsonParam(query.p));
    return tenant(async (tx) => ({ ...(await listForms(tx, session.clientId, jsonParam(query.q), pg)), ...pg }));
  });
  api.get(`${BASE}/view`, { ...either, params: ['id'], schema: R.byId('One dynamic form') }, ({ session, query, tenant }) =>
    tenant(async (tx) => {
      const form = await findForm(tx, session.clientId, str(query.id));
      if (!form) throw notFound();
      return storedForm(form);
    }),
  );
  api.post(`${BASE}/save`, { ...admin, schema: R.save('Create or update a dynamic form', S.object({ id: S.uuid('Absent on create'), version: S.integer(), code: S.string(), name_en: S.string(), name_zh: S.string(), description: S.string(), entity: S.string(), fields: S.list(S.map({}, 'A field definition')) }, ['code'])) }, (ctx) => ctx.tenant((tx) => saveForm(ctx, tx)));
  api.post(`${BASE}/delete`, { ...admin, schema: R.save('Delete dynamic forms', S.list(S.uuid())) }, ({ session, body, tenant }) =>
    tenant(async (tx) => {
      const list = ids(dataList(body));
      if (!list.every(isUuid)) throw notFound();
      const found = await tx
        .select({ id: dynamicForm.id })
        .from(dynamicForm)
        .where(and(eq(dynamicForm.clientId, session.clientId), inArray(dynamicForm.id, list)))
        .for('update');
      if (found.length !== list.length) throw notFound();
      const usage = await formUsage(tx, session.clientId, list);
      if (usage.scenarios > 0 || usage.values > 0) throw new BizError('forms.inUse', usage);
      await tx.delete(dynamicForm).where(and(eq(dynamicForm.clientId, session.clientId), inArray(dynamicForm.id, list)));
      return { deleted: list.length };
    }),
  );

  api.get(`${BASE}/scenarios/page-list`, { ...scenarios, schema: R.list('Scenarios: which form shows where') }, ({ session, query, tenant }) => {
    const pg = paging(jsonParam(query.p));
    return tenant(async (tx) => ({ ...(await listScenarios(tx, session.clientId, jsonParam(query.q), pg)), ...pg }));
  });
  api.post(`${BASE}/scenarios/save`, { ...scenarios, schema: R.save('Create or update a scenario', S.object({ id: S.uuid(), version: S.integer(), form_id: S.uuid(), context_type: S.string(), context_key: S.string() })) }, (ctx) => ctx.tenant((tx) => saveScenario(ctx, tx, registry)));
  api.post(`${BASE}/scenarios/delete`, { ...scenarios, schema: R.save('Delete scenarios', S.list(S.uuid())) }, ({ session, body, tenant }) =>
    tenant(async (tx) => {
      const list = ids(dataList(body));
      if (!list.every(isUuid)) throw notFound();
      const where = and(eq(dynamicFormScenario.clientId, session.clientId), inArray(dynamicFormScenario.id, list));
      const found = await tx.select({ id: dynamicFormScenario.id }).from(dynamicFormScenario).where(where).for('update');
      if (found.length !== list.length) throw notFound();
      await tx.delete(dynamicFormScenario).where(where);
      return { deleted: list.length };
    }),
  );

  // What any signed-in user's screens call: the form of a context, and the values of a record.
  api.get(`${BASE}/scenario`, { ...signedIn, schema: R.get('The form a context shows', { query: { context_type: S.string(), context_key: S.string() } }) }, ({ session, query, tenant }) => {
    const contextType = str(query.context_type);
    const contextKey = str(query.context_key).trim();
    if (!isContextType(contextType) || !contextKey) throw new BizError('forms.contextTypeUnknown');
    return tenant((tx) => scenarioForm(tx, session.clientId, { contextType, contextKey }));
  });
  api.post(`${BASE}/values/save`, { ...signedIn, schema: R.save("Save a form's values for a record", S.object({ form: S.string(), entity: S.string(), record_id: S.uuid(), values: S.map() })) }, (ctx) => ctx.tenant((tx) => saveValues(ctx, tx, registry)));
  api.get(`${BASE}/values/view`, { ...signedIn, schema: R.get("A record's values of a form", { query: { entity: S.string(), record_id: S.uuid(), form: S.string() } }) }, (ctx) =>
    ctx.tenant(async (tx) => {
      const entity = str(ctx.query.entity).trim();
      const recordId = str(ctx.query.record_id).trim();
      if (!entity || !recordId) throw new BizError('forms.recordRequired');
      await recordAccess(ctx, tx, registry, entity, recordId, false);
      const formKey = str(ctx.query.form);
      if (!formKey) return recordValues(tx, ctx.session.clientId, entity, recordId);
      const form = await findForm(tx, ctx.session.clientId, formKey);
      if (!form) throw notFound();
      const [found] = await recordValues(tx, ctx.session.clientId, entity, recordId, form.id);
      return found ?? null;
    }),
  );
  api.get(`${BASE}/values/page-list`, { ...either, params: ['form'], schema: R.list("Records' values of a form", S.map(), { query: { form: S.string(), entity: S.string() } }) }, ({ session, query, tenant }) =>
    tenant(async (tx) => {
      const form = await findForm(tx, session.clientId, str(query.form));
      if (!form) throw notFound();
      const def = entityDefOf(form.fields, storedForm(form));
      const extra = valueFilters(def.fields, jsonParam(query.q));
      const entity = str(query.entity).trim();
      if (entity) extra.push(eq(dynamicFormValue.entity, entity));
      const pg = paging(jsonParam(query.p));
      return { ...(await pageValues(tx, session.clientId, form.id, extra, pg)), ...pg };
    }),
  );
}

export const formsArea = defineArea({
  name: 'forms',
  messages: formsServerMessages,
  routes: formsRoutes,
  seed: seedForms,
});
