// Sourcing logic no definition can state (the engine runs these in the save transaction):
// - sourcing project: once the RFQ is published its items stay the same list (a row may change,
//   e.g. be deactivated, but none is added, removed, renamed or moved — quotations point at them);
// - access-evaluation config: 'version number already exists' (spec §8; 'v2' and 'V2' are the same
//   version), read-only once activated;
// - admission evaluation: only the config's reviewers score, each only their own rows; the
//   weighted result and the admission follow the scores;
// - supplier evaluation: total score and grade from the KPIs.
import { admitted, gradeOf, kpiTotal, t, weightedResult } from '@seamline/core';
import { and, asc, eq, ne, sql, type Tx, type EntityHooks, type HookDocument, type SaveContext } from '@seamline/server/api';
import { srmt } from '../meta/messages';
import { tellReviewers } from './reviewers';
import { srm_admission_eval_scores, srm_eval_config, srm_eval_config_items, srm_eval_config_reviewers, srm_project_items } from './schema';

const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
const finalValue = (doc: HookDocument, field: string): unknown => (has(doc.write, field) ? doc.write[field] : doc.existing?.[field]);

async function projectItemsFrozen(tx: Tx, docs: HookDocument[], ctx: SaveContext): Promise<void> {
  for (const d of docs) {
    if (d.created || !d.children.items || String(d.existing?.publish_stage ?? '0') === '0') continue;
    // Hooks see the posted rows without their ids: the same items means the same names in the same order.
    const stored = await tx
      .select({ name: srm_project_items.name })
      .from(srm_project_items)
      .where(eq(srm_project_items.parent_id, d.id))
      .orderBy(asc(srm_project_items.seq));
    const before = stored.map((r) => String(r.name ?? ''));
    const after = d.children.items.map((r) => String(r.name ?? ''));
    if (before.join('\u0000') !== after.join('\u0000')) d.error('_document', srmt(ctx.lang, 'srm.itemsFrozen'));
  }
}

async function evalConfigRules(tx: Tx, docs: HookDocument[], ctx: SaveContext): Promise<void> {
  for (const d of docs) {
    if (!d.created && String(d.existing?.status ?? '0') !== '0') {
      d.error('_document', srmt(ctx.lang, 'srm.configReadOnly'));
      continue;
    }
    const versionNo = finalValue(d, 'version_no');
    if (typeof versionNo === 'string' && versionNo !== '') {
      const clash = await tx
        .select({ id: srm_eval_config.id })
        .from(srm_eval_config)
        .where(and(eq(srm_eval_config.client_id, ctx.clientId), sql`lower(${srm_eval_config.version_no}) = lower(${versionNo})`, ne(srm_eval_config.id, d.id)))
        .limit(1);
      const inBatch = docs.some((o) => o !== d && o.index < d.index && String(finalValue(o, 'version_no') ?? '').toLowerCase() === versionNo.toLowerCase());
      if (clash.length || inBatch) d.error('version_no', t(ctx.lang, 'biz.versionExists'));
    }
  }
}

async function admissionScores(tx: Tx, docs: HookDocument[], ctx: SaveContext): Promise<void> {
  for (const d of docs) {
    if (!d.created && String(d.existing?.status ?? '0') !== '0') {
      d.error('_document', srmt(ctx.lang, 'srm.evaluationConcluded'));
      continue;
    }
    const configId = finalValue(d, 'config_id') as string | undefined;
    if (!configId) continue;
    // Only the active version can be chosen: config_id's reference filter (meta) refuses the others.
    const [items, reviewers] = await Promise.all([
      tx.select().from(srm_eval_config_items).where(eq(srm_eval_config_items.parent_id, configId)),
      tx.select({ user: srm_eval_config_reviewers.user_id }).from(srm_eval_config_reviewers).where(eq(srm_eval_config_reviewers.parent_id, configId)),
    ]);
    const rows = d.children.scores;
    if (rows) {
      const isReviewer = reviewers.some((r) => r.user === ctx.userId);
      const stored = new Map(
        (d.created ? [] : await loadScores(tx, d.id)).map((r) => [r.id as string, r]),
      );
      rows.forEach((row, index) => {
        const before = row.id ? stored.get(row.id as string) : undefined;
        const changed = !before || before.item_code !== row.item_code || String(before.score) !== String(row.score) || (before.comment ?? null) !== (row.comment ?? null);
        if (!before) row.reviewer_id = ctx.userId;
        else row.reviewer_id = before.reviewer_id;
        if (changed && !isReviewer) d.error('score', srmt(ctx.lang, 'srm.notReviewer'), { name: 'scores', index });
        else if (changed && row.reviewer_id !== ctx.userId) d.error('score', srmt(ctx.lang, 'srm.otherReviewer'), { name: 'scores', index });
      });
      // A reviewer may not drop another reviewer's rows either.
      const kept = new Set(rows.map((r) => r.id as string | undefined));
      if ([...stored.values()].some((r) => !kept.has(r.id as string) && r.reviewer_id !== ctx.userId)) d.error('_document', srmt(ctx.lang, 'srm.otherReviewer'));
    }
    const scores = (rows ?? (d.created ? [] : await loadScores(tx, d.id))).map((r) => ({
      item: String(r.item_code ?? ''),
      reviewer: String(r.reviewer_id ?? ''),
      score: String(r.score ?? ''),
    }));
    const result = weightedResult(
      items.map((i) => ({ code: i.item_code as string, weight: String(i.weight ?? '0'), additional: i.is_additional === '1' })),
      scores,
    );
    const [config] = await tx.select({ pass: srm_eval_config.pass_score }).from(srm_eval_config).where(eq(srm_eval_config.id, configId));
    d.write.result_score = result;
    d.write.result = scores.length === 0 ? 'pending' : admitted(result, config?.pass as string) ? 'admitted' : 'rejected';
  }
}

const loadScores = (tx: Tx, id: string) => tx.select().from(srm_admission_eval_scores).where(eq(srm_admission_eval_scores.parent_id, id));

async function supplierEvalTotals(_tx: Tx, docs: HookDocument[], ctx: SaveContext): Promise<void> {
  for (const d of docs) {
    if (!d.created && String(d.existing?.status ?? '0') !== '0') {
      d.error('_document', srmt(ctx.lang, 'srm.evaluationConcluded'));
      continue;
    }
    if (!d.children.kpis) continue;
    const total = kpiTotal(d.children.kpis.map((k) => ({ weight: String(k.weight ?? ''), score: String(k.score ?? '') })));
    d.write.total_score = total;
    d.write.grade = d.children.kpis.length ? gradeOf(total) : null;
  }
}

export const srmHooks: Record<string, EntityHooks> = {
  'sourcing-project': { beforeWrite: projectItemsFrozen },
  'access-eval-config': { beforeWrite: evalConfigRules },
  'admission-eval': {
    beforeWrite: async (tx, docs, ctx) => {
      await admissionScores(tx, docs, ctx);
      if (docs.every((d) => Object.keys(d.errors).length === 0)) await tellReviewers(tx, docs, ctx);
    },
  },
  'supplier-eval': { beforeWrite: supplierEvalTotals },
};
