// Serial-number configuration (spec §3 'SN config', CFG-14): a company's series — code, prefix,
// date prefix, suffix, length and a flag that is 0 (off) or 1 (on). The engine numbers documents
// from these rows (server/src/engine/serial.ts); each row answers with a sample number.
import { t, type Lang } from '@seamline/core';
import {
  R, S,
  and, asc, conflict, dataList, dataObject, eq, inArray, ne, notFound, sql, type Api, type Session, type Tx, serialNumberConfig,
  formatDatePattern, formatSerial,
} from '@seamline/server/api';
import { FieldCheck, idParam, text, versionOf } from './adminInput';

const MENU = 'SYS_SN_CONFIG';
const CODE_RE = /^[A-Z0-9_]{1,64}$/;
/** Date tokens and separators only, so the date part is a date and nothing else. */
const DATE_PATTERN_RE = /^(YYYY|YY|MM|DD|[-/._])*$/;

const columns = {
  id: serialNumberConfig.id,
  version: serialNumberConfig.version,
  code: serialNumberConfig.code,
  prefix: serialNumberConfig.prefix,
  date_prefix: serialNumberConfig.datePrefix,
  suffix: serialNumberConfig.suffix,
  length: serialNumberConfig.length,
  flag: serialNumberConfig.flag,
  description: serialNumberConfig.description,
};

async function listConfigs(tx: Tx, clientId: string, ids?: string[]) {
  const rows = await tx
    .select(columns)
    .from(serialNumberConfig)
    .where(and(eq(serialNumberConfig.clientId, clientId), ids ? inArray(serialNumberConfig.id, ids) : undefined))
    .orderBy(asc(serialNumberConfig.code));
  const now = new Date();
  return rows.map((r) => ({
    ...r,
    sample: formatSerial({ code: r.code, prefix: r.prefix, datePrefix: r.date_prefix, suffix: r.suffix, length: r.length }, formatDatePattern(r.date_prefix, now), 1),
  }));
}

/** A series as listed (issue 28: named, so the OpenAPI test checks the real answer). */
const SERIAL_ROW = S.object(
  {
    id: S.uuid(),
    version: S.integer(),
    code: S.string(),
    prefix: S.string(),
    date_prefix: S.string(),
    suffix: S.string(),
    length: S.integer(),
    flag: S.integer('1 on, 0 off'),
    description: S.nullable(S.string()),
    sample: S.string('The next number as it would read today'),
  },
  ['id', 'version', 'code', 'prefix', 'date_prefix', 'suffix', 'length', 'flag', 'sample'],
);

/** Reads and checks a posted config; every problem is reported at once (11000). */
export function readConfig(data: Record<string, unknown>, lang: Lang) {
  const code = text(data.code).toUpperCase();
  const prefix = text(data.prefix);
  const datePrefix = text(data.date_prefix);
  const suffix = text(data.suffix);
  const lengthText = text(data.length);
  const flagText = text(data.flag);
  const check = new FieldCheck(lang).rules('code', code, [{ type: 'required' }]).rules('length', lengthText, [{ type: 'required' }]);
  check.rules('flag', flagText, [{ type: 'required' }]);
  if (code && !CODE_RE.test(code)) check.add('code', t(lang, 'admin.codeFormat'));
  for (const [field, v] of [['prefix', prefix], ['suffix', suffix], ['date_prefix', datePrefix]] as const) {
    if (v.length > 32) check.add(field, t(lang, 'val.regex'));
  }
  if (!DATE_PATTERN_RE.test(datePrefix)) check.add('date_prefix', t(lang, 'admin.datePattern'));
  const length = Number(lengthText);
  if (lengthText && !(/^\d+$/.test(lengthText) && length >= 1 && length <= 18)) check.add('length', t(lang, 'admin.lengthRange'));
  if (flagText && flagText !== '0' && flagText !== '1') check.add('flag', t(lang, 'admin.flagZeroOne'));
  check.throwIfAny();
  return { code, prefix, datePrefix, suffix, length, flag: Number(flagText), description: text(data.description) || null };
}

async function saveConfig(tx: Tx, session: Session, lang: Lang, data: Record<string, unknown>): Promise<string> {
  const values = readConfig(data, lang);
  const clientId = session.clientId;
  const id = data.id ? idParam(data.id) : undefined;
  const dup = await tx
    .select({ id: serialNumberConfig.id })
    .from(serialNumberConfig)
    .where(and(eq(serialNumberConfig.clientId, clientId), eq(serialNumberConfig.code, values.code), id ? ne(serialNumberConfig.id, id) : undefined));
  if (dup.length) new FieldCheck(lang).add('code', t(lang, 'admin.serialCodeTaken')).throwIfAny();
  if (id) {
    const [current] = await tx
      .select({ version: serialNumberConfig.version })
      .from(serialNumberConfig)
      .where(and(eq(serialNumberConfig.clientId, clientId), eq(serialNumberConfig.id, id)))
      .for('update');
    if (!current) throw notFound();
    if (versionOf(data.version) !== current.version) throw conflict();
    await tx
      .update(serialNumberConfig)
      .set({ ...values, version: sql`${serialNumberConfig.version} + 1`, updatedBy: session.userId, updatedAt: sql`now()` })
      .where(and(eq(serialNumberConfig.clientId, clientId), eq(serialNumberConfig.id, id)));
    return id;
  }
  const [created] = await tx
    .insert(serialNumberConfig)
    .values({ ...values, clientId, createdBy: session.userId, updatedBy: session.userId })
    .returning({ id: serialNumberConfig.id });
  return created.id;
}

export function serialAdminRoutes(api: Api): void {
  api.get('utilsapi/sys/serial-numbers/list', { schema: R.get("My company's serial-number series", { response: S.list(SERIAL_ROW) }), auth: true, menu: MENU }, ({ session, tenant }) => tenant((tx) => listConfigs(tx, session.clientId)));

  // Whoever the menu reaches may maintain the series (nothing here grants rights).
  api.post('utilsapi/sys/serial-numbers/save', { schema: R.save(
        'Create or update a serial-number series',
        S.object({ id: S.uuid('Absent on create'), version: S.integer(), code: S.string(), prefix: S.string(), date_prefix: S.string(), suffix: S.string(), length: S.integer(), flag: S.integer('1 on, 0 off'), description: S.string() }, ['code', 'length', 'flag']),
        { response: SERIAL_ROW },
      ), auth: true, menu: MENU }, ({ session, lang, body, tenant }) => {
    return tenant(async (tx) => (await listConfigs(tx, session.clientId, [await saveConfig(tx, session, lang, dataObject(body))]))[0]);
  });

  api.post('utilsapi/sys/serial-numbers/delete', { schema: R.save('Delete serial-number series', S.list(S.uuid()), { response: S.object({ deleted: S.integer() }) }), auth: true, menu: MENU }, ({ session, body, tenant }) => {
    const ids = [...new Set(dataList(body).map(idParam))];
    return tenant(async (tx) => {
      const gone = await tx
        .delete(serialNumberConfig)
        .where(and(eq(serialNumberConfig.clientId, session.clientId), inArray(serialNumberConfig.id, ids)))
        .returning({ id: serialNumberConfig.id });
      if (gone.length !== ids.length) throw notFound();
      return { deleted: gone.length };
    });
  });
}
