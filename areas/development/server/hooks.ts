// Server logic the definitions cannot state: grading a measurement chart on every save (so a
// changed grade rule or size range regrades) and re-projecting a T&A plan on every save, alerting
// the owners of nodes that became at risk (live, through notify()).
import { incrementsValid, gradePoint, newlyAtRisk, parseIncrements, plmText, PLM_MODULE, reproject, topoOrder, type ProjectedNode } from '../meta';
import { BizError, notify, sql, type Tx, type EntityHooks, type HookDocument, type SaveContext } from '@seamline/server/api';
import { rows, today } from './db';

const GRADE_MESSAGE = { en: 'Write one increment, or one per size step', zh: '请写一个档差，或每档各写一个' };

/** The ordered sizes and base size of a size range of the company. */
export async function sizesOf(tx: Tx, clientId: string, rangeId: unknown): Promise<{ sizes: string[]; base: string } | null> {
  if (typeof rangeId !== 'string') return null;
  const [r] = await rows<{ base_size: string }>(tx, sql`select base_size from plm_size_range where id = ${rangeId} and client_id = ${clientId}`);
  if (!r) return null;
  const sizes = await rows<{ size_code: string }>(tx, sql`select size_code from plm_size_range_sizes where parent_id = ${rangeId} order by seq`);
  return { sizes: sizes.map((s) => s.size_code), base: r.base_size };
}

async function gradeCharts(tx: Tx, docs: HookDocument[], ctx: SaveContext): Promise<void> {
  for (const doc of docs) {
    const range = await sizesOf(tx, ctx.clientId, doc.merged.size_range_id);
    if (!range) continue;
    doc.write.sizes = { sizes: range.sizes, base: range.base };
    const points = doc.children.points;
    if (!points) continue;
    const step = String(doc.merged.rounding ?? '0.1');
    points.forEach((p, index) => {
      if (!incrementsValid(p.grade_rule as string, range.sizes.length)) {
        doc.error('grade_rule', ctx.lang === 'en' ? GRADE_MESSAGE.en : GRADE_MESSAGE.zh, { name: 'points', index });
        return;
      }
      p.graded = gradePoint(range.sizes, range.base, p.base_value as string, parseIncrements(p.grade_rule as string), step);
    });
  }
}

/** Users who own a node: its named owner, else the company's users with its owner role. */
async function ownersOf(tx: Tx, clientId: string, node: Record<string, unknown>): Promise<string[]> {
  if (typeof node.owner_id === 'string') return [node.owner_id];
  const role = String(node.owner_role ?? '').trim();
  if (!role) return [];
  const list = await rows<{ user_id: string }>(
    tx,
    sql`select ur.user_id from user_role ur join role r on r.id = ur.role_id and r.client_id = ur.client_id where ur.client_id = ${clientId} and r.code = ${role}`,
  );
  return list.map((u) => u.user_id);
}

async function projectPlans(tx: Tx, docs: HookDocument[], ctx: SaveContext): Promise<void> {
  const day = today(ctx.now);
  for (const doc of docs) {
    const nodes = doc.children.nodes;
    if (!nodes || Object.keys(doc.errors).length) continue;
    const input = nodes.map((n) => ({ node_code: String(n.node_code ?? ''), depends_on: n.depends_on as string, planned_date: n.planned_date as string, actual_date: n.actual_date as string }));
    if ('problem' in topoOrder(input)) continue; // the definition's DAG rule has said so
    const after = reproject(input, day);
    after.forEach((p, i) => Object.assign(nodes[i], { projected_date: p.projected_date, state: p.state, critical: p.critical }));
    doc.write.late_nodes = after.filter((p) => p.state !== 'planned' && p.state !== 'done').length;
    const before = doc.created
      ? []
      : await rows<ProjectedNode>(tx, sql`select node_code, projected_date::text as projected_date, state from plm_node_following_nodes where parent_id = ${doc.id}`);
    const alerts = newlyAtRisk(before, after);
    if (!alerts.length || !ctx.userId) continue;
    const plan = String(doc.merged.code ?? '');
    for (const code of alerts) {
      const i = after.findIndex((p) => p.node_code === code);
      const to = await ownersOf(tx, ctx.clientId, nodes[i]);
      if (!to.length) continue;
      await notify(tx, { userId: ctx.userId, clientId: ctx.clientId }, {
        type: 'MSG',
        toUserIds: to,
        toClientId: ctx.clientId,
        module: PLM_MODULE,
        functionSubarea: 'node-following',
        relatedKey: doc.id,
        content: plmText('plm.nodeAtRisk', { plan, node: `${code} ${String(nodes[i].node_name ?? '')}`.trim(), date: after[i].projected_date ?? '', planned: String(nodes[i].planned_date ?? '') }),
        url: `/dev/page/node-following?id=${doc.id}`,
        menuId: 'DEV_NODE_FOLLOWING',
      });
    }
  }
}

/** BOM state 100 'Released to production'. */
export const BOM_RELEASED = '100';

/** A BOM released to production is frozen for everyone (issue 23): a change is a new revision. */
async function frozenBoms(_tx: Tx, docs: HookDocument[], ctx: SaveContext): Promise<void> {
  for (const doc of docs) {
    if (doc.existing && String(doc.existing.status) === BOM_RELEASED) doc.error('_document', plmText('plm.bomReleased')[ctx.lang === 'en' ? 'en' : 'zh']);
  }
}

async function releasedInUse(tx: Tx, ids: readonly string[], ctx: SaveContext) {
  const hit = await rows<{ code: string }>(tx, sql`select code from plm_bom where client_id = ${ctx.clientId} and status = ${BOM_RELEASED} and id in (${sql.join(ids.map((i) => sql`${i}::uuid`), sql`, `)}) limit 1`);
  if (hit.length) throw new BizError('plm.bomReleased');
  return null;
}

export const developmentHooks: Record<string, EntityHooks> = {
  bom: { beforeWrite: frozenBoms, inUse: releasedInUse, releaseInUse: async (tx, ids, ctx) => void (await releasedInUse(tx, ids, ctx)) },
  'measurement-chart': { beforeWrite: gradeCharts },
  'node-following': { beforeWrite: projectPlans },
};
