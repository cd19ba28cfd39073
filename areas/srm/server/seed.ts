// Demo data of sourcing: the project number series for every company, and an active
// access-evaluation config (version V1) with reviewers at Demo Brand Co., worded in its language. Idempotent.
import { appUser, client, eq, inArray, type Tx, serialNumberConfig } from '@seamline/server/api';
import { srm_eval_config, srm_eval_config_items, srm_eval_config_options, srm_eval_config_reviewers } from './schema';

export const PROJECT_SERIAL = { code: 'SRM_PROJECT', prefix: 'SP', datePrefix: 'YYMM', length: 3, description: '寻源项目编号' };

/** A text of the demo in each language a company may work in (client.language: 'en', else Chinese). */
type Texts = { en: string; zh: string };

// Issue 23: demo data reads in its company's language, like the other demo rows; the codes stay.
const DEMO_CONFIG = {
  company: 'Demo Brand Co.',
  version_no: 'V1',
  name: { en: 'Standard supplier admission', zh: '标准供应商准入' } as Texts,
  pass_score: '70',
  items: [
    { item_code: 'QUALITY', item_name: { en: 'Quality system', zh: '质量体系' }, weight: '40', weight_level: '5', min_score: '1', max_score: '100', is_additional: '0' },
    { item_code: 'DELIVERY', item_name: { en: 'On-time delivery', zh: '准时交货' }, weight: '30', weight_level: '4', min_score: '1', max_score: '100', is_additional: '0' },
    { item_code: 'PRICE', item_name: { en: 'Price competitiveness', zh: '价格竞争力' }, weight: '30', weight_level: '3', min_score: '1', max_score: '100', is_additional: '0' },
    { item_code: 'CERT', item_name: { en: 'Certifications (OEKO-TEX, BSCI)', zh: '认证（OEKO-TEX、BSCI）' }, weight: '0', weight_level: '1', min_score: '-5', max_score: '10', is_additional: '1' },
  ],
  options: [
    { item_code: 'QUALITY', option_text: { en: 'ISO 9001 certified, documented QC at every stage', zh: '通过 ISO 9001 认证，各工序均有书面质检' }, score: '95' },
    { item_code: 'QUALITY', option_text: { en: 'Documented final inspection only', zh: '仅有书面终检' }, score: '70' },
    { item_code: 'DELIVERY', option_text: { en: '≥ 95% on time', zh: '准时率 ≥ 95%' }, score: '95' },
    { item_code: 'DELIVERY', option_text: { en: '85–95% on time', zh: '准时率 85%–95%' }, score: '75' },
    { item_code: 'PRICE', option_text: { en: 'Below target price', zh: '低于目标价' }, score: '90' },
    { item_code: 'CERT', option_text: { en: 'OEKO-TEX and BSCI', zh: '同时具备 OEKO-TEX 与 BSCI' }, score: '10' },
    { item_code: 'CERT', option_text: { en: 'Audit finding open', zh: '验厂问题未关闭' }, score: '-5' },
  ],
  reviewers: ['brand.buyer', 'brand.admin'],
};

export async function seedSourcing(tx: Tx): Promise<void> {
  const companies = await tx.select({ id: client.id, name: client.name, language: client.language }).from(client);
  if (companies.length) {
    await tx
      .insert(serialNumberConfig)
      .values(companies.map((c) => ({ clientId: c.id, ...PROJECT_SERIAL })))
      .onConflictDoNothing({ target: [serialNumberConfig.clientId, serialNumberConfig.code] });
  }
  const brand = companies.find((c) => c.name === DEMO_CONFIG.company);
  if (!brand) return;
  const existing = await tx.select({ id: srm_eval_config.id }).from(srm_eval_config).where(eq(srm_eval_config.client_id, brand.id)).limit(1);
  if (existing.length) return;
  const text = (t: Texts) => (brand.language === 'en' ? t.en : t.zh);
  const users = await tx.select({ id: appUser.id }).from(appUser).where(inArray(appUser.username, DEMO_CONFIG.reviewers));
  const [config] = (await tx
    .insert(srm_eval_config)
    .values({
      client_id: brand.id,
      version_no: DEMO_CONFIG.version_no,
      name: text(DEMO_CONFIG.name),
      pass_score: DEMO_CONFIG.pass_score,
      status: '10',
      activated_at: new Date(),
    })
    .returning({ id: srm_eval_config.id })) as Array<{ id: string }>;
  const child = (seq: number) => ({ client_id: brand.id, parent_id: config.id, seq });
  await tx.insert(srm_eval_config_items).values(DEMO_CONFIG.items.map((it, i) => ({ ...child(i), ...it, item_name: text(it.item_name) })));
  await tx.insert(srm_eval_config_options).values(DEMO_CONFIG.options.map((o, i) => ({ ...child(i), ...o, option_text: text(o.option_text) })));
  if (users.length) await tx.insert(srm_eval_config_reviewers).values(users.map((u, i) => ({ ...child(i), user_id: u.id })));
}
