// The shop floor (prefix vfapi): cutting a work order into bundle tickets, the tickets with their
// Code 128 barcodes, scan validation at a station, and the work order's progress per process.
//
// A scan books a bundle's next process step. In one transaction: the bundle row is locked (FOR
// UPDATE) so two scans of one bundle take turns; the second then finds the step booked and is
// refused; the unique (bundle, process) index of vf_scan is the wall behind it. Progress is one
// row per work order and process (`done_qty = done_qty + n`, a row lock), so 50 scanners on one
// work order lose nothing. After the commit the new progress goes to the factory's company room
// and the brand's (socket.io event WO_PROGRESS), never for a refused or rolled-back scan.
import {
  R, S,
  and, asc, BizError, dataObject, emitBusinessEvent, eq, forbidden, isUuid, notFound, sql, type Api, type Tx, afterCommit, clientRoom, getHub, auditLog, canRead,
  canWrite, loadActor, registryOf, saveContext, saveDocuments, type EntityHooks, type Registry, type Row,
} from '@seamline/server/api';
import { bundleEntity, PROGRESS_EVENT, type Progress } from '../../meta/floor';
import { vfProgress, vfScan } from './schema';
import { barcodeSvg } from './barcode';
import { workOrderOf, type WorkOrderInfo } from './workOrder';
import { floorText } from './stock';
import { rollUp } from './rollUp';

export const SCAN_MENU = 'FACTORY_SCAN_VALIDATE';
export const WORK_ORDER_MENU = 'FACTORY_WORK_ORDER';
/** Who may read a work order's progress: the factory's planners and scanners, the brand's order screen. */
export const PROGRESS_MENUS = [WORK_ORDER_MENU, SCAN_MENU, 'SCM_CUSTOMER_ORDER'];
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/**
 * The processes a bundle of a work order passes, in order: the work order's process if it is
 * scanned by bundle (scan flag BUNDLE) and has no sub-processes, else its sub-processes (at any
 * depth, leaves only) that are — e.g. sewing → collar, sleeves, assembly.
 */
export async function standardRoute(tx: Tx, clientId: string, processId: string | null): Promise<Array<{ id: string; name: string }>> {
  if (!processId) return [];
  return rowsOf<{ id: string; name: string }>(
    await tx.execute(sql`
      with recursive tree as (
        select id from md_process where client_id = ${clientId} and id = ${processId}
        union all
        select c.id from md_process c join tree t on c.parent_id = t.id where c.client_id = ${clientId})
      select p.id, p.name from md_process p join tree t on t.id = p.id
       where 'BUNDLE' = any(p.scan_flags)
         and not exists (select 1 from md_process c where c.client_id = p.client_id and c.parent_id = p.id)
       order by p.sequence, p.process_code`),
  );
}

/** The bundles of a work order: `size` pieces each (the last of a line fewer), per colour and size line. */
export function bundleDocs(wo: WorkOrderInfo, route: ReadonlyArray<{ id: string }>, size: number): Row[] {
  const docs: Row[] = [];
  for (const line of wo.lines) {
    for (let left = line.quantity; left > 0; left -= size) {
      docs.push({
        bundle_code: `${wo.no}-${String(docs.length + 1).padStart(3, '0')}`.toUpperCase(),
        work_order_id: wo.id,
        style_code: wo.styleCode,
        colour: line.colour,
        size: line.size,
        quantity: Math.min(size, left),
        steps: route.map((p, i) => ({ step_no: i + 1, process_id: p.id })),
      });
    }
  }
  return docs;
}

/** The work order's progress rows, one per step of the route, nothing done yet. */
export async function startProgress(tx: Tx, clientId: string, wo: WorkOrderInfo, route: ReadonlyArray<{ id: string; name: string }>): Promise<void> {
  const total = wo.lines.reduce((s, l) => s + l.quantity, 0);
  await tx
    .insert(vfProgress)
    .values(route.map((p, i) => ({ clientId, brandClientId: wo.brandClientId, orderId: wo.orderId, workOrderId: wo.id, workOrderCode: wo.no, processId: p.id, seq: i + 1, processName: p.name, plannedQty: total })))
    .onConflictDoUpdate({ target: [vfProgress.workOrderId, vfProgress.processId], set: { plannedQty: total } });
}

