// Demo data of approval flows for Demo Brand Co.: the purchase-requirement flow PR_APPR (a
// countersign 'and' node of the two approvers' positions — master data's demo positions
// PR_APPROVER_1 / _2 —, then a final 'or' node of the administrators), a project type bound to it, the PR serial series and a
// draft purchase requirement. Written through the engine's save path; idempotent by natural key.
// Issue 23: the names, node texts and titles read in the company's language (client.language: 'en',
// else Chinese), like the other demo rows; the codes (PR_APPR, COUNTERSIGN, PR_STD) stay as they are.
import { and, client, eq, type Tx, serialNumberConfig, Registry, saveDocuments } from '@seamline/server/api';
import { masterdataRegistry, seedSaveContext } from '../../masterdata/server/seed';
import { purchaseRequirementEntity } from '../../orders/meta/purchase-requirement';
import { flowEntities } from '../meta';

const BRAND = 'Demo Brand Co.';

/** The demo's words in each language a company may work in. */
export const DEMO_TEXTS = {
  en: {
    flow: 'Purchase requirement approval',
    comment: 'Two approvers countersign, then an administrator gives the final approval',
    countersign: 'Countersign',
    final: 'Final approval',
    launch: 'Send to final approval',
    projectType: 'Standard purchase',
    series: 'Purchase requirements',
    prTitle: 'Fabric and trims for the SS27 collection',
    prRemark: 'Demo document of the approval flow PR_APPR',
  },
  zh: {
    flow: '采购需求审批',
    comment: '两位审批人会签后，由管理员终审',
    countersign: '会签',
    final: '终审',
    launch: '提交终审',
    projectType: '标准采购',
    series: '采购需求',
    prTitle: '2027 春夏系列面料与辅料',
    prRemark: '审批流 PR_APPR 的演示单据',
  },
};
type DemoTexts = (typeof DEMO_TEXTS)['en'];

/** The texts of a company of this language: 'en' → English, anything else → Chinese. */
export const demoTexts = (language: string | null | undefined): DemoTexts => (language === 'en' ? DEMO_TEXTS.en : DEMO_TEXTS.zh);

/** The flow PR_APPR worded in one language. */
export function demoFlow(w: DemoTexts) {
  return {
    code: 'PR_APPR',
    name: w.flow,
    comment: w.comment,
    tag: 'SCM',
    nodes: [
      {
        node_seq: 10, status_code: 'COUNTERSIGN', text: w.countersign, color: 'orange', approve_type: 'MANUAL', reject_type: 'PREVIOUS',
        steps: ['CHECK_QTY', 'CHECK_PRICE'], launch_action: 'TO_FINAL', launch_text: w.launch, is_end: false,
        sign_type: 'AND', authority: 'FIXED_POSITIONS', positions: ['PR_APPROVER_1', 'PR_APPROVER_2'], roles: [], users: [], pre_rules: [],
      },
      {
        node_seq: 20, status_code: 'FINAL', text: w.final, color: 'green', approve_type: 'MANUAL', reject_type: 'CHOSEN',
        steps: ['SIGN_OFF'], launch_action: '', launch_text: '', is_end: true,
        sign_type: 'OR', authority: 'ROLES', positions: [], roles: ['ADMIN'], users: [], pre_rules: [],
      },
    ],
  };
}


/** A registry of the flow's own entities and its demo document, for writing outside a request. */
export function flowRegistry(): Registry {
  const registry = masterdataRegistry();
  for (const def of [...flowEntities, purchaseRequirementEntity]) registry.add(def, {});
  return registry;
}

export async function seedFlow(tx: Tx): Promise<void> {
  const [brand] = await tx.select({ id: client.id, language: client.language }).from(client).where(eq(client.name, BRAND));
  if (!brand) return;
  const clientId = brand.id;
  const w = demoTexts(brand.language);
  const flow = demoFlow(w);
  const registry = flowRegistry();
  // As every demo seed saves, in the company's language, but the flow's few documents keep their
  // per-field creation audit.
  const ctx = { ...seedSaveContext(registry, clientId), lang: brand.language === 'en' ? ('en' as const) : ('zh' as const), auditCreateDetail: true };
  const t = (name: string) => registry.get(name)!.tables.main as unknown as Record<string, any>;
  const idByCode = async (entity: string, code: string) => {
    const tbl = t(entity);
    const [row] = await tx.select({ id: tbl.id }).from(registry.get(entity)!.tables.main).where(and(eq(tbl.client_id, clientId), eq(tbl.code, code)));
    return row?.id as string | undefined;
  };

  await tx
    .insert(serialNumberConfig)
    .values({ clientId, code: 'PR', prefix: 'PR', length: 4, flag: 1, description: w.series })
    .onConflictDoNothing({ target: [serialNumberConfig.clientId, serialNumberConfig.code] });


  if (!(await idByCode('cpm-process', flow.code))) await saveDocuments(tx, registry.get('cpm-process')!, [flow], ctx);
  if (!(await idByCode('project-type', 'PR_STD'))) {
    await saveDocuments(tx, registry.get('project-type')!, [{ code: 'PR_STD', name: w.projectType, flow: flow.code, node_status: 'COUNTERSIGN' }], ctx);
  }

  const pr = registry.get('purchase-requirement')!;
  const [anyPr] = await tx.select({ id: t('purchase-requirement').id }).from(pr.tables.main).where(eq(t('purchase-requirement').client_id, clientId)).limit(1);
  const mat = t('material');
  const materials = await tx.select({ id: mat.id, unit: mat.unit }).from(registry.get('material')!.tables.main).where(eq(mat.client_id, clientId)).orderBy(mat.code).limit(4);
  if (!anyPr && materials.length) {
    const entries = materials.slice(0, 2);
    const parts = materials.slice(2).length ? materials.slice(2) : materials;
    await saveDocuments(tx, pr, [{
      title: w.prTitle,
      required_date: '2027-01-15',
      remark: w.prRemark,
      lines: entries.map((m, i) => ({ material_id: m.id, unit: m.unit, qty: i ? '250.0000' : '1200.0000', price: i ? '0.3500' : '18.5000' })),
      // Each entry with the components it is made of (ORD-01; issue 23: the demo PR had none).
      bom: entries.flatMap((_, i) => parts.map((p, j) => ({ entry_no: i + 1, material_id: p.id, usage: j ? '0.0500' : '1.2000', unit: j ? 'pc' : 'm' }))),
    }], ctx);
  }
}
