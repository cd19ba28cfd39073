// Posting stock documents (receipt, issue, move): the transition table STOCK_TRANSITIONS of
// meta/warehouse.ts, served here so that a post writes the ledger in the transaction that
// changes the document's state. Stock never goes negative:
// - a decrement is one conditional UPDATE (`quantity + delta >= 0`); under concurrency PostgreSQL
//   re-checks that condition on the row version the winner left (row lock), and PGlite runs one
//   transaction at a time, so of 20 movers racing for one bin only those the stock covers succeed;
// - bins and items are touched in one sorted order, so two documents moving in opposite
//   directions cannot deadlock;
// - CHECK (quantity >= 0) on scm_stock is the last wall.
import { compareDec, interpolate, langOf, type EntityDef, type TransitionDef } from '@seamline/core';
import {
  R, S, transitionSchema, and, asc, BizError, desc, eq, forbidden, inArray, isUuid, notFound, sql, dataObject, type Api, type Tx, canRead, canTransition, loadActor,
  readDocument, registryOf, saveContext, transition, type EntityHooks, type HookDocument, type Row,
} from '@seamline/server/api';
import { floorMessages } from '../../meta/floor';
import { STOCK_BINS, STOCK_DOCUMENTS, STOCK_TRANSITIONS, type StockKind } from '../../meta/warehouse';
import { md_material } from '../../../masterdata/server/schema';
import { refuseFractions } from '../hooks';
import { scm_bin, scm_warehouse } from '../schema';
import { scmStock, scmStockLedger } from './schema';

export const WAREHOUSE_MENU = 'SCM_WAREHOUSE';

export function floorText(lang: unknown, key: string, params?: Record<string, string | number>): string {
  const l = langOf(lang);
  return interpolate(floorMessages[l][key] ?? floorMessages.zh[key] ?? key, params);
}

interface Entry {
  lineId: string | null;
  binId: string;
  itemKey: string;
  materialId: string | null;
  styleCode: string | null;
  colour: string | null;
  size: string | null;
  delta: string;
}

const str = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

/** A line's item: its material, else its style with colour and size. */
export function itemKeyOf(line: { material_id?: unknown; style_code?: unknown; colour?: unknown; size?: unknown }): string {
  if (line.material_id) return `M:${String(line.material_id)}`;
  return `S:${String(line.style_code ?? '')}|${String(line.colour ?? '')}|${String(line.size ?? '')}`;
}

/** The ledger entries a posted document writes, in lock order (bin, item, decrements first). */
export function ledgerEntries(kind: StockKind, lines: Row[]): Entry[] {
  const bins = STOCK_BINS[kind];
  const entries: Entry[] = [];
  for (const line of lines) {
    const base = {
      lineId: str(line.id),
      itemKey: itemKeyOf(line),
      materialId: str(line.material_id),
      styleCode: line.material_id ? null : str(line.style_code),
      colour: line.material_id ? null : str(line.colour),
      size: line.material_id ? null : str(line.size),
    };
    const q = String(line.quantity);
    if (bins.from) entries.push({ ...base, binId: String(line.from_bin_id), delta: `-${q}` });
    if (bins.to) entries.push({ ...base, binId: String(line.to_bin_id), delta: q });
  }
  const key = (e: Entry) => `${e.binId}\u0000${e.itemKey}`;
  return entries.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : compareDec(a.delta, b.delta)));
}

