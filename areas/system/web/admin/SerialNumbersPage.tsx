// /sys/index/serial-number — serial-number config (CFG-14): prefix, date prefix, suffix, length
// and a flag that is 0 or 1, with the number each series produces next.
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Popconfirm, Radio, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../../web/src/api';
import { AdminPage, applyFieldErrors, post, useAdminList, type Doc } from './common';

/** The number a series gives (mirrors the server's formatSerial; the server's `sample` is the truth). */
export function previewSerial(v: { prefix?: string; date_prefix?: string; suffix?: string; length?: number }, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = (v.date_prefix ?? '').replace(/YYYY|YY|MM|DD/g, (k) =>
    k === 'YYYY' ? String(now.getFullYear()) : k === 'YY' ? String(now.getFullYear()).slice(-2) : k === 'MM' ? pad(now.getMonth() + 1) : pad(now.getDate()),
  );
  return `${v.prefix ?? ''}${date}${'1'.padStart(Math.max(1, Number(v.length) || 1), '0')}${v.suffix ?? ''}`;
}

export default function SerialNumbersPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Doc | 'new' | null>(null);
  const { list, refresh, remove } = useAdminList('serial-numbers', 'serials');
  return (
    <AdminPage
      title={t('admin.serial.title')}
      testId="admin-serials"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="serial-new">
          {t('admin.serial.new')}
        </Button>
      }
    >
      <Table<Doc>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        onRow={(row) => ({ onDoubleClick: () => setEditing(row) })}
        columns={[
          { title: t('admin.serial.code'), dataIndex: 'code', sorter: (a, b) => a.code.localeCompare(b.code) },
          { title: t('admin.serial.prefix'), dataIndex: 'prefix' },
          { title: t('admin.serial.datePrefix'), dataIndex: 'date_prefix' },
          { title: t('admin.serial.suffix'), dataIndex: 'suffix' },
          { title: t('admin.serial.length'), dataIndex: 'length' },
          { title: t('admin.serial.flag'), dataIndex: 'flag', render: (v: number) => <Tag color={v === 1 ? 'green' : 'default'}>{v}</Tag> },
          { title: t('admin.serial.sample'), dataIndex: 'sample', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
          { title: t('admin.serial.description'), dataIndex: 'description' },
          {
            title: t('admin.common.actions'),
            key: 'a',
            render: (_: unknown, row: Doc) => (
              <Space size={4}>
                <Button size="small" type="link" onClick={() => setEditing(row)} data-testid={`serial-edit-${row.code}`}>
                  {t('admin.common.edit')}
                </Button>
                <Popconfirm title={t('admin.serial.deleteConfirm', { name: row.code })} onConfirm={() => remove(row)}>
                  <Button size="small" type="link" danger>
                    {t('admin.common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && <SerialModal row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={refresh} />}
    </AdminPage>
  );
}

function SerialModal({ row, onClose, onSaved }: { row: Doc | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const values = Form.useWatch([], form) as Doc | undefined;
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await post('serial-numbers/save', { ...v, ...(row ? { id: row.id, version: row.version } : {}) });
      toastSuccess(t('admin.common.saved'));
      onSaved();
      onClose();
    } catch (err) {
      applyFieldErrors(form, err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={row ? t('admin.serial.edit') : t('admin.serial.new')} onCancel={onClose} onOk={save} confirmLoading={saving} okText={t('admin.common.save')} cancelText={t('admin.common.cancel')} destroyOnHidden okButtonProps={{ 'data-testid': 'serial-save' } as Record<string, string>}>
      <Form form={form} layout="vertical" initialValues={row ?? { prefix: '', date_prefix: '', suffix: '', length: 4, flag: 1 }} data-testid="serial-form">
        <Form.Item name="code" label={t('admin.serial.code')} rules={[{ required: true, message: t('val.required') }]} normalize={(v: string) => v?.toUpperCase()}>
          <Input data-testid="serial-field-code" />
        </Form.Item>
        <Space wrap>
          <Form.Item name="prefix" label={t('admin.serial.prefix')}>
            <Input style={{ width: 120 }} data-testid="serial-field-prefix" />
          </Form.Item>
          <Form.Item name="date_prefix" label={t('admin.serial.datePrefix')} tooltip={t('admin.serial.datePrefixHint')}>
            <Input style={{ width: 140 }} placeholder="YYYYMMDD" data-testid="serial-field-date" />
          </Form.Item>
          <Form.Item name="suffix" label={t('admin.serial.suffix')}>
            <Input style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="length" label={t('admin.serial.length')} rules={[{ required: true, message: t('val.required') }]}>
            <InputNumber min={1} max={18} precision={0} style={{ width: 90 }} data-testid="serial-field-length" />
          </Form.Item>
        </Space>
        <Form.Item name="flag" label={t('admin.serial.flag')} rules={[{ required: true, message: t('val.required') }]}>
          <Radio.Group
            options={[
              { value: 1, label: t('admin.serial.flag1') },
              { value: 0, label: t('admin.serial.flag0') },
            ]}
          />
        </Form.Item>
        <Form.Item name="description" label={t('admin.serial.description')}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Typography.Text type="secondary">
          {t('admin.serial.sample')}: <Typography.Text code data-testid="serial-preview">{previewSerial(values ?? {})}</Typography.Text>
        </Typography.Text>
      </Form>
    </Modal>
  );
}
