// Hand-written endpoints over the engine documents: the BOM cost roll-up, copying a measurement
// chart, applying a follow-node config to an order (a T&A plan), and the tech pack of a style.
import {
  R, S,
  BizError, dataObject, notFound, sql, type Api, type AuthedContext, type Tx, DocumentsInvalid, loadActor, registryOf, saveContext,
  saveDocuments, type Registry, ValidationError,
} from '@seamline/server/api';
import { isDecimal, round4 } from '@seamline/core';
import { planDates, rollUp, tierBreaks, type Tier } from '../meta';
import { idOf, rows, type Row } from './db';
import { BOM_RELEASED } from './hooks';

async function one(tx: Tx, ctx: AuthedContext, table: string, id: unknown): Promise<Row> {
  const [r] = await rows(tx, sql`select * from ${sql.identifier(table)} where id = ${idOf(id)} and client_id = ${ctx.session.clientId}`);
  if (!r) throw notFound();
  return r;
}
const childRows = (tx: Tx, table: string, parentId: string) => rows(tx, sql`select * from ${sql.identifier(table)} where parent_id = ${parentId} order by seq`);
const decimals = (r: Row, names: string[]) => {
  for (const n of names) if (r[n] !== null && r[n] !== undefined) r[n] = round4(r[n]);
  return r;
};

/** The roll-up of one BOM: per colourway of its style, at the BOM's costing quantity and at every tier break. */
export async function bomCost(tx: Tx, ctx: AuthedContext, id: unknown, qtyParam?: unknown) {
  const bom = await one(tx, ctx, 'plm_bom', id);
  const lines = (await childRows(tx, 'plm_bom_lines', bom.id)).map((l) => decimals(l, ['consumption', 'wastage_pct', 'price']));
  const tiers = (await childRows(tx, 'plm_bom_tiers', bom.id)).map((t) => decimals(t, ['min_qty', 'price'])) as Tier[];
  const colourways = await rows(
    tx,
    sql`select c.colour_id, col.code, col.name_en, col.name_zh, col.hex from plm_style_colourways c join plm_colour col on col.id = c.colour_id where c.parent_id = ${bom.style_id} order by c.seq`,
  );
  const ids = colourways.map((c) => c.colour_id as string);
  const qty = typeof qtyParam === 'string' && isDecimal(qtyParam) ? qtyParam : bom.order_qty ? String(bom.order_qty) : null;
  const at = (q: string | null) => rollUp(lines, ids, tiers, q, bom.currency ?? 'CNY');
  return {
    bom: { id: bom.id, code: bom.code, currency: bom.currency, status: bom.status },
    qty: qty ? round4(qty) : null,
    colourways,
    costs: at(qty),
    breaks: tierBreaks(tiers).map((q) => ({ qty: q, costs: at(q).map((c) => ({ colour_id: c.colour_id, totals: c.totals })) })),
  };
}

async function saveOne(tx: Tx, ctx: AuthedContext, registry: Registry, entity: string, doc: Row, trustReadOnly = false): Promise<Row> {
  const reg = registry.get(entity)!;
  const actor = await loadActor(tx, ctx.session, ctx.lang, reg);
  try {
    const [saved] = await saveDocuments(tx, reg, [doc], { ...saveContext(registry, actor), trustReadOnly });
    return saved as unknown as Row;
  } catch (err) {
    if (err instanceof DocumentsInvalid) throw new ValidationError(err.errors.get(0) ?? {});
    throw err;
  }
}

/** Copies a chart (a template or another style's) to a style: a new chart with the same points, regraded for its size range. */
async function copyChart(tx: Tx, ctx: AuthedContext, registry: Registry) {
  const data = dataObject(ctx.body);
  if (!data.source_id) throw new BizError('plm.copySource');
  const src = await one(tx, ctx, 'plm_measurement_chart', data.source_id);
  const points = await childRows(tx, 'plm_measurement_chart_points', src.id);
  const code = String(data.code ?? '').trim() || `${src.code}-COPY-${Date.now().toString(36).toUpperCase()}`;
  const saved = await saveOne(tx, ctx, registry, 'measurement-chart', {
    code,
    name: data.name ?? src.name,
    style_id: data.style_id || null,
    size_range_id: data.size_range_id || src.size_range_id,
    unit: src.unit,
    rounding: src.rounding,
    is_template: false,
    points: points.map((p) => ({
      pom_code: p.pom_code,
      description: p.description,
      tol_plus: p.tol_plus,
      tol_minus: p.tol_minus,
      critical: p.critical,
      base_value: p.base_value,
      grade_rule: p.grade_rule,
    })),
  });
  return { id: saved.id, code: saved.code };
}

