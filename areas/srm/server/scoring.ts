// Admission scoring by the chosen reviewers (SRC-09). Scoring is not 'writing the evaluation': a
// reviewer needs no buyer role, only the evaluation's menu and a place among the config's
// reviewers; they may not create, edit, delete or conclude the evaluation (the engine's
// permissions still guard those). The screen asks `abilities` what the server allows this user
// on this document and shows exactly that (the server decides, the screen does not guess).
import {
  R, S,
  MissingParam, ValidationError, dataObject, eq, forbidden, isUuid, notFound, type Api, type AuthedContext, type Tx, DocumentsInvalid,
  canTransition, canWrite, loadActor, readDocument, registryOf, saveContext, saveDocuments, type Registry,
} from '@seamline/server/api';
import { srm_eval_config_items, srm_eval_config_reviewers } from './schema';

const MENU = 'SRM_ADMISSION_EVAL';
type Row = Record<string, unknown>;

async function load(tx: Tx, ctx: AuthedContext, registry: Registry, rawId: unknown) {
  const reg = registry.get('admission-eval')!;
  if (rawId === undefined || rawId === null || rawId === '') throw new MissingParam('id');
  const id = String(rawId);
  if (!isUuid(id)) throw notFound();
  const actor = await loadActor(tx, ctx.session, ctx.lang, reg);
  const sctx = saveContext(registry, actor);
  const doc = (await readDocument(tx, reg, id, sctx)) as Row | null;
  if (!doc) throw notFound();
  const reviewers = await tx
    .select({ user: srm_eval_config_reviewers.user_id })
    .from(srm_eval_config_reviewers)
    .where(eq(srm_eval_config_reviewers.parent_id, String(doc.config_id)));
  const guest = actor.context.user_type === 'GUEST' && actor.context.is_super_admin !== true;
  const reviewer = !guest && reviewers.some((r) => r.user === ctx.session.userId);
  return { reg, actor, sctx, doc, reviewer, open: String(doc.status ?? '0') === '0' };
}

/** What this user may do on this evaluation: edit the header, score, conclude — and the items to score. */
async function abilities(tx: Tx, ctx: AuthedContext, registry: Registry) {
  const { reg, actor, doc, reviewer, open } = await load(tx, ctx, registry, ctx.query.id);
  const conclude = reg.def.transitions!.find((t) => t.action === 'conclude')!;
  const items = await tx
    .select({ item_code: srm_eval_config_items.item_code, item_name: srm_eval_config_items.item_name, weight: srm_eval_config_items.weight })
    .from(srm_eval_config_items)
    .where(eq(srm_eval_config_items.parent_id, String(doc.config_id)))
    .orderBy(srm_eval_config_items.seq);
  return {
    edit: open && canWrite(reg.def, actor),
    score: open && reviewer,
    conclude: open && canTransition(reg.def, conclude, actor),
    me: ctx.session.userId,
    items,
  };
}

/** Saves the caller's own score rows, first so a refusal names the posted row's index (every other reviewer's rows stay as stored). */
async function score(tx: Tx, ctx: AuthedContext, registry: Registry) {
  const data = dataObject(ctx.body);
  const { reg, sctx, doc, reviewer } = await load(tx, ctx, registry, data.id);
  if (!reviewer) throw forbidden('srm.notReviewer');
  if (!Array.isArray(data.scores)) throw new MissingParam('scores');
  // Only the three scored fields are taken: a posted id or reviewer cannot claim another's row.
  const mine = (data.scores as unknown[]).map((r) => {
    const { item_code, score: s, comment } = (r && typeof r === 'object' ? r : {}) as Row;
    return { item_code, score: s, comment };
  });
  const others = ((doc.scores as Row[] | undefined) ?? []).filter((r) => r.reviewer_id !== ctx.session.userId);
  try {
    const [saved] = await saveDocuments(tx, reg, [{ id: doc.id, version: data.version, scores: [...mine, ...others] }], sctx);
    return readDocument(tx, reg, saved.id, sctx);
  } catch (err) {
    if (err instanceof DocumentsInvalid) throw new ValidationError(err.errors.get(0) ?? {});
    throw err;
  }
}

export function scoringRoutes(api: Api): void {
  const registry = registryOf(api);
  api.get('srmapi/admission-eval/abilities', { auth: true, menu: MENU, schema: R.byId('The abilities an admission evaluation scores, with my scores') }, (ctx) => ctx.tenant((tx) => abilities(tx, ctx, registry)));
  api.post('srmapi/admission-eval/score', { auth: true, menu: MENU, schema: R.onDoc('Score an admission evaluation (as a reviewer)', { scores: S.map(S.any(), '{ability: score}') }) }, (ctx) => ctx.tenant((tx) => score(tx, ctx, registry)));
}