/** Writes the ledger and the stock of a document being posted; refuses stock it does not have. */
export async function writeLedger(tx: Tx, clientId: string, userId: string, def: EntityDef, kind: StockKind, doc: Row): Promise<void> {
  const lines = (doc.lines as Row[] | undefined) ?? [];
  if (lines.length === 0) throw new BizError('floor.noLines');
  // Checked when posting rather than on save: a draft may be saved half-filled.
  if (lines.some((l) => l.from_bin_id && l.from_bin_id === l.to_bin_id)) throw new BizError('floor.sameBin');
  for (const e of ledgerEntries(kind, lines)) {
    const common = { clientId, binId: e.binId, itemKey: e.itemKey, materialId: e.materialId, styleCode: e.styleCode, colour: e.colour, size: e.size };
    let balance: string;
    if (e.delta.startsWith('-')) {
      const [row] = await tx
        .update(scmStock)
        .set({ quantity: sql`${scmStock.quantity} + ${e.delta}::numeric`, updatedAt: sql`now()` })
        .where(and(eq(scmStock.clientId, clientId), eq(scmStock.binId, e.binId), eq(scmStock.itemKey, e.itemKey), sql`${scmStock.quantity} + ${e.delta}::numeric >= 0`))
        .returning({ quantity: scmStock.quantity });
      if (!row) throw new BizError(kind === 'move' ? 'orders.moveExceedsStock' : 'floor.issueExceedsStock');
      balance = row.quantity;
    } else {
      const [row] = await tx
        .insert(scmStock)
        .values({ ...common, quantity: e.delta })
        .onConflictDoUpdate({
          target: [scmStock.clientId, scmStock.binId, scmStock.itemKey],
          set: { quantity: sql`${scmStock.quantity} + excluded.quantity`, updatedAt: sql`now()` },
        })
        .returning({ quantity: scmStock.quantity });
      balance = row!.quantity;
    }
    await tx.insert(scmStockLedger).values({ ...common, docEntity: def.name, docId: String(doc.id), docNo: String(doc.doc_no ?? ''), lineId: e.lineId, delta: e.delta, balance, postedBy: userId });
  }
}

/**
 * Each line's unit is its item's (issue 30): a material's own unit, pieces for a garment (style ·
 * colour · size), whatever the client sent; a counted unit's quantity is refused as a fraction.
 */
async function lineUnits(tx: Tx, docs: HookDocument[], lang: unknown, clientId: string): Promise<void> {
  const lines = docs.flatMap((d) => (d.children.lines ?? []).map((row, index) => ({ d, row, index })));
  const ids = [...new Set(lines.map((l) => String(l.row.material_id ?? '')).filter(isUuid))];
  const found = ids.length
    ? await tx.select({ id: md_material.id, unit: md_material.unit }).from(md_material).where(and(eq(md_material.client_id, clientId), inArray(md_material.id, ids)))
    : [];
  const unitOf = new Map(found.map((m) => [String(m.id), (m.unit as string | null) ?? null]));
  for (const { d, row, index } of lines) {
    row.unit = row.material_id ? (unitOf.get(String(row.material_id)) ?? null) : String(row.style_code ?? '').trim() ? 'PCS' : null;
    refuseFractions(d, 'lines', index, row, ['quantity'], lang);
  }
}

/** Saves and deletes of a stock document only while it is a draft (the ledger holds what it posted). */
const draftOnly: EntityHooks = {
  async beforeWrite(tx, docs: HookDocument[], ctx) {
    for (const d of docs) if (d.existing && d.existing.status !== 'draft') d.error('_document', floorText(ctx.lang, 'floor.postedReadOnly'));
    await lineUnits(tx, docs, ctx.lang, ctx.clientId);
  },
  // A delete asks `inUse` first: a posted or cancelled document is 'in use' by its ledger, and
  // even a confirmed (force) delete is refused.
  async inUse(tx, ids, ctx) {
    return postedAmong(tx, ids, ctx.clientId, ctx.lang);
  },
  async releaseInUse() {
    throw new BizError('floor.postedReadOnly');
  },
  inUseMessage: 'floor.postedReadOnly',
};

async function postedAmong(tx: Tx, ids: readonly string[], clientId: string, lang: unknown) {
  const list = `{${ids.join(',')}}`; // an array literal: a JS array would be sent as a row
  const rows = await tx.execute(sql`select doc_no from scm_stock_receipt where client_id = ${clientId} and status <> 'draft' and id = any(${list}::uuid[])
    union all select doc_no from scm_stock_issue where client_id = ${clientId} and status <> 'draft' and id = any(${list}::uuid[])
    union all select doc_no from scm_stock_move where client_id = ${clientId} and status <> 'draft' and id = any(${list}::uuid[])`);
  const found = (rows as unknown as { rows: { doc_no: string }[] }).rows;
  return found.length ? { count: found.length, where: found.map((r) => `${r.doc_no}: ${floorText(lang, 'floor.postedReadOnly')}`) } : null;
}

