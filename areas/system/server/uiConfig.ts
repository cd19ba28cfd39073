// List layouts (spec §7 'personal UI config', CFG-18..20): per page (the list's route path) a
// company template, saved by a company administrator, and each user's own layout — column order,
// widths and visibility. A user sees their own layout, else the company's, else the screen's
// default. And the platform-wide UI settings only the super admin edits (CFG-27).
import { t, type Lang } from '@seamline/core';
import { R, S, and, dataObject, eq, inArray, isNull, ne, sql, userClient, type Api, type Session, type Tx } from '@seamline/server/api';
import { FieldCheck, isCompanyAdmin, requireCompanyAdmin, text } from './adminInput';
import { platformSetting, uiConfig } from './schema';

// Where API.md puts the spec's scommonapi calls: under utilsapi, one of spec §7's prefixes.
const BASE = 'utilsapi/scommonapi/sconf-ui-config-person';

export interface ColumnLayout {
  key: string;
  width?: number;
  hidden?: boolean;
}
export interface PageLayout {
  columns: ColumnLayout[];
}

/** A posted layout, cleaned: known keys only, widths 40–2000 px, at most 200 columns, no repeats. */
export function readLayout(raw: unknown, lang: Lang): PageLayout {
  const v = typeof raw === 'string' ? safeJson(raw) : raw;
  const list = v && typeof v === 'object' && Array.isArray((v as PageLayout).columns) ? (v as PageLayout).columns : null;
  if (!list || list.length > 200) new FieldCheck(lang).add('config', t(lang, 'val.regex')).throwIfAny();
  const seen = new Set<string>();
  const columns: ColumnLayout[] = [];
  for (const c of list!) {
    const key = c && typeof c === 'object' && typeof c.key === 'string' ? c.key.slice(0, 100) : '';
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const col: ColumnLayout = { key };
    const w = Number(c.width);
    if (c.width !== undefined && c.width !== null && Number.isFinite(w)) col.width = Math.min(2000, Math.max(40, Math.round(w)));
    if (c.hidden === true) col.hidden = true;
    columns.push(col);
  }
  return { columns };
}

const safeJson = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
};

function pageKey(v: unknown, lang: Lang): string {
  const key = text(v);
  if (!key.startsWith('/') || key.length > 300) new FieldCheck(lang).add('page', t(lang, 'val.required')).throwIfAny();
  return key;
}

const owner = (userId: string | null) => (userId ? eq(uiConfig.userId, userId) : isNull(uiConfig.userId));

async function layoutOf(tx: Tx, clientId: string, page: string, userId: string | null): Promise<PageLayout | null> {
  const [row] = await tx
    .select({ config: uiConfig.config })
    .from(uiConfig)
    .where(and(eq(uiConfig.clientId, clientId), eq(uiConfig.pageKey, page), owner(userId)));
  return (row?.config as PageLayout | undefined) ?? null;
}

async function storeLayout(tx: Tx, session: Session, page: string, userId: string | null, config: PageLayout): Promise<void> {
  const updated = await tx
    .update(uiConfig)
    .set({ config, version: sql`${uiConfig.version} + 1`, updatedBy: session.userId, updatedAt: sql`now()` })
    .where(and(eq(uiConfig.clientId, session.clientId), eq(uiConfig.pageKey, page), owner(userId)))
    .returning({ id: uiConfig.id });
  if (updated.length === 0) {
    await tx.insert(uiConfig).values({ clientId: session.clientId, userId, pageKey: page, config, createdBy: session.userId, updatedBy: session.userId });
  }
}

/** What the page shows for this user: own layout, else the company template, else none. */
async function template(tx: Tx, session: Session, page: string) {
  const person = await layoutOf(tx, session.clientId, page, session.userId);
  const company = await layoutOf(tx, session.clientId, page, null);
  return { page, person, company, effective: person ?? company, can_save_company: isCompanyAdmin(session) };
}

