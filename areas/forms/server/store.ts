// Reading and writing designed forms, scenarios and values (tenant transactions only: every query
// also filters by client_id; row-level security is the second wall).
import { and, asc, count, desc, eq, inArray, isUuid, or, sql, type Tx, pagingOf } from '@seamline/server/api';

export type SQL = ReturnType<typeof sql>;
import type { ScenarioContextType } from '../meta';
import type { FormListRow, FormValues, ScenarioRow, StoredForm } from '../meta';
import { cleanDesignedField, type DesignedField } from '../meta';
import { dynamicForm, dynamicFormScenario, dynamicFormValue } from './schema';

type FormRecord = typeof dynamicForm.$inferSelect;

const iso = (d: Date | string | null | undefined) => (d instanceof Date ? d.toISOString() : (d ?? ''));

export function storedForm(r: FormRecord): StoredForm {
  return {
    id: r.id,
    version: r.version,
    code: r.code,
    name_en: r.nameEn,
    name_zh: r.nameZh,
    description: r.description,
    fields: (r.fields as DesignedField[]).map(cleanDesignedField),
    updated_at: iso(r.updatedAt),
  };
}

/** A form of the company by id or by code; null when there is none. */
export async function findForm(tx: Tx, clientId: string, idOrCode: string, lock = false): Promise<FormRecord | null> {
  const where = and(
    eq(dynamicForm.clientId, clientId),
    isUuid(idOrCode) ? eq(dynamicForm.id, idOrCode) : eq(dynamicForm.code, idOrCode),
  );
  const q = tx.select().from(dynamicForm).where(where).limit(1);
  const [row] = await (lock ? q.for('update') : q);
  return row ?? null;
}

/**
 * The form bound to a business context of the company, or null: the function other areas call
 * (the flow's `ccommonapi/cpm-ot/scenario`, project types, an entity's extra fields).
 */
export async function scenarioForm(
  tx: Tx,
  clientId: string,
  context: { contextType: ScenarioContextType | string; contextKey: string },
): Promise<(StoredForm & { scenario_id: string }) | null> {
  const [row] = await tx
    .select({ form: dynamicForm, scenarioId: dynamicFormScenario.id })
    .from(dynamicFormScenario)
    .innerJoin(dynamicForm, and(eq(dynamicForm.id, dynamicFormScenario.formId), eq(dynamicForm.clientId, dynamicFormScenario.clientId)))
    .where(
      and(
        eq(dynamicFormScenario.clientId, clientId),
        eq(dynamicFormScenario.contextType, context.contextType),
        eq(dynamicFormScenario.contextKey, context.contextKey),
      ),
    )
    .limit(1);
  return row ? { ...storedForm(row.form), scenario_id: row.scenarioId } : null;
}

export interface Paging {
  page: number;
  size: number;
}

export function paging(p: unknown): Paging {
  return pagingOf((p && typeof p === 'object' ? p : {}) as Record<string, unknown>, { maxSize: 200 });
}

// drizzle's ilike is not part of the engine's surface; this is the same SQL.
const ilike = (column: unknown, pattern: string): SQL => sql`${column} ilike ${pattern}`;
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listForms(tx: Tx, clientId: string, q: Record<string, unknown>, pg: Paging): Promise<{ rows: FormListRow[]; total: number }> {
  const parts: SQL[] = [eq(dynamicForm.clientId, clientId)];
  const text = typeof q.text === 'string' ? q.text.trim() : '';
  if (text) parts.push(or(ilike(dynamicForm.code, like(text)), ilike(dynamicForm.nameEn, like(text)), ilike(dynamicForm.nameZh, like(text)))!);
  const where = and(...parts);
  const [{ n }] = await tx.select({ n: count() }).from(dynamicForm).where(where);
  const rows = await tx
    .select({
      id: dynamicForm.id,
      code: dynamicForm.code,
      name_en: dynamicForm.nameEn,
      name_zh: dynamicForm.nameZh,
      description: dynamicForm.description,
      field_count: sql<number>`jsonb_array_length(${dynamicForm.fields})`.mapWith(Number),
      version: dynamicForm.version,
      updated_at: dynamicForm.updatedAt,
    })
    .from(dynamicForm)
    .where(where)
    .orderBy(asc(dynamicForm.code), asc(dynamicForm.id))
    .limit(pg.size)
    .offset((pg.page - 1) * pg.size);
  return { rows: rows.map((r) => ({ ...r, updated_at: iso(r.updated_at) })), total: Number(n) };
}

