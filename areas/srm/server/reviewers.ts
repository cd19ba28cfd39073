// Reviewers evaluate (spec §6, SRC-09): the chosen reviewers of a config — and only they — get the
// admission evaluations waiting for their score, as a control-tower counter and as a message when
// an evaluation is opened.
import { notify, registerWorkCounter, sql, type Session, type Tx, type HookDocument, type SaveContext } from '@seamline/server/api';
import { srmt } from '../meta/messages';

async function rows<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Admission evaluations still scoring where the user is a reviewer of the config and has not scored yet. */
export async function evaluationsToScore(tx: Tx, session: Pick<Session, 'userId' | 'clientId'>): Promise<number> {
  const [r] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from srm_admission_eval e
         where e.client_id = ${session.clientId} and e.status = '0'
           and exists (select 1 from srm_eval_config_reviewers r where r.parent_id = e.config_id and r.user_id = ${session.userId})
           and not exists (select 1 from srm_admission_eval_scores s where s.parent_id = e.id and s.reviewer_id = ${session.userId})`,
  );
  return Number(r?.n ?? 0);
}

registerWorkCounter({
  key: 'srm.admissionToScore',
  label: { en: 'Admission evaluations to score', zh: '待评分的准入评估' },
  url: '/srm/index/admission-eval',
  count: evaluationsToScore,
});

/** Tells the config's reviewers (except the author) that a new admission evaluation waits for them. */
export async function tellReviewers(tx: Tx, docs: HookDocument[], ctx: SaveContext): Promise<void> {
  for (const d of docs) {
    if (!d.created || !ctx.userId) continue;
    const configId = (d.write.config_id ?? d.merged.config_id) as string | undefined;
    if (!configId) continue;
    const reviewers = await rows<{ id: string }>(tx, sql`select user_id as id from srm_eval_config_reviewers where parent_id = ${configId}`);
    const title = String(d.merged.title ?? '');
    await notify(tx, { userId: ctx.userId, clientId: ctx.clientId }, {
      type: 'APPR',
      toUserIds: reviewers.map((r) => r.id).filter((id) => id !== ctx.userId),
      toClientId: ctx.clientId,
      module: 'SRM',
      functionSubarea: 'ADMISSION',
      relatedKey: d.id,
      content: { en: srmt('en', 'srm.notify.toScore', { title }), zh: srmt('zh', 'srm.notify.toScore', { title }) },
      url: `/srm/page/admission-eval?id=${d.id}`,
      menuId: 'SRM_ADMISSION_EVAL',
    });
  }
}