export const stockHooks: Record<string, EntityHooks> = Object.fromEntries(Object.values(STOCK_DOCUMENTS).map((def) => [def.name, draftOnly]));

const idOf = (v: unknown) => {
  if (!isUuid(v)) throw notFound();
  return v;
};

export function stockRoutes(api: Api): void {
  const registry = registryOf(api);
  for (const [kind, def] of Object.entries(STOCK_DOCUMENTS) as [StockKind, EntityDef][]) {
    for (const tr of STOCK_TRANSITIONS) {
      api.post(`${def.prefix}/${def.name}/${tr.action}`, { auth: true, menu: WAREHOUSE_MENU, params: ['id'], schema: transitionSchema(def, tr) }, (ctx) => {
        const data = dataObject(ctx.body);
        const id = idOf(data.id);
        return ctx.tenant(async (tx) => {
          const reg = registry.get(def.name)!;
          const actor = await loadActor(tx, ctx.session, ctx.lang, reg);
          if (!canTransition(def, tr, actor)) throw forbidden();
          const sctx = saveContext(registry, actor);
          await transition(tx, reg, tr as TransitionDef, id, data.version, sctx);
          if (tr.action === 'post') {
            const doc = await readDocument(tx, reg, id, sctx);
            await writeLedger(tx, actor.session.clientId, actor.session.userId, def, kind, doc!);
          }
          return readDocument(tx, reg, id, sctx);
        });
      });
    }
  }

  // Stock per bin and item (the warehouse screen), optionally of one warehouse or bin. Issue 28: the
  // row is named field by field, so the OpenAPI test checks the real answer.
  const STOCK_ROW = S.object(
    {
      bin_id: S.uuid(), bin_code: S.string(), warehouse_id: S.uuid(), warehouse_code: S.string(), warehouse_name: S.string(),
      item_key: S.string('The material or style · colour · size the stock is of'),
      material_id: S.nullable(S.uuid()), material_code: S.nullable(S.string()), material_name: S.nullable(S.string()), unit: S.nullable(S.string()),
      style_code: S.nullable(S.string()), colour: S.nullable(S.string()), size: S.nullable(S.string()),
      quantity: S.decimal('On hand, exact'),
      updated_at: S.string('When it last changed'),
    },
    ['bin_id', 'bin_code', 'warehouse_id', 'warehouse_code', 'item_key', 'quantity', 'updated_at'],
  );
  api.get('scmapi/stock/list', { schema: R.get('Stock per bin and item', { query: { warehouse_id: S.uuid(), bin_id: S.uuid() }, response: S.list(STOCK_ROW) }), auth: true, menu: WAREHOUSE_MENU }, (ctx) =>
    ctx.tenant(async (tx) => {
      const actor = await loadActor(tx, ctx.session, ctx.lang, registry.get('warehouse'));
      if (!canRead(STOCK_DOCUMENTS.move, actor)) throw forbidden();
      const clientId = ctx.session.clientId;
      const warehouseId = ctx.query.warehouse_id;
      const binId = ctx.query.bin_id;
      if ((warehouseId !== undefined && !isUuid(warehouseId)) || (binId !== undefined && !isUuid(binId))) throw notFound();
      // Another company's warehouse or bin is not found, not an empty list (issue 23).
      if (binId && (await tx.select({ id: scm_bin.id }).from(scm_bin).where(and(eq(scm_bin.client_id, clientId), eq(scm_bin.id, binId)))).length === 0) throw notFound();
      if (warehouseId && (await tx.select({ id: scm_warehouse.id }).from(scm_warehouse).where(and(eq(scm_warehouse.client_id, clientId), eq(scm_warehouse.id, warehouseId)))).length === 0) throw notFound();
      const res = await tx.execute(sql`
        select s.bin_id, b.code as bin_code, b.warehouse_id, w.code as warehouse_code, w.name as warehouse_name,
               s.item_key, s.material_id, m.code as material_code, m.name as material_name, m.unit,
               s.style_code, s.colour, s.size, s.quantity::text as quantity, s.updated_at
          from scm_stock s
          join scm_bin b on b.id = s.bin_id and b.client_id = s.client_id
          join scm_warehouse w on w.id = b.warehouse_id and w.client_id = s.client_id
          left join md_material m on m.id = s.material_id and m.client_id = s.client_id
         where s.client_id = ${clientId}
           ${warehouseId ? sql`and b.warehouse_id = ${warehouseId}` : sql``}
           ${binId ? sql`and s.bin_id = ${binId}` : sql``}
         order by w.code, b.code, coalesce(m.code, s.style_code), s.colour, s.size
         limit 2000`);
      return (res as unknown as { rows: Row[] }).rows;
    }),
  );

  // The ledger of a bin (newest first), optionally of one item.
  api.get('scmapi/stock/ledger', { schema: R.get('The stock ledger of a bin', { query: { bin_id: S.uuid(), item_key: S.string() } }), auth: true, menu: WAREHOUSE_MENU, params: ['bin_id'] }, (ctx) =>
    ctx.tenant(async (tx) => {
      const binId = idOf(ctx.query.bin_id);
      const itemKey = typeof ctx.query.item_key === 'string' ? ctx.query.item_key : undefined;
      // Another company's bin is not found, not an empty ledger (issue 23).
      const [bin] = await tx.select({ id: scm_bin.id }).from(scm_bin).where(and(eq(scm_bin.client_id, ctx.session.clientId), eq(scm_bin.id, binId)));
      if (!bin) throw notFound();
      const rows = await tx
        .select()
        .from(scmStockLedger)
        .where(and(eq(scmStockLedger.clientId, ctx.session.clientId), eq(scmStockLedger.binId, binId), itemKey ? eq(scmStockLedger.itemKey, itemKey) : undefined))
        .orderBy(desc(scmStockLedger.postedAt), asc(scmStockLedger.id))
        .limit(500);
      return rows;
    }),
  );

  // Stock = ledger: every (bin, item) whose stock row differs from the sum of its ledger rows.
  api.get('scmapi/stock/check', { schema: R.get('Stock against its ledger: mismatches and negative stock', { response: S.object({ ok: S.boolean(), mismatches: S.list(S.object({ bin_id: S.uuid(), item_key: S.string(), stock: S.decimal(), ledger: S.decimal() })), negative: S.integer() }) }), auth: true, menu: WAREHOUSE_MENU }, (ctx) =>
    ctx.tenant(async (tx) => {
      const res = await tx.execute(sql`
        select coalesce(s.bin_id, l.bin_id) as bin_id, coalesce(s.item_key, l.item_key) as item_key,
               coalesce(s.quantity, 0)::text as stock, coalesce(l.total, 0)::text as ledger
          from (select bin_id, item_key, quantity from scm_stock where client_id = ${ctx.session.clientId}) s
          full join (select bin_id, item_key, sum(delta) as total from scm_stock_ledger where client_id = ${ctx.session.clientId} group by bin_id, item_key) l
            on l.bin_id = s.bin_id and l.item_key = s.item_key
         where coalesce(s.quantity, 0) <> coalesce(l.total, 0)`);
      const negative = await tx.execute(sql`select count(*)::int as n from scm_stock where client_id = ${ctx.session.clientId} and quantity < 0`);
      const mismatches = (res as unknown as { rows: Row[] }).rows;
      return { ok: mismatches.length === 0, mismatches, negative: (negative as unknown as { rows: { n: number }[] }).rows[0]!.n };
    }),
  );
}
