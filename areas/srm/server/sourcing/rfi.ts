// The RFI stage: the supplier fills in and submits its record, the brand shortlists or eliminates it.
import { RFI_STATUS, docTransition, RFI_RECORD_TRANSITIONS, t } from '@seamline/core';
import {
  and, BizError, conflict, dataObject, eq, notFound, ValidationError, type AuthedContext, type Tx, recordId, expectedVersion,
} from '@seamline/server/api';
import { srmt, rfiStateLabel } from '../../meta/messages';
import { srmRfiRecord } from '../schema';
import {
  type Row, asSupplier, bad, both, brandUrl, companyName, ownProject, projectQuestions, supplierUrl, tell, text, visibleProject,
} from './common';

export async function saveRfi(tx: Tx, ctx: AuthedContext) {
  const data = dataObject(ctx.body);
  const p = await visibleProject(tx, data.project_id);
  await asSupplier(tx, ctx, p);
  if (p.rfi_status !== RFI_STATUS.OPEN) throw bad(ctx, 'srm.rfiNotOpen');
  const questions = await projectQuestions(tx, p.id);
  const given = Array.isArray(data.answers) ? (data.answers as Row[]) : [];
  const answers = questions.map((q) => ({ question_id: q.id, answer: text(given.find((a) => a.question_id === q.id)?.answer, 2000) ?? '' }));
  const values = {
    answers,
    capacity: text(data.capacity, 2000),
    certifications: text(data.certifications, 2000),
    mainCustomers: text(data.main_customers, 2000),
    remarks: text(data.remarks, 2000),
  };
  const [mine] = await tx.select().from(srmRfiRecord).where(and(eq(srmRfiRecord.projectId, p.id), eq(srmRfiRecord.clientId, ctx.session.clientId)));
  if (!mine) {
    const [row] = await tx
      .insert(srmRfiRecord)
      .values({ ...values, clientId: ctx.session.clientId, brandClientId: p.client_id, projectId: p.id, createdBy: ctx.session.userId, updatedBy: ctx.session.userId })
      .returning();
    return row;
  }
  if (mine.status !== 'draft') throw bad(ctx, 'srm.rfiSubmitted');
  if (mine.version !== expectedVersion(data.version)) throw conflict();
  const [row] = await tx
    .update(srmRfiRecord)
    .set({ ...values, version: mine.version + 1, updatedBy: ctx.session.userId, updatedAt: new Date() })
    .where(eq(srmRfiRecord.id, mine.id))
    .returning();
  return row;
}

export async function submitRfi(tx: Tx, ctx: AuthedContext) {
  const data = dataObject(ctx.body);
  const [mine] = await tx.select().from(srmRfiRecord).where(and(eq(srmRfiRecord.id, recordId(data.id)), eq(srmRfiRecord.clientId, ctx.session.clientId)));
  if (!mine) throw notFound();
  const p = await visibleProject(tx, mine.projectId);
  await asSupplier(tx, ctx, p);
  if (mine.version !== expectedVersion(data.version)) throw conflict();
  const tr = docTransition(RFI_RECORD_TRANSITIONS, 'submit')!;
  if (!tr.from.includes(mine.status)) throw new BizError('engine.badState');
  if (p.rfi_status !== RFI_STATUS.OPEN) throw bad(ctx, 'srm.rfiNotOpen');
  const questions = await projectQuestions(tx, p.id);
  const answers = (mine.answers as Array<{ question_id: string; answer: string }>) ?? [];
  const errors: string[] = [];
  for (const q of questions) if (q.required && !answers.find((a) => a.question_id === q.id && a.answer)) errors.push(q.question ?? '');
  if (errors.length) throw new ValidationError({ answers: errors.map((q) => `${t(ctx.lang, 'val.required')}: ${q}`) });
  const [row] = await tx
    .update(srmRfiRecord)
    .set({ status: tr.to, submittedAt: new Date(), version: mine.version + 1, updatedBy: ctx.session.userId, updatedAt: new Date() })
    .where(eq(srmRfiRecord.id, mine.id))
    .returning();
  const supplier = await companyName(tx, ctx.session.clientId);
  await tell(tx, ctx.session, p.client_id, [p.created_by, p.applicant_id], both('srm.notify.rfiSubmitted', { supplier, code: p.code ?? '', name: p.name ?? '' }), {
    relatedKey: p.id,
    url: brandUrl(p.id),
    menuId: 'SRM_RFI_RECORD',
    subarea: 'RFI',
  });
  return row;
}

/** The brand shortlists (approves) or eliminates (rejects) a submitted RFI record. */
export async function decideRfi(tx: Tx, ctx: AuthedContext, action: 'shortlist' | 'eliminate') {
  const data = dataObject(ctx.body);
  // RLS shows the brand only submitted (or decided) records of its own projects.
  const [rec] = await tx.select().from(srmRfiRecord).where(and(eq(srmRfiRecord.id, recordId(data.id)), eq(srmRfiRecord.brandClientId, ctx.session.clientId)));
  if (!rec) throw notFound();
  const p = await ownProject(tx, ctx, rec.projectId);
  if (rec.version !== expectedVersion(data.version)) throw conflict();
  const tr = docTransition(RFI_RECORD_TRANSITIONS, action)!;
  if (!tr.from.includes(rec.status)) throw new BizError('engine.badState');
  const [row] = await tx
    .update(srmRfiRecord)
    .set({ status: tr.to, version: rec.version + 1, updatedBy: ctx.session.userId, updatedAt: new Date() })
    .where(eq(srmRfiRecord.id, rec.id))
    .returning();
  const label = rfiStateLabel(tr.to);
  await tell(
    tx,
    ctx.session,
    rec.clientId,
    [rec.createdBy],
    {
      en: srmt('en', 'srm.notify.rfiDecided', { code: p.code ?? '', name: p.name ?? '', status: label.en }),
      zh: srmt('zh', 'srm.notify.rfiDecided', { code: p.code ?? '', name: p.name ?? '', status: label.zh }),
    },
    { relatedKey: p.id, url: supplierUrl(p.id), menuId: 'SRM_RFI_REQUEST', subarea: 'RFI' },
  );
  return row;
}
