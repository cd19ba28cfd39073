// The super admin's platform lists: licence types (picked when approving a company sign-up) and
// the mail outbox (every mail, with its status).
import { R, S, BizError, asc, client, count, eq, type Api, type Tx, MAIL_STATUSES, pageOutbox, pageParams } from '@seamline/server/api';
import { FieldChecker, fieldsOf } from './input';
import { licenceType } from './schema';

export const DEFAULT_LICENCE_TYPES = [
  { code: 'STANDARD', nameEn: 'Standard', nameZh: '标准版', seq: 10 },
  { code: 'PRO', nameEn: 'Professional', nameZh: '专业版', seq: 20 },
  { code: 'TRIAL', nameEn: 'Trial', nameZh: '试用版', seq: 30 },
];

export async function seedLicenceTypes(tx: Tx): Promise<void> {
  await tx.insert(licenceType).values(DEFAULT_LICENCE_TYPES).onConflictDoNothing();
}

const listLicences = (tx: Tx) =>
  tx
    .select({ code: licenceType.code, name_en: licenceType.nameEn, name_zh: licenceType.nameZh, seq: licenceType.seq })
    .from(licenceType)
    .orderBy(asc(licenceType.seq), asc(licenceType.code));

export function platformAdminRoutes(api: Api): void {
  api.get('utilsapi/licence-type/list', { schema: R.get('Licence types (super admin)'), auth: true, superAdmin: true }, ({ db }) => db.asSystem(listLicences));

  // Create or rename (the code is the key and never changes).
  api.post('utilsapi/licence-type/save', { schema: R.post('Create or update a licence type (super admin)', { id: S.uuid(), code: S.string(), name_en: S.string(), name_zh: S.string(), seq: S.integer() }, { required: ['code', 'name_en', 'name_zh'] }), auth: true, superAdmin: true }, async ({ db, body, lang, session }) => {
    const f = new FieldChecker(fieldsOf(body), lang)
      .check('code', ['required', 'capitalEnglish'])
      .check('name_en', ['required'])
      .check('name_zh', ['required'])
      .check('seq', ['naturalNumber']);
    f.done();
    const row = { code: f.value('code').toUpperCase(), nameEn: f.value('name_en'), nameZh: f.value('name_zh'), seq: Number(f.value('seq') || 0) };
    await db.asSystem((tx) =>
      tx
        .insert(licenceType)
        .values({ ...row, createdBy: session.userId, updatedBy: session.userId })
        .onConflictDoUpdate({ target: licenceType.code, set: { nameEn: row.nameEn, nameZh: row.nameZh, seq: row.seq, updatedBy: session.userId, updatedAt: new Date() } }),
    );
    return { code: row.code, name_en: row.nameEn, name_zh: row.nameZh, seq: row.seq };
  });

  api.post('utilsapi/licence-type/delete', { schema: R.post('Delete a licence type (super admin)', { id: S.uuid() }), auth: true, superAdmin: true }, async ({ db, body }) => {
    const code = fieldsOf(body).code ?? '';
    await db.asSystem(async (tx) => {
      const [used] = await tx.select({ n: count() }).from(client).where(eq(client.licenseType, code));
      if ((used?.n ?? 0) > 0) throw new BizError('access.licenceInUse', { count: used!.n });
      const gone = await tx.delete(licenceType).where(eq(licenceType.code, code)).returning({ code: licenceType.code });
      if (!gone.length) throw new BizError('access.licenceUnknown');
    });
    return true;
  });

  api.get('utilsapi/mail-outbox/page-list', { schema: R.list('The outgoing mail (super admin)', S.map(), { query: { status: S.string(), to: S.string(), kind: S.string() } }), auth: true, superAdmin: true }, ({ db, query }) => {
    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
    const status = str(query.status);
    return pageOutbox(db, {
      ...pageParams(query, { maxSize: 100 }),
      to: str(query.to),
      status: status && (MAIL_STATUSES as readonly string[]).includes(status) ? status : undefined,
      kind: str(query.kind),
    });
  });
}