/**
 * A new revision of a released BOM (issue 23): a copy with the next revision number, lines and
 * tiers, as a new BOM (status New) that is edited, activated and released in its turn. The
 * released BOM with the highest revision of its line is the one in use (techPack, `in_use`).
 */
async function reviseBom(tx: Tx, ctx: AuthedContext, registry: Registry) {
  const data = dataObject(ctx.body);
  const src = await one(tx, ctx, 'plm_bom', data.id);
  if (String(src.status) !== BOM_RELEASED) throw new BizError('plm.bomNotReleased');
  const root = src.revised_from_id ? await one(tx, ctx, 'plm_bom', src.revised_from_id).catch(() => src) : src;
  const rootCode = String(root.code).replace(/-R\d+$/, '');
  const [{ n }] = await rows<{ n: number }>(
    tx,
    sql`select coalesce(max(revision), 1)::int as n from plm_bom where client_id = ${ctx.session.clientId} and (id = ${root.id} or revised_from_id = ${root.id})`,
  );
  const lines = await childRows(tx, 'plm_bom_lines', src.id);
  const tiers = await childRows(tx, 'plm_bom_tiers', src.id);
  const code = `${rootCode.slice(0, 34)}-R${n + 1}`;
  const saved = await saveOne(
    tx,
    ctx,
    registry,
    'bom',
    {
      code,
      style_id: src.style_id,
      name: src.name,
      currency: src.currency,
      order_qty: src.order_qty,
      revision: n + 1,
      revised_from_id: root.id,
      lines: lines.map((l) => ({ material_id: l.material_id, colour_id: l.colour_id, placement: l.placement, consumption: l.consumption, wastage_pct: l.wastage_pct, unit: l.unit, price: l.price, currency: l.currency })),
      tiers: tiers.map((t) => ({ material_id: t.material_id, level: t.level, min_qty: t.min_qty, price: t.price })),
    },
    true,
  );
  return { id: saved.id, code, revision: n + 1 };
}