export async function listScenarios(tx: Tx, clientId: string, q: Record<string, unknown>, pg: Paging): Promise<{ rows: ScenarioRow[]; total: number }> {
  const s = dynamicFormScenario;
  const parts: SQL[] = [eq(s.clientId, clientId)];
  if (typeof q.context_type === 'string' && q.context_type) parts.push(eq(s.contextType, q.context_type));
  if (typeof q.context_key === 'string' && q.context_key.trim()) parts.push(ilike(s.contextKey, like(q.context_key.trim())));
  if (typeof q.form_id === 'string' && isUuid(q.form_id)) parts.push(eq(s.formId, q.form_id));
  const where = and(...parts);
  const [{ n }] = await tx.select({ n: count() }).from(s).where(where);
  const rows = await tx
    .select({
      id: s.id,
      version: s.version,
      form_id: s.formId,
      form_code: dynamicForm.code,
      form_name_en: dynamicForm.nameEn,
      form_name_zh: dynamicForm.nameZh,
      context_type: s.contextType,
      context_key: s.contextKey,
      description: s.description,
      updated_at: s.updatedAt,
    })
    .from(s)
    .innerJoin(dynamicForm, and(eq(dynamicForm.id, s.formId), eq(dynamicForm.clientId, s.clientId)))
    .where(where)
    .orderBy(asc(s.contextType), asc(s.contextKey), asc(s.id))
    .limit(pg.size)
    .offset((pg.page - 1) * pg.size);
  return { rows: rows.map((r) => ({ ...r, context_type: r.context_type as ScenarioContextType, updated_at: iso(r.updated_at) })), total: Number(n) };
}

/** How many scenarios and saved value sets use each of the forms. */
export async function formUsage(tx: Tx, clientId: string, ids: string[]): Promise<{ scenarios: number; values: number }> {
  const [{ n: scenarios }] = await tx
    .select({ n: count() })
    .from(dynamicFormScenario)
    .where(and(eq(dynamicFormScenario.clientId, clientId), inArray(dynamicFormScenario.formId, ids)));
  const [{ n: values }] = await tx
    .select({ n: count() })
    .from(dynamicFormValue)
    .where(and(eq(dynamicFormValue.clientId, clientId), inArray(dynamicFormValue.formId, ids)));
  return { scenarios: Number(scenarios), values: Number(values) };
}

const valuesSelection = {
  id: dynamicFormValue.id,
  version: dynamicFormValue.version,
  form_id: dynamicFormValue.formId,
  form_code: dynamicForm.code,
  form_version: dynamicFormValue.formVersion,
  entity: dynamicFormValue.entity,
  record_id: dynamicFormValue.recordId,
  values: dynamicFormValue.values,
  updated_at: dynamicFormValue.updatedAt,
};

const toValues = (r: { updated_at: Date | string } & Omit<FormValues, 'updated_at' | 'values'> & { values: unknown }): FormValues => ({
  ...r,
  values: (r.values ?? {}) as Record<string, unknown>,
  updated_at: iso(r.updated_at),
});

/** The value sets of one record (of one form when formId is given). */
export async function recordValues(tx: Tx, clientId: string, entity: string, recordId: string, formId?: string): Promise<FormValues[]> {
  const v = dynamicFormValue;
  const rows = await tx
    .select(valuesSelection)
    .from(v)
    .innerJoin(dynamicForm, and(eq(dynamicForm.id, v.formId), eq(dynamicForm.clientId, v.clientId)))
    .where(and(eq(v.clientId, clientId), eq(v.entity, entity), eq(v.recordId, recordId), formId ? eq(v.formId, formId) : undefined))
    .orderBy(asc(dynamicForm.code));
  return rows.map(toValues);
}

export async function pageValues(tx: Tx, clientId: string, formId: string, extra: SQL[], pg: Paging): Promise<{ rows: FormValues[]; total: number }> {
  const v = dynamicFormValue;
  const where = and(eq(v.clientId, clientId), eq(v.formId, formId), ...extra);
  const [{ n }] = await tx.select({ n: count() }).from(v).where(where);
  const rows = await tx
    .select(valuesSelection)
    .from(v)
    .innerJoin(dynamicForm, and(eq(dynamicForm.id, v.formId), eq(dynamicForm.clientId, v.clientId)))
    .where(where)
    .orderBy(desc(v.updatedAt), asc(v.id))
    .limit(pg.size)
    .offset((pg.page - 1) * pg.size);
  return { rows: rows.map(toValues), total: Number(n) };
}
