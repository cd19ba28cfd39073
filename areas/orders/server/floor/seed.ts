// Floor demo data at Demo Garment Factory (idempotent; kept small so a fresh start stays fast):
// the stock document series for every company, a raw-material store and a finished-goods store
// with bins, posted receipts of the factory's materials and of finished shirts and a posted move (written through the
// ledger like any posting, so stock = ledger from the start), and bundle tickets for one demo
// work order whose process is scanned by bundle (when the documents' demo data has one).
import { client, eq, sql, type Tx, serialNumberConfig } from '@seamline/server/api';
import { DEMO_GARMENT } from '../../../masterdata/meta/demo';
import { STOCK_DOCUMENTS } from '../../meta/warehouse';
import { bundleDocs, standardRoute, startProgress } from './scan';
import { writeLedger } from './stock';
import { workOrderOf } from './workOrder';

export const STOCK_SERIALS = [
  { code: 'STOCK_RECEIPT', prefix: 'SR', datePrefix: 'YYMM', length: 4, description: 'Stock receipts' },
  { code: 'STOCK_ISSUE', prefix: 'SI', datePrefix: 'YYMM', length: 4, description: 'Stock issues' },
  { code: 'STOCK_MOVE', prefix: 'SM', datePrefix: 'YYMM', length: 4, description: 'Stock moves' },
];

const WAREHOUSES = [
  { code: 'RM', name: '原料仓', bins: ['RM-A-01', 'RM-A-02', 'RM-B-01'] },
  { code: 'FG', name: '成品仓', bins: ['FG-01', 'FG-02'] },
];
const RECEIPT = [
  { material: 'FB-POPLIN', bin: 'RM-A-01', quantity: '1200' },
  { material: 'TH-4020', bin: 'RM-A-02', quantity: '80' },
  { material: 'LB-DB-MAIN', bin: 'RM-B-01', quantity: '5000' },
];
const MOVE = { material: 'FB-POPLIN', from: 'RM-A-01', to: 'RM-A-02', quantity: '200' };
const FINISHED = [
  { style: 'SH-0918', colour: 'White', size: 'M', bin: 'FG-01', quantity: '120' },
  { style: 'SH-0918', colour: 'White', size: 'L', bin: 'FG-01', quantity: '96' },
  { style: 'SH-0918', colour: 'Light blue', size: 'M', bin: 'FG-02', quantity: '60' },
];
export const DEMO_BUNDLE_SIZE = 20;

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export async function seedFloorData(tx: Tx): Promise<void> {
  const companies = await tx.select({ id: client.id, name: client.name }).from(client);
  if (companies.length) {
    await tx
      .insert(serialNumberConfig)
      .values(companies.flatMap((c) => STOCK_SERIALS.map((s) => ({ clientId: c.id, ...s, flag: 1 }))))
      .onConflictDoNothing({ target: [serialNumberConfig.clientId, serialNumberConfig.code] });
  }
  const factory = companies.find((c) => c.name === DEMO_GARMENT);
  if (!factory) return;
  const clientId = factory.id;
  const [done] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from scm_warehouse where client_id = ${clientId}`));
  if (done!.n === 0) await seedStock(tx, clientId);
  await seedBundles(tx, clientId);
}

async function seedStock(tx: Tx, clientId: string): Promise<void> {
  const [plant] = rowsOf<{ id: string }>(await tx.execute(sql`select id from md_plant where client_id = ${clientId} order by code limit 1`));
  const bins = new Map<string, string>();
  for (const w of WAREHOUSES) {
    const [wh] = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into scm_warehouse (client_id, code, name, plant_id, active) values (${clientId}, ${w.code}, ${w.name}, ${plant?.id ?? null}, true) returning id`),
    );
    for (const code of w.bins) {
      const [bin] = rowsOf<{ id: string }>(await tx.execute(sql`insert into scm_bin (client_id, warehouse_id, code, active) values (${clientId}, ${wh!.id}, ${code}, true) returning id`));
      bins.set(code, bin!.id);
    }
  }
  const materials = new Map(
    rowsOf<{ id: string; code: string }>(await tx.execute(sql`select id, code from md_material where client_id = ${clientId}`)).map((m) => [m.code, m.id]),
  );
  const [admin] = rowsOf<{ id: string }>(await tx.execute(sql`select id from app_user where username = 'factory.admin'`));
  const userId = admin?.id ?? null;

  const receiptLines = RECEIPT.filter((r) => materials.has(r.material)).map((r) => ({ material_id: materials.get(r.material)!, to_bin_id: bins.get(r.bin)!, quantity: r.quantity }));
  if (receiptLines.length) await postedDocument(tx, clientId, userId, 'receipt', 'SR-DEMO-0001', 'Opening stock', receiptLines);
  await postedDocument(tx, clientId, userId, 'receipt', 'SR-DEMO-0002', 'Finished shirts from line 1', FINISHED.map((f) => ({ style_code: f.style, colour: f.colour, size: f.size, to_bin_id: bins.get(f.bin)!, quantity: f.quantity })));
  if (materials.has(MOVE.material)) {
    await postedDocument(tx, clientId, userId, 'move', 'SM-DEMO-0001', 'Poplin for the sewing floor', [
      { material_id: materials.get(MOVE.material)!, from_bin_id: bins.get(MOVE.from)!, to_bin_id: bins.get(MOVE.to)!, quantity: MOVE.quantity },
    ]);
  }
}