/** The platform's UI settings: name, colour, default language and page size, login notice. */
export interface SystemUiConfig {
  site_name_en: string;
  site_name_zh: string;
  primary_color: string;
  default_language: 'en' | 'zh';
  default_page_size: number;
  login_notice_en: string;
  login_notice_zh: string;
}

export const DEFAULT_UI: SystemUiConfig = {
  site_name_en: 'Seamline',
  site_name_zh: 'Seamline 供应链协同',
  primary_color: '#1677ff',
  default_language: 'zh',
  default_page_size: 20,
  login_notice_en: '',
  login_notice_zh: '',
};

export function readSystemUi(data: Record<string, unknown>, lang: Lang): SystemUiConfig {
  const check = new FieldCheck(lang);
  const out = { ...DEFAULT_UI };
  for (const k of ['site_name_en', 'site_name_zh', 'login_notice_en', 'login_notice_zh'] as const) {
    const v = text(data[k]);
    if (v.length > 500) check.add(k, t(lang, 'val.regex'));
    out[k] = v;
  }
  check.rules('site_name_en', out.site_name_en, [{ type: 'required' }]).rules('site_name_zh', out.site_name_zh, [{ type: 'required' }]);
  const color = text(data.primary_color);
  if (!/^#[0-9a-fA-F]{6}$/.test(color)) check.add('primary_color', t(lang, 'val.regex'));
  else out.primary_color = color.toLowerCase();
  const language = text(data.default_language);
  if (language !== 'en' && language !== 'zh') check.add('default_language', t(lang, 'admin.selectOption'));
  else out.default_language = language;
  const size = Number(text(data.default_page_size));
  if (![10, 20, 50, 100].includes(size)) check.add('default_page_size', t(lang, 'admin.selectOption'));
  else out.default_page_size = size;
  check.throwIfAny();
  return out;
}

const UI_KEY = 'SYSTEM_UI';

/** The platform's look as read (issue 28: named, so the OpenAPI test checks the real answer). */
const UI_SCHEMA = S.object(
  {
    site_name_en: S.string(),
    site_name_zh: S.string(),
    primary_color: S.string('#rrggbb', { pattern: '^#[0-9a-fA-F]{6}$' }),
    default_language: S.enum(['en', 'zh']),
    default_page_size: S.integer(undefined, { enum: [10, 20, 50, 100] }),
    login_notice_en: S.string(),
    login_notice_zh: S.string(),
  },
  Object.keys(DEFAULT_UI),
);

export function uiConfigRoutes(api: Api): void {
  api.get(`${BASE}/page-person-template`, { schema: R.get('My layout of a list page (else the company template, else the default)', { query: { page: S.string('A menu URL') }, required: ['page'] }), auth: true }, ({ session, lang, query, tenant }) =>
    tenant((tx) => template(tx, session, pageKey(query.page, lang))),
  );

  api.post(`${BASE}/submit-cache`, { schema: R.save('Save my layout of a page', S.object({ page: S.string(), config: S.map() }, ['page', 'config'])), auth: true, guest: true }, ({ session, lang, body, tenant }) => {
    const data = dataObject(body);
    const page = pageKey(data.page, lang);
    const config = readLayout(data.config, lang);
    return tenant(async (tx) => {
      await storeLayout(tx, session, page, session.userId, config);
      return template(tx, session, page);
    });
  });

  /** The company template of a page (company administrators). */
  api.post(`${BASE}/submit-template`, { schema: R.save("Save a page's company template (administrators)", S.object({ page: S.string(), config: S.map() }, ['page', 'config'])), auth: true }, ({ session, lang, body, tenant }) => {
    requireCompanyAdmin(session);
    const data = dataObject(body);
    const page = pageKey(data.page, lang);
    const config = readLayout(data.config, lang);
    return tenant(async (tx) => {
      await storeLayout(tx, session, page, null, config);
      return template(tx, session, page);
    });
  });

  /** Copies the caller's own layout of a page to other members of the company (DATA = {page, user_ids}). */
  api.post(`${BASE}/copy-page-person`, { schema: R.save('Copy my layout of a page to colleagues', S.object({ page: S.string(), user_ids: S.list(S.uuid()) }, ['page'])), auth: true }, ({ session, lang, body, tenant }) => {
    const data = dataObject(body);
    const page = pageKey(data.page, lang);
    const raw = Array.isArray(data.user_ids) ? data.user_ids : [data.user_ids ?? data.user_id];
    const targets = [...new Set(raw.map(text).filter((id) => /^[0-9a-f-]{36}$/i.test(id)))];
    return tenant(async (tx) => {
      const members = targets.length
        ? await tx
            .select({ id: userClient.userId })
            .from(userClient)
            .where(and(eq(userClient.clientId, session.clientId), inArray(sql`${userClient.userId}::text`, targets), ne(userClient.userId, session.userId)))
        : [];
      if (targets.length === 0 || members.length !== targets.length) new FieldCheck(lang).add('user_ids', t(lang, 'admin.copyTarget')).throwIfAny();
      const own = await layoutOf(tx, session.clientId, page, session.userId);
      const layout = own ?? (await layoutOf(tx, session.clientId, page, null)) ?? { columns: [] };
      for (const m of members) await storeLayout(tx, session, page, m.id, layout);
      return { copied: members.length };
    });
  });

  /** Forgets the caller's layouts: of one page (DATA = {page}), or of every page. */
  api.post(`${BASE}/clear-cache`, { schema: R.save('Drop my layouts (of one page or all)', S.object({ page: S.string() })), auth: true, guest: true }, ({ session, lang, body, tenant }) => {
    const data = dataObject(body);
    const page = data.page ? pageKey(data.page, lang) : null;
    return tenant(async (tx) => {
      const gone = await tx
        .delete(uiConfig)
        .where(and(eq(uiConfig.clientId, session.clientId), eq(uiConfig.userId, session.userId), page ? eq(uiConfig.pageKey, page) : undefined))
        .returning({ id: uiConfig.id });
      return { cleared: gone.length };
    });
  });

  /** Back to the company template (or the default) on one page. */
  api.post(`${BASE}/reset-page`, { schema: R.save('Back to the company template on one page', S.object({ page: S.string() }, ['page'])), auth: true, guest: true }, ({ session, lang, body, tenant }) => {
    const page = pageKey(dataObject(body).page, lang);
    return tenant(async (tx) => {
      await tx.delete(uiConfig).where(and(eq(uiConfig.clientId, session.clientId), eq(uiConfig.userId, session.userId), eq(uiConfig.pageKey, page)));
      return template(tx, session, page);
    });
  });

  // Platform-wide: the super admin's, through the system connection (not a tenant table).
  const readUi = (tx: Tx) =>
    tx.select({ value: platformSetting.value }).from(platformSetting).where(eq(platformSetting.key, UI_KEY)).then((r) => ({ ...DEFAULT_UI, ...((r[0]?.value as object) ?? {}) }));

  api.get('utilsapi/sys/ui-config', { schema: R.get("The platform's look (super admin)", { response: UI_SCHEMA }), auth: true, superAdmin: true }, ({ db }) => db.asSystem(readUi));

  api.post('utilsapi/sys/ui-config/save', { schema: R.save("Change the platform's look (super admin)", S.map()), auth: true, superAdmin: true }, ({ db, session, lang, body }) => {
    const value = readSystemUi(dataObject(body), lang);
    return db.asSystem(async (tx) => {
      await tx
        .insert(platformSetting)
        .values({ key: UI_KEY, value, updatedBy: session.userId })
        .onConflictDoUpdate({ target: platformSetting.key, set: { value, updatedBy: session.userId, updatedAt: sql`now()` } });
      return readUi(tx);
    });
  });

  /** What any page may read before sign-in (name, colour, language, notice). */
  api.get('utilsapi/sys/ui-config/public', { schema: R.get('Name, colour, language and notice any page may read before sign-in', { response: UI_SCHEMA }), auth: false }, ({ db }) => db.asSystem(readUi));
}
