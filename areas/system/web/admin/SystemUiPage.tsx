// /sys/page/ui-config — the platform's UI settings (CFG-27): only the super admin reaches it; the
// server refuses everyone else (403) whatever the screen shows.
import { useState } from 'react';
import { Alert, Button, ColorPicker, Form, Input, Radio, Result, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '@seamline/web/engine';
import { AdminPage, applyFieldErrors, get, post, useIsSuperAdmin, type Doc } from './common';

export default function SystemUiPage() {
  const { t } = useTranslation();
  const superAdmin = useIsSuperAdmin();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const config = useQuery({ queryKey: ['admin', 'ui-config'], queryFn: () => get<Doc>('ui-config'), enabled: superAdmin });
  if (!superAdmin) {
    return (
      <AdminPage title={t('admin.ui.title')} testId="admin-ui-config">
        <Result status="403" subTitle={t('admin.ui.superOnly')} />
      </AdminPage>
    );
  }
  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const color = values.primary_color;
    setSaving(true);
    try {
      await post('ui-config/save', { ...values, primary_color: typeof color === 'string' ? color : color?.toHexString?.() });
      toastSuccess(t('admin.common.saved'));
      await config.refetch();
    } catch (err) {
      applyFieldErrors(form, err);
    } finally {
      setSaving(false);
    }
  };
  const required = [{ required: true, message: t('val.required') }];
  return (
    <AdminPage
      title={t('admin.ui.title')}
      testId="admin-ui-config"
      extra={
        <Button type="primary" loading={saving} onClick={save} data-testid="ui-save">
          {t('admin.common.save')}
        </Button>
      }
    >
      <Alert type="info" showIcon message={t('admin.ui.superOnly')} style={{ marginBottom: 12 }} />
      {config.data && (
        <Form form={form} layout="vertical" initialValues={config.data} style={{ maxWidth: 640 }} data-testid="ui-form">
          <Space wrap size={16}>
            <Form.Item name="site_name_en" label={t('admin.ui.siteNameEn')} rules={required}>
              <Input style={{ width: 280 }} />
            </Form.Item>
            <Form.Item name="site_name_zh" label={t('admin.ui.siteNameZh')} rules={required}>
              <Input style={{ width: 280 }} />
            </Form.Item>
          </Space>
          <Space wrap size={16}>
            <Form.Item name="primary_color" label={t('admin.ui.color')}>
              <ColorPicker disabledAlpha format="hex" showText />
            </Form.Item>
            <Form.Item name="default_language" label={t('admin.ui.language')}>
              <Radio.Group options={[{ value: 'zh', label: '中文' }, { value: 'en', label: 'English' }]} />
            </Form.Item>
            <Form.Item name="default_page_size" label={t('admin.ui.pageSize')}>
              <Select style={{ width: 100 }} options={[10, 20, 50, 100].map((n) => ({ value: n, label: n }))} />
            </Form.Item>
          </Space>
          <Form.Item name="login_notice_en" label={t('admin.ui.noticeEn')}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Form.Item name="login_notice_zh" label={t('admin.ui.noticeZh')}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
      )}
    </AdminPage>
  );
}