async function postedDocument(tx: Tx, clientId: string, userId: string | null, kind: 'receipt' | 'move', docNo: string, note: string, lines: Record<string, string>[]) {
  // Column names come from this file's own demo rows, never from input.
  const def = STOCK_DOCUMENTS[kind];
  const table = sql.identifier(def.table);
  const lineTable = sql.identifier(`${def.table}_lines`);
  const [doc] = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into ${table} (client_id, doc_no, doc_date, status, note, created_by, updated_by) values (${clientId}, ${docNo}, current_date, 'posted', ${note}, ${userId}, ${userId}) returning id`),
  );
  const stored: Record<string, unknown>[] = [];
  for (const [seq, l] of lines.entries()) {
    const cols = Object.keys(l);
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`insert into ${lineTable} (client_id, parent_id, seq, ${sql.join(cols.map((c) => sql.identifier(c)), sql`, `)})
          values (${clientId}, ${doc!.id}, ${seq}, ${sql.join(cols.map((c) => sql`${l[c]}`), sql`, `)}) returning id`,
      ),
    );
    stored.push({ ...l, id: row!.id });
  }
  await writeLedger(tx, clientId, userId ?? clientId, def, kind, { id: doc!.id, doc_no: docNo, lines: stored });
}

/** Bundles of 20 for the first demo work order whose process is scanned by bundle and that has none yet. */
async function seedBundles(tx: Tx, clientId: string): Promise<void> {
  const [has] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from vf_bundle where client_id = ${clientId}`));
  if (has!.n > 0) return;
  const candidates = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from ord_work_order where client_id = ${clientId} and status in ('PLANNED', 'ACTIVE') order by code limit 20`),
  );
  for (const { id } of candidates) {
    const wo = await workOrderOf(tx, clientId, id);
    if (!wo) continue;
    const route = await standardRoute(tx, clientId, wo.processId);
    if (route.length === 0) continue;
    for (const doc of bundleDocs(wo, route, DEMO_BUNDLE_SIZE)) {
      const [b] = rowsOf<{ id: string }>(
        await tx.execute(sql`insert into vf_bundle (client_id, bundle_code, work_order_id, style_code, colour, size, quantity, done_steps, status)
          values (${clientId}, ${doc.bundle_code as string}, ${id}, ${doc.style_code as string | null}, ${doc.colour as string | null}, ${doc.size as string | null}, ${doc.quantity as number}, 0, 'open') returning id`),
      );
      for (const [i, step] of (doc.steps as Array<{ step_no: number; process_id: string }>).entries()) {
        await tx.execute(sql`insert into vf_bundle_steps (client_id, parent_id, seq, step_no, process_id) values (${clientId}, ${b!.id}, ${i}, ${step.step_no}, ${step.process_id})`);
      }
    }
    await startProgress(tx, clientId, wo, route);
    return;
  }
}
void eq;
