// Reading documents: the rows a user may see (company + data rules), a document with its child
// rows, and the display labels of its references.
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { refLabel, type DataRule, type FieldDef } from '@seamline/core';
import type { Tx } from '../db';
import { columnKinds, rulesSql, type ColumnKind } from './dataRules';
import { referenceTarget } from './references';
import type { Registered, Registry } from './registry';
import { childSelection, mainSelection, wireRow, type Row } from './values';

export interface ReadContext {
  registry: Registry;
  clientId: string;
  /** The user's data rules on the entity's menu. */
  rules: readonly DataRule[];
}

const kindCache = new WeakMap<Registered, Map<string, ColumnKind>>();

/** How each column of an entity reads in data rules. */
export function kindsOf(reg: Registered): Map<string, ColumnKind> {
  let kinds = kindCache.get(reg);
  if (!kinds) kindCache.set(reg, (kinds = columnKinds(reg.def.fields)));
  return kinds;
}

/** The rows of the company the user's data rules let through. */
export function visibleWhere(reg: Registered, clientId: string, rules: readonly DataRule[]): SQL {
  const t = reg.tables.main;
  return and(eq(t.client_id, clientId), rulesSql(rules, t, kindsOf(reg)))!;
}

/** The visible rows among `ids`, optionally locked FOR UPDATE. */
export async function loadRows(tx: Tx, reg: Registered, ids: readonly string[], ctx: ReadContext, lock = false): Promise<Row[]> {
  if (ids.length === 0) return [];
  const t = reg.tables.main;
  const q = tx
    .select(mainSelection(reg.def, t))
    .from(t)
    .where(and(visibleWhere(reg, ctx.clientId, ctx.rules), inArray(t.id, [...ids])));
  return (await (lock ? q.for('update') : q)) as Row[];
}

/** Child rows of the given parents, per child table and parent id, in order. */
export async function loadChildren(tx: Tx, reg: Registered, parentIds: readonly string[]): Promise<Map<string, Map<string, Row[]>>> {
  const out = new Map<string, Map<string, Row[]>>();
  for (const child of reg.def.children ?? []) {
    const byParent = new Map<string, Row[]>(parentIds.map((id) => [id, []]));
    if (parentIds.length > 0) {
      const t = reg.tables.children[child.name];
      const rows = (await tx
        .select(childSelection(child, t))
        .from(t)
        .where(inArray(t.parent_id, [...parentIds]))
        .orderBy(asc(t.parent_id), asc(t.seq))) as Row[];
      for (const { parent_id, ...row } of rows) byParent.get(parent_id as string)?.push(row);
    }
    out.set(child.name, byParent);
  }
  return out;
}

/**
 * Adds `_labels: { field: text }` to each row for its non-empty reference fields (the
 * referenced row's ref.displayField), one query per referenced entity.
 */
export async function attachLabels(tx: Tx, registry: Registry, clientId: string, fields: readonly FieldDef[], rows: Row[]): Promise<void> {
  const refs = fields.filter((f) => f.type === 'reference' && f.ref && !f.isNotPost);
  if (refs.length === 0 || rows.length === 0) {
    for (const r of rows) r._labels = {};
    return;
  }
  const wanted = new Map<string, { displayField: string; ids: Set<string> }>();
  const want = (f: FieldDef, displayField: string) => {
    const key = `${f.ref!.entity}\u0000${displayField}`;
    const entry = wanted.get(key) ?? { displayField, ids: new Set<string>() };
    for (const r of rows) if (typeof r[f.name] === 'string' && r[f.name]) entry.ids.add(r[f.name] as string);
    wanted.set(key, entry);
  };
  for (const f of refs) {
    want(f, f.ref!.displayField);
    if (f.ref!.codeField) want(f, f.ref!.codeField);
  }
  const found = new Map<string, Map<string, string>>();
  for (const [key, { displayField, ids }] of wanted) {
    if (ids.size === 0) continue;
    const entity = key.split('\u0000')[0];
    found.set(key, await referenceTarget(registry, entity).labels(tx, clientId, [...ids], displayField));
  }
  for (const r of rows) {
    const labels: Record<string, string> = {};
    for (const f of refs) {
      const v = r[f.name];
      if (typeof v !== 'string' || !v) continue;
      const label = found.get(`${f.ref!.entity}\u0000${f.ref!.displayField}`)?.get(v);
      const code = f.ref!.codeField ? found.get(`${f.ref!.entity}\u0000${f.ref!.codeField}`)?.get(v) : undefined;
      if (label !== undefined) labels[f.name] = refLabel(code, label);
    }
    r._labels = labels;
  }
}

/** A document as `view` shows it: its fields, system fields, child rows and reference labels; null when not visible. */
/**
 * Rows of an entity with a flow get `flow_node` ({status_code, text, color} of the current
 * approval node) while their flow runs (FLOW-16), so lists and headers show the node's own words.
 */
export async function attachFlowNodes(tx: Tx, reg: Registered, ctx: ReadContext, rows: Row[]): Promise<void> {
  const current = ctx.registry.flow?.currentNodes;
  if (!reg.def.flow || !current || rows.length === 0) return;
  const nodes = await current(tx, ctx.clientId, reg.def.name, rows.map((r) => String(r.id)));
  for (const r of rows) r.flow_node = nodes.get(String(r.id)) ?? null;
}

export async function readDocument(tx: Tx, reg: Registered, id: string, ctx: ReadContext): Promise<Row | null> {
  const [row] = await loadRows(tx, reg, [id], ctx);
  if (!row) return null;
  const doc = wireRow(row);
  const children = await loadChildren(tx, reg, [id]);
  for (const child of reg.def.children ?? []) {
    const rows = (children.get(child.name)?.get(id) ?? []).map(wireRow);
    await attachLabels(tx, ctx.registry, ctx.clientId, child.fields, rows);
    doc[child.name] = rows;
  }
  await attachLabels(tx, ctx.registry, ctx.clientId, reg.def.fields, [doc]);
  await attachFlowNodes(tx, reg, ctx, [doc]);
  return doc;
}