/** Cuts a work order into bundles of `size` pieces, each with the work order's bundle route. */
export async function cutBundles(tx: Tx, registry: Registry, ctx: ReturnType<typeof saveContext>, wo: WorkOrderInfo, size: number): Promise<number> {
  const existing = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from vf_bundle where client_id = ${ctx.clientId} and work_order_id = ${wo.id}`));
  if (existing[0]!.n > 0) throw new BizError('floor.alreadyCut');
  const route = await standardRoute(tx, ctx.clientId, wo.processId);
  if (route.length === 0) throw new BizError('floor.noRoute');
  const docs = bundleDocs(wo, route, size);
  if (docs.length === 0) throw new BizError('floor.nothingToCut');
  await saveDocuments(tx, registry.get(bundleEntity.name)!, docs, ctx);
  await startProgress(tx, ctx.clientId, wo, route);
  return docs.length;
}

export interface ScanResult {
  ok: true;
  message: string;
  /** The booked scan (POST vfapi/scan/cancel takes it back). */
  scan_id: string;
  bundle: { id: string; code: string; quantity: number; style_code: string | null; colour: string | null; size: string | null };
  process: { id: string; name: string; seq: number; last: boolean };
  progress: Progress;
}

/** Books a scan of `code` at `processId`, or throws the reason (BizError) it cannot. */
export async function bookScan(tx: Tx, db: Parameters<typeof afterCommit>[1], clientId: string, userId: string, lang: string, code: string, processId: string, station: string | null): Promise<ScanResult> {
  const [bundle] = rowsOf<Row>(
    await tx.execute(sql`select id, bundle_code, work_order_id, quantity, done_steps, style_code, colour, size from vf_bundle
      where client_id = ${clientId} and bundle_code = ${code.trim().toUpperCase()} for update`),
  );
  if (!bundle) throw new BizError('floor.bundleNotFound', { code });
  const steps = rowsOf<{ seq: number; process_id: string; name: string }>(
    await tx.execute(sql`select s.step_no as seq, s.process_id, p.name from vf_bundle_steps s join md_process p on p.id = s.process_id and p.client_id = s.client_id
      where s.client_id = ${clientId} and s.parent_id = ${bundle.id as string} order by s.step_no`),
  );
  const bcode = String(bundle.bundle_code);
  const step = steps.find((s) => s.process_id === processId);
  if (!step) {
    const [p] = rowsOf<{ name: string }>(await tx.execute(sql`select name from md_process where client_id = ${clientId} and id = ${processId}`));
    if (!p) throw new BizError('floor.noProcess');
    throw new BizError('floor.notInRoute', { code: bcode, process: p.name });
  }
  const done = Number(bundle.done_steps ?? 0);
  if (step.seq <= done) throw new BizError('floor.alreadyScanned', { code: bcode, process: step.name });
  const expected = steps[done]!;
  if (expected.process_id !== processId) throw new BizError('floor.wrongStep', { code: bcode, expected: expected.name });

  const qty = Number(bundle.quantity);
  const workOrderId = String(bundle.work_order_id);
  // The unique index answers a race the lock above already prevents (belt and braces).
  const inserted = await tx
    .insert(vfScan)
    .values({ clientId, bundleId: String(bundle.id), workOrderId, processId, seq: step.seq, quantity: qty, station, scannedBy: userId })
    .onConflictDoNothing({ target: [vfScan.bundleId, vfScan.processId], where: sql`cancelled_at is null` })
    .returning({ id: vfScan.id });
  if (inserted.length === 0) throw new BizError('floor.alreadyScanned', { code: bcode, process: step.name });
  const last = step.seq === steps.length;
  await tx.execute(sql`update vf_bundle set done_steps = ${step.seq}, status = ${last ? 'done' : 'running'}, version = version + 1, updated_by = ${userId}, updated_at = now()
    where client_id = ${clientId} and id = ${bundle.id as string}`);
  await tx
    .update(vfProgress)
    .set({ doneQty: sql`${vfProgress.doneQty} + ${qty}`, updatedAt: sql`now()` })
    .where(and(eq(vfProgress.clientId, clientId), eq(vfProgress.workOrderId, workOrderId), eq(vfProgress.processId, processId)));
  await rollUp(tx, clientId, workOrderId);
  await announceScan(tx, clientId, userId, lang, workOrderId);
  const progress = await pushProgress(tx, db, clientId, workOrderId);
  return {
    ok: true,
    message: floorText(lang, 'floor.scanOk', { code: bcode, qty, process: step.name }),
    scan_id: inserted[0]!.id,
    bundle: { id: String(bundle.id), code: bcode, quantity: qty, style_code: bundle.style_code as string | null, colour: bundle.colour as string | null, size: bundle.size as string | null },
    process: { id: processId, name: step.name, seq: step.seq, last },
    progress,
  };
}

/**
 * Issue 27: a booked scan of a customer order's work order ('scan.booked'): the first one starts
 * its production, and `complete` says the produced quantity has reached the ordered one (the last
 * scan). The order's T&A listens, in this transaction.
 */
async function announceScan(tx: Tx, clientId: string, userId: string, lang: string, workOrderId: string): Promise<void> {
  const [o] = rowsOf<{ id: string; complete: boolean }>(
    await tx.execute(sql`select o.id::text as id, (o.produced_qty >= o.total_qty and o.total_qty > 0) as complete from ord_work_order w
      join ord_customer_order o on o.id = w.customer_order_id where w.client_id = ${clientId} and w.id = ${workOrderId}`),
  );
  if (!o) return;
  await emitBusinessEvent(tx, { type: 'scan.booked', clientId, userId, lang: lang === 'en' ? 'en' : 'zh', data: { customer_order_ids: [o.id], complete: o.complete === true } });
}

/**
 * Cancels a booked scan (a wrong bundle at a station): only the bundle's latest step, so the
 * route stays a prefix. The scan is marked cancelled (kept), the bundle steps back, the progress row and the work
 * order's and customer order's counters take back its pieces; the audit log keeps who did it.
 */
export async function cancelScan(tx: Tx, db: Parameters<typeof afterCommit>[1], clientId: string, userId: string, lang: string, scanId: string): Promise<{ ok: true; message: string; progress: Progress }> {
  const live = sql`client_id = ${clientId} and id = ${scanId} and cancelled_at is null`;
  const [found] = rowsOf<{ bundle_id: string }>(await tx.execute(sql`select bundle_id from vf_scan where ${live}`));
  if (!found) throw notFound();
  // The bundle's row lock first, as a booking takes it: a scan and its cancel take turns.
  const [bundle] = rowsOf<{ id: string; bundle_code: string; done_steps: number }>(
    await tx.execute(sql`select id, bundle_code, done_steps from vf_bundle where client_id = ${clientId} and id = ${found.bundle_id} for update`),
  );
  const [sc] = rowsOf<{ id: string; work_order_id: string; process_id: string; seq: number; quantity: number; name: string }>(
    await tx.execute(sql`select s.id, s.work_order_id, s.process_id, s.seq, s.quantity, p.name from vf_scan s join md_process p on p.id = s.process_id
      where s.client_id = ${clientId} and s.id = ${scanId} and s.cancelled_at is null`),
  );
  if (!bundle || !sc) throw notFound(); // cancelled meanwhile
  if (sc.seq !== Number(bundle.done_steps)) throw new BizError('floor.cancelLaterFirst', { code: bundle.bundle_code, process: sc.name });
  // Kept as history: tenants may set only these two columns of a booked scan (migration).
  await tx.execute(sql`update vf_scan set cancelled_at = clock_timestamp(), cancelled_by = ${userId} where ${live}`);
  const back = sc.seq - 1;
  await tx.execute(sql`update vf_bundle set done_steps = ${back}, status = ${back === 0 ? 'open' : 'running'}, version = version + 1, updated_by = ${userId}, updated_at = now()
    where client_id = ${clientId} and id = ${bundle.id}`);
  await tx
    .update(vfProgress)
    .set({ doneQty: sql`${vfProgress.doneQty} - ${sc.quantity}`, updatedAt: sql`now()` })
    .where(and(eq(vfProgress.clientId, clientId), eq(vfProgress.workOrderId, sc.work_order_id), eq(vfProgress.processId, sc.process_id)));
  await rollUp(tx, clientId, sc.work_order_id);
  await tx.insert(auditLog).values({
    clientId,
    entity: bundleEntity.name,
    recordId: bundle.id,
    action: 'cancel-scan',
    userId,
    changes: [
      { field: 'done_steps', old: sc.seq, new: back },
      { field: 'process_id', old: sc.process_id, new: null },
    ],
  });
  return {
    ok: true,
    message: floorText(lang, 'floor.scanCancelled', { code: bundle.bundle_code, qty: sc.quantity, process: sc.name }),
    progress: await pushProgress(tx, db, clientId, sc.work_order_id),
  };
}

/**
 * Reads the work order's progress and, once `tx` has committed, sends it to the factory's company
 * room and to the brand's (never for a rolled-back transaction).
 */
export async function pushProgress(tx: Tx, db: Parameters<typeof afterCommit>[1], clientId: string, workOrderId: string): Promise<Progress> {
  const progress = await progressOf(tx, clientId, workOrderId);
  const brand = rowsOf<{ brand_client_id: string | null }>(
    await tx.execute(sql`select brand_client_id from vf_progress where client_id = ${clientId} and work_order_id = ${workOrderId} limit 1`),
  )[0]?.brand_client_id;
  await afterCommit(tx, db, () => {
    const io = getHub()?.io;
    if (!io) return;
    io.to(clientRoom(clientId)).emit(PROGRESS_EVENT, progress);
    if (brand && brand !== clientId) io.to(clientRoom(brand)).emit(PROGRESS_EVENT, progress);
  });
  return progress;
}

/** The progress rows of a work order the caller may see (its factory, or the brand of its order). */
export async function progressOf(tx: Tx, clientId: string, workOrderId: string): Promise<Progress> {
  const rows = await tx
    .select()
    .from(vfProgress)
    .where(and(eq(vfProgress.workOrderId, workOrderId), sql`(${vfProgress.clientId} = ${clientId} or ${vfProgress.brandClientId} = ${clientId})`))
    .orderBy(asc(vfProgress.seq));
  return {
    work_order_id: workOrderId,
    work_order_code: rows[0]?.workOrderCode ?? null,
    order_id: rows[0]?.orderId ?? null,
    processes: rows.map((r) => ({ process_id: r.processId, seq: r.seq, process_name: r.processName, planned_qty: r.plannedQty, done_qty: r.doneQty })),
  };
}

/**
 * A bundle that has been scanned keeps its route, quantity and work order (the scans and the
 * progress count them), and is not deleted: its scans are 'in use', and even a confirmed delete
 * is refused.
 */
export const bundleHooks: EntityHooks = {
  async beforeWrite(_tx, docs, ctx) {
    for (const d of docs) {
      if (!d.existing || Number(d.existing.done_steps ?? 0) === 0) continue;
      const changed = ['work_order_id', 'quantity'].some((f) => String(d.merged[f] ?? '') !== String(d.existing![f] ?? ''));
      if (changed || d.children.steps) d.error('_document', floorText(ctx.lang, 'floor.bundleStarted'));
    }
  },
  async inUse(tx, ids, ctx) {
    const rows = rowsOf<{ bundle_code: string }>(
      await tx.execute(sql`select bundle_code from vf_bundle where client_id = ${ctx.clientId} and done_steps > 0 and id = any(${`{${ids.join(',')}}`}::uuid[])`),
    );
    return rows.length ? { count: rows.length, where: rows.map((r) => `${r.bundle_code}: ${floorText(ctx.lang, 'floor.bundleStarted')}`) } : null;
  },
  async releaseInUse() {
    throw new BizError('floor.bundleStarted');
  },
  inUseMessage: 'floor.bundleStarted',
};

const uuidOf = (v: unknown) => {
  if (!isUuid(v)) throw notFound();
  return v;
};

export function scanRoutes(api: Api): void {
  const registry = registryOf(api);
  const bundleReg = () => registry.get(bundleEntity.name)!;

  // Cut a work order into bundle tickets: {work_order_id, bundle_size}.
  api.post('vfapi/bundle/cut', { params: ['work_order_id'], schema: R.save('Cut a work order into bundles', S.object({ work_order_id: S.uuid(), bundle_size: S.integer() }, ['work_order_id', 'bundle_size'])), auth: true, menu: WORK_ORDER_MENU }, (ctx) => {
    const data = dataObject(ctx.body);
    const id = uuidOf(data.work_order_id);
    const size = Number(data.bundle_size);
    if (!Number.isInteger(size) || size < 1 || size > 1000) throw new BizError('floor.bundleSize');
    return ctx.tenant(async (tx) => {
      const actor = await loadActor(tx, ctx.session, ctx.lang, bundleReg());
      if (!canWrite(bundleEntity, actor)) throw forbidden();
      const wo = await workOrderOf(tx, ctx.session.clientId, id);
      if (!wo) throw notFound();
      const bundles = await cutBundles(tx, registry, saveContext(registry, actor), wo, size);
      await pushProgress(tx, ctx.db, ctx.session.clientId, wo.id); // the new work order appears at the brand
      return { bundles };
    });
  });

  // The bundle tickets of a work order with their Code 128 barcodes (SVG), for /printpage/bundle-ticket.
  api.get('vfapi/bundle/tickets', { schema: R.get("A work order's bundle tickets", { query: { work_order_id: S.uuid() } }), auth: true, menu: [WORK_ORDER_MENU, SCAN_MENU], params: ['work_order_id'] }, (ctx) => {
    const id = uuidOf(ctx.query.work_order_id);
    return ctx.tenant(async (tx) => {
      const actor = await loadActor(tx, ctx.session, ctx.lang, bundleReg());
      if (!canRead(bundleEntity, actor)) throw forbidden();
      const wo = await workOrderOf(tx, ctx.session.clientId, id);
      if (!wo) throw notFound();
      const bundles = rowsOf<Row>(
        await tx.execute(sql`select id, bundle_code, style_code, colour, size, quantity, status from vf_bundle
          where client_id = ${ctx.session.clientId} and work_order_id = ${id} order by bundle_code`),
      );
      const steps = bundles.length
        ? rowsOf<{ parent_id: string; seq: number; name: string; process_code: string }>(
            await tx.execute(sql`select s.parent_id, s.step_no as seq, p.name, p.process_code from vf_bundle_steps s join md_process p on p.id = s.process_id
              where s.client_id = ${ctx.session.clientId} and s.parent_id = any(${`{${bundles.map((b) => b.id as string).join(',')}}`}::uuid[]) order by s.step_no`),
          )
        : [];
      return {
        work_order: { id: wo.id, no: wo.no, style_code: wo.styleCode },
        bundles: bundles.map((b) => ({ ...b, barcode: barcodeSvg(String(b.bundle_code)), steps: steps.filter((s) => s.parent_id === b.id).map(({ parent_id: _, ...s }) => s) })),
      };
    });
  });

  // The processes a station may scan: the company's processes scanned by bundle.
  api.get('vfapi/scan/processes', { schema: R.get('Processes a station may scan for', {
      // Issue 28: named field by field, so the OpenAPI test checks the real answer.
      response: S.list(S.object({ id: S.uuid(), process_code: S.string(), name: S.string(), sequence: S.integer() }, ['id', 'process_code', 'name', 'sequence'])),
    }), auth: true, menu: SCAN_MENU }, (ctx) =>
    ctx.tenant(async (tx) =>
      rowsOf(
        await tx.execute(sql`select p.id, p.process_code, p.name, p.sequence from md_process p
          where p.client_id = ${ctx.session.clientId} and 'BUNDLE' = any(p.scan_flags)
            and not exists (select 1 from md_process c where c.client_id = p.client_id and c.parent_id = p.id)
          order by p.sequence, p.process_code`),
      ),
    ),
  );

  // Scan validation: {code, process_id, station?} → the booked scan, or 400 with the reason.
  api.post('vfapi/scan/validate', { schema: R.save('Book a scanned bundle at a process', S.object({ code: S.string('The bundle ticket'), process_id: S.uuid(), station: S.string() }, ['code', 'process_id'])), auth: true, menu: SCAN_MENU }, (ctx) => {
    const data = dataObject(ctx.body);
    const code = typeof data.code === 'string' ? data.code.trim() : '';
    if (!code || code.length > 60) throw new BizError('floor.bundleNotFound', { code: code.slice(0, 60) });
    if (!isUuid(data.process_id)) throw new BizError('floor.noProcess');
    const station = typeof data.station === 'string' ? data.station.slice(0, 60) : null;
    // Guests are refused by the central rule for writes (server/src/routes.ts).
    return ctx.tenant(async (tx) => {
      return bookScan(tx, ctx.db, ctx.session.clientId, ctx.session.userId, ctx.lang, code, data.process_id as string, station);
    });
  });

  // Cancel a booked scan {id}: only a bundle's latest step (the station's history offers it).
  api.post('vfapi/scan/cancel', { params: ['id'], schema: R.onDoc('Cancel a booked scan'), auth: true, menu: SCAN_MENU }, (ctx) => {
    const id = uuidOf(dataObject(ctx.body).id);
    return ctx.tenant((tx) => cancelScan(tx, ctx.db, ctx.session.clientId, ctx.session.userId, ctx.lang, id));
  });

  // The latest scans of a work order (the station's history, the planner's detail).
  api.get('vfapi/scan/list', { schema: R.get("A work order's latest scans", { query: { work_order_id: S.uuid() } }), auth: true, menu: [SCAN_MENU, WORK_ORDER_MENU], params: ['work_order_id'] }, (ctx) => {
    const id = uuidOf(ctx.query.work_order_id);
    return ctx.tenant(async (tx) => {
      if (!(await workOrderOf(tx, ctx.session.clientId, id))) throw notFound();
      return rowsOf(
        await tx.execute(sql`select sc.id, b.bundle_code, p.name as process_name, sc.seq, sc.quantity, sc.station, sc.scanned_at, u.full_name as scanned_by
          from vf_scan sc join vf_bundle b on b.id = sc.bundle_id join md_process p on p.id = sc.process_id left join app_user u on u.id = sc.scanned_by
          where sc.client_id = ${ctx.session.clientId} and sc.work_order_id = ${id} and sc.cancelled_at is null order by sc.scanned_at desc limit 200`),
      );
    });
  });

  // Progress of a work order (factory), or of the work orders of a customer order (factory or brand).
  api.get('vfapi/progress', { params: [['work_order_id', 'order_id']], schema: R.get('Progress of a work order or a customer order by process', { query: { work_order_id: S.uuid(), order_id: S.uuid() } }), auth: true, menu: PROGRESS_MENUS }, (ctx) => {
    const woId = ctx.query.work_order_id;
    const orderId = ctx.query.order_id;
    return ctx.tenant(async (tx) => {
      const clientId = ctx.session.clientId;
      if (isUuid(woId)) {
        const p = await progressOf(tx, clientId, woId);
        if (p.processes.length === 0 && !(await workOrderOf(tx, clientId, woId))) throw notFound();
        return [p];
      }
      if (!isUuid(orderId)) throw notFound();
      const ids = rowsOf<{ work_order_id: string }>(
        await tx.execute(sql`select distinct work_order_id from vf_progress where order_id = ${orderId} and (client_id = ${clientId} or brand_client_id = ${clientId})`),
      ).map((r) => r.work_order_id);
      // An order of neither side of the caller is not found (not an empty list: issue 23).
      if (ids.length === 0) {
        const own = rowsOf(await tx.execute(sql`select 1 from ord_customer_order where id = ${orderId} and (client_id = ${clientId} or buyer_client_id = ${clientId}) limit 1`));
        if (own.length === 0) throw notFound();
      }
      return Promise.all(ids.map((id) => progressOf(tx, clientId, id)));
    });
  });
}
