// Demo data: Demo Brand Co. has one designed form, bound to its RFQ project type, so the designer,
// the scenario list and the preview have something to show. Idempotent (matched by code / context).
import { and, client, eq, type Tx } from '@seamline/server/api';
import { designerErrors, type DesignedForm } from '../meta';
import { dynamicForm, dynamicFormScenario } from './schema';

const opt = (value: string, en: string, zh: string) => ({ value, label_en: en, label_zh: zh });

export const DEMO_FORM: DesignedForm = {
  code: 'RFQ_SUPPLIER_PROFILE',
  name_en: 'RFQ supplier profile',
  name_zh: '询价供应商档案',
  description: '采购员为每个询价项目填写',
  fields: [
    { field: 'main_fabric', label_en: 'Main fabric', label_zh: '主面料', type: 'select', required: true, options: [opt('KNIT', 'Knit', '针织'), opt('WOVEN', 'Woven', '梭织'), opt('DENIM', 'Denim', '牛仔')], defaultValue: 'KNIT' },
    { field: 'monthly_capacity', label_en: 'Monthly capacity (pcs)', label_zh: '月产能（件）', type: 'integer', validations: [{ type: 'positiveInteger' }] },
    { field: 'certifications', label_en: 'Certifications', label_zh: '认证', type: 'multiselect', options: [opt('BSCI', 'BSCI', 'BSCI'), opt('OEKO', 'OEKO-TEX', 'OEKO-TEX'), opt('GOTS', 'GOTS', 'GOTS')] },
    { field: 'qc_email', label_en: 'QC contact email', label_zh: '质检联系邮箱', type: 'string', required: true, validations: [{ type: 'email' }], lowerCase: true, trim: true },
    { field: 'denim_wash', label_en: 'Wash types', label_zh: '水洗类型', type: 'string', visibleWhen: "main_fabric == 'DENIM'" },
    { field: 'sample_due', label_en: 'Sample due', label_zh: '样品截止', type: 'date', defaultValue: '@lastDayOfMonth' },
  ],
};

export async function seedForms(tx: Tx): Promise<void> {
  const errors = designerErrors(DEMO_FORM, 'en');
  if (Object.keys(errors).length > 0) throw new Error(`demo form is not valid: ${JSON.stringify(errors)}`);
  const [brand] = await tx.select({ id: client.id }).from(client).where(eq(client.code, 'DEMO_BRAND'));
  if (!brand) return;
  let [form] = await tx
    .select({ id: dynamicForm.id })
    .from(dynamicForm)
    .where(and(eq(dynamicForm.clientId, brand.id), eq(dynamicForm.code, DEMO_FORM.code)));
  if (!form) {
    [form] = await tx
      .insert(dynamicForm)
      .values({ clientId: brand.id, code: DEMO_FORM.code, nameEn: DEMO_FORM.name_en, nameZh: DEMO_FORM.name_zh, description: DEMO_FORM.description ?? '', fields: DEMO_FORM.fields })
      .returning({ id: dynamicForm.id });
  }
  await tx
    .insert(dynamicFormScenario)
    .values({ clientId: brand.id, formId: form.id, contextType: 'PROJECT_TYPE', contextKey: 'RFQ', description: '每个询价项目都要填写的供应商档案' })
    .onConflictDoNothing();
}