/** Applies a follow-node config to an order: a T&A plan whose nodes carry planned dates. */
async function applyConfig(tx: Tx, ctx: AuthedContext, registry: Registry) {
  const data = dataObject(ctx.body);
  const config = await one(tx, ctx, 'plm_follow_node_config', data.config_id);
  // The order: a tracked PO of this area, or a customer order of the orders area (the company's own row).
  const customer = data.customer_order_id !== undefined && data.customer_order_id !== null && data.customer_order_id !== '';
  const order = customer ? await one(tx, ctx, 'ord_customer_order', data.customer_order_id) : await one(tx, ctx, 'plm_po_tracking', data.po_id);
  const ref = String(customer ? order.code : order.po_no);
  const nodes = await childRows(tx, 'plm_follow_node_config_nodes', config.id);
  if (!nodes.length) throw new BizError('plm.configEmpty');
  const basisValue = config.basis === 'ORDER' ? order.order_date : order.delivery_date;
  if (!basisValue) throw new BizError('plm.noBasisDate');
  const basis = basisValue instanceof Date ? basisValue.toISOString().slice(0, 10) : String(basisValue).slice(0, 10);
  const link = customer ? sql`customer_order_id = ${order.id}` : sql`po_id = ${order.id}`;
  const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from plm_node_following where client_id = ${ctx.session.clientId} and ${link}`);
  const saved = await saveOne(tx, ctx, registry, 'node-following', {
    code: `TA-${ref}${n ? `-${n + 1}` : ''}`.toUpperCase().slice(0, 40),
    ...(customer ? { customer_order_id: order.id } : { po_id: order.id }),
    order_ref: ref,
    config_id: config.id,
    basis_date: basis,
    nodes: planDates(nodes, basis).map((x) => ({
      node_code: x.node_code,
      node_name: x.node_name,
      owner_role: x.owner_role,
      depends_on: x.depends_on,
      planned_date: x.planned_date,
      event: x.event ?? null,
    })),
    // The basis date is read-only on the form but set here, from the order (issue 23: it showed '—').
  }, true);
  return { id: saved.id, code: saved.code };
}

/** Everything the tech pack prints: the style, its colourways, BOMs with their roll-up, charts, composition. */
async function techPack(tx: Tx, ctx: AuthedContext) {
  const style = await one(tx, ctx, 'plm_style', ctx.query.id);
  const me = ctx.session.clientId;
  const [season] = style.season_id ? await rows(tx, sql`select code, name from plm_season where id = ${style.season_id}`) : [];
  const [range] = await rows(tx, sql`select code, name, base_size from plm_size_range where id = ${style.size_range_id}`);
  const colourways = await rows(
    tx,
    sql`select c.colour_id, col.code, col.name_en, col.name_zh, col.hex, col.reference, c.remark from plm_style_colourways c join plm_colour col on col.id = c.colour_id where c.parent_id = ${style.id} order by c.seq`,
  );
  const boms = await rows(tx, sql`select id, code, name, currency, status, order_qty, revision, revised_from_id from plm_bom where client_id = ${me} and style_id = ${style.id} order by code`);
  // The revision in use of each BOM line: its released revision with the highest number.
  const inUse = new Map<string, { id: string; revision: number }>();
  for (const b of boms) {
    if (String(b.status) !== BOM_RELEASED) continue;
    const line = String(b.revised_from_id ?? b.id);
    const had = inUse.get(line);
    if (!had || Number(b.revision ?? 1) > had.revision) inUse.set(line, { id: String(b.id), revision: Number(b.revision ?? 1) });
  }
  for (const b of boms) b.in_use = inUse.get(String(b.revised_from_id ?? b.id))?.id === String(b.id);
  const bomOut = [];
  for (const b of boms) {
    const lines = await rows(
      tx,
      sql`select l.*, m.code as material_code, m.name as material_name, col.code as colour_code from plm_bom_lines l
            left join md_material m on m.id = l.material_id left join plm_colour col on col.id = l.colour_id where l.parent_id = ${b.id} order by l.seq`,
    );
    bomOut.push({ ...b, lines: lines.map((l) => decimals(l, ['consumption', 'wastage_pct', 'price'])), cost: (await bomCost(tx, ctx, b.id)).costs });
  }
  const charts = await rows(tx, sql`select id, code, name, unit, sizes from plm_measurement_chart where client_id = ${me} and style_id = ${style.id} order by code`);
  const chartOut = [];
  for (const c of charts) chartOut.push({ ...c, points: (await childRows(tx, 'plm_measurement_chart_points', c.id)).map((p) => decimals(p, ['tol_plus', 'tol_minus', 'base_value'])) });
  return { style: decimals(style, ['target_price', 'percent_1', 'percent_2', 'percent_3', 'percent_4', 'percent_5']), season: season ?? null, size_range: range ?? null, colourways, boms: bomOut, charts: chartOut };
}

export function toolRoutes(api: Api): void {
  const registry = registryOf(api);
  api.get('plmapi/bom/cost', { schema: R.byId("A BOM's cost rolled up, for a quantity", { query: { id: S.uuid(), qty: S.decimal('Default 1') } }), auth: true, menu: 'DEV_BOM', params: ['id'] }, (ctx) => ctx.tenant((tx) => bomCost(tx, ctx, ctx.query.id, ctx.query.qty)));
  api.post('plmapi/bom/revise', { params: ['id'], schema: R.onDoc('A new revision of a released BOM'), auth: true, menu: 'DEV_BOM' }, (ctx) => ctx.tenant((tx) => reviseBom(tx, ctx, registry)));
  api.post('plmapi/measurement-chart/copy', { schema: R.save('Copy a measurement chart to another style or size range', S.object({ source_id: S.uuid(), style_id: S.uuid(), size_range_id: S.uuid(), code: S.string(), name: S.string() }, ['source_id'])), auth: true, menu: 'DEV_MEASUREMENT_CHART' }, (ctx) => ctx.tenant((tx) => copyChart(tx, ctx, registry)));
  api.post('plmapi/node-following/apply', { params: ['config_id', ['customer_order_id', 'po_id']], schema: R.save('Apply a node-following configuration to an order', S.object({ config_id: S.uuid(), customer_order_id: S.uuid(), po_id: S.uuid() }, ['config_id'])), auth: true, menu: ['DEV_NODE_FOLLOWING', 'DEV_PO_TRACKING'] }, (ctx) => ctx.tenant((tx) => applyConfig(tx, ctx, registry)));
  api.get('plmapi/style/tech-pack', { schema: R.byId("A style's tech pack: BOMs, charts, points"), auth: true, menu: ['DEV_STYLE', 'DEV_BOM'], params: ['id'] }, (ctx) => ctx.tenant((tx) => techPack(tx, ctx)));
}
