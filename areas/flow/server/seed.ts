// Demo data of approval flows for Demo Brand Co.: the purchase-requirement flow PR_APPR (a
// countersign 'and' node of the two approvers' positions — master data's demo positions
// PR_APPROVER_1 / _2 —, then a final 'or' node of the administrators), a project type bound to it, the PR serial series and a
// draft purchase requirement. Written through the engine's save path; idempotent by natural key.
import { and, client, eq, type Tx, serialNumberConfig, Registry, saveDocuments } from '@seamline/server/api';
import { masterdataRegistry, seedSaveContext } from '../../masterdata/server/seed';
import { purchaseRequirementEntity } from '../../orders/meta/purchase-requirement';
import { flowEntities } from '../meta';

const BRAND = 'Demo Brand Co.';

export const DEMO_FLOW = {
  code: 'PR_APPR',
  name: 'Purchase requirement approval',
  comment: 'Two approvers countersign, then an administrator gives the final approval',
  tag: 'SCM',
  nodes: [
    {
      node_seq: 10, status_code: 'COUNTERSIGN', text: 'Countersign', color: 'orange', approve_type: 'MANUAL', reject_type: 'PREVIOUS',
      steps: ['CHECK_QTY', 'CHECK_PRICE'], launch_action: 'TO_FINAL', launch_text: 'Send to final approval', is_end: false,
      sign_type: 'AND', authority: 'FIXED_POSITIONS', positions: ['PR_APPROVER_1', 'PR_APPROVER_2'], roles: [], users: [], pre_rules: [],
    },
    {
      node_seq: 20, status_code: 'FINAL', text: 'Final approval', color: 'green', approve_type: 'MANUAL', reject_type: 'CHOSEN',
      steps: ['SIGN_OFF'], launch_action: '', launch_text: '', is_end: true,
      sign_type: 'OR', authority: 'ROLES', positions: [], roles: ['ADMIN'], users: [], pre_rules: [],
    },
  ],
};


/** A registry of the flow's own entities and its demo document, for writing outside a request. */
export function flowRegistry(): Registry {
  const registry = masterdataRegistry();
  for (const def of [...flowEntities, purchaseRequirementEntity]) registry.add(def, {});
  return registry;
}

export async function seedFlow(tx: Tx): Promise<void> {
  const [brand] = await tx.select({ id: client.id }).from(client).where(eq(client.name, BRAND));
  if (!brand) return;
  const clientId = brand.id;
  const registry = flowRegistry();
  // As every demo seed saves, but the flow's few documents keep their per-field creation audit.
  const ctx = { ...seedSaveContext(registry, clientId), auditCreateDetail: true };
  const t = (name: string) => registry.get(name)!.tables.main as unknown as Record<string, any>;
  const idByCode = async (entity: string, code: string) => {
    const tbl = t(entity);
    const [row] = await tx.select({ id: tbl.id }).from(registry.get(entity)!.tables.main).where(and(eq(tbl.client_id, clientId), eq(tbl.code, code)));
    return row?.id as string | undefined;
  };

  await tx
    .insert(serialNumberConfig)
    .values({ clientId, code: 'PR', prefix: 'PR', length: 4, flag: 1, description: 'Purchase requirements' })
    .onConflictDoNothing({ target: [serialNumberConfig.clientId, serialNumberConfig.code] });


  if (!(await idByCode('cpm-process', DEMO_FLOW.code))) await saveDocuments(tx, registry.get('cpm-process')!, [DEMO_FLOW], ctx);
  if (!(await idByCode('project-type', 'PR_STD'))) {
    await saveDocuments(tx, registry.get('project-type')!, [{ code: 'PR_STD', name: 'Standard purchase', flow: 'PR_APPR', node_status: 'COUNTERSIGN' }], ctx);
  }

  const pr = registry.get('purchase-requirement')!;
  const [anyPr] = await tx.select({ id: t('purchase-requirement').id }).from(pr.tables.main).where(eq(t('purchase-requirement').client_id, clientId)).limit(1);
  const mat = t('material');
  const materials = await tx.select({ id: mat.id, unit: mat.unit }).from(registry.get('material')!.tables.main).where(eq(mat.client_id, clientId)).orderBy(mat.code).limit(4);
  if (!anyPr && materials.length) {
    const entries = materials.slice(0, 2);
    const parts = materials.slice(2).length ? materials.slice(2) : materials;
    await saveDocuments(tx, pr, [{
      title: 'Fabric and trims for the SS27 collection',
      required_date: '2027-01-15',
      remark: 'Demo document of the approval flow PR_APPR',
      lines: entries.map((m, i) => ({ material_id: m.id, unit: m.unit, qty: i ? '250.0000' : '1200.0000', price: i ? '0.3500' : '18.5000' })),
      // Each entry with the components it is made of (ORD-01; issue 23: the demo PR had none).
      bom: entries.flatMap((_, i) => parts.map((p, j) => ({ entry_no: i + 1, material_id: p.id, usage: j ? '0.0500' : '1.2000', unit: j ? 'pc' : 'm' }))),
    }], ctx);
  }
}
