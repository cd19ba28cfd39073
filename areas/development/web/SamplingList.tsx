// /dev/index/sampling: sample requests the company asked for or was asked for, and a new request
// (brand side) to a supplier company on the platform.
import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Modal, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pickLabel } from '@seamline/core';
import { useLang } from '../../../web/src/i18n';
import { SAMPLE_TYPES } from '../meta/fields';
import { usePlmAction, type Doc } from './api';
import { SideList, StateTag, StyleSelect, SupplierSelect } from './shared';

export default function SamplingList() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const typeLabel = (v: string) => pickLabel(SAMPLE_TYPES.find((x) => x.value === v)?.label ?? { en: v, zh: v }, lang);
  return (
    <Card
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="new-sample">
          {t('plm.requestSample')}
        </Button>
      }
    >
      <SideList
        path="sampling/page-list"
        testId="sample-list"
        onOpen={(r) => navigate(`/dev/page/sampling?id=${r.id}`)}
        columns={[
          { key: 'code', title: t('plm.code'), render: (_v, r) => <a onClick={() => navigate(`/dev/page/sampling?id=${r.id}`)}>{r.code}</a> },
          { key: 'style', title: t('plm.style'), render: (_v, r) => `${r.style_code} ${r.style_name ?? ''}` },
          { key: 'type', title: t('plm.type'), render: (_v, r) => typeLabel(r.sample_type) },
          { key: 'size', title: t('plm.size'), dataIndex: 'size_code' },
          { key: 'round', title: t('plm.round'), dataIndex: 'round' },
          { key: 'party', title: t('plm.supplier'), render: (_v, r) => (r.side === 'brand' ? r.supplier_name : `${r.brand_name} →`) },
          { key: 'due', title: t('plm.due'), dataIndex: 'due_date' },
          { key: 'status', title: t('plm.status'), render: (_v, r) => <StateTag status={r.status} /> },
        ]}
      />
      <NewSample open={open} onClose={() => setOpen(false)} onCreated={(id) => navigate(`/dev/page/sampling?id=${id}`)} typeLabel={typeLabel} />
    </Card>
  );
}

function NewSample({ open, onClose, onCreated, typeLabel }: { open: boolean; onClose: () => void; onCreated: (id: string) => void; typeLabel: (v: string) => string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const create = usePlmAction('sampling/create');
  const submit = async () => {
    const v = await form.validateFields();
    const doc = await create.mutateAsync({ ...v, due_date: v.due_date ? v.due_date.format('YYYY-MM-DD') : null });
    onClose();
    onCreated(doc.id);
  };
  return (
    <Modal open={open} title={t('plm.requestSample')} onCancel={onClose} onOk={() => void submit()} okText={t('plm.create')} confirmLoading={create.isPending} okButtonProps={{ 'data-testid': 'send-sample' } as never} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ sample_type: 'fit' }}>
        <Form.Item name="style_id" label={t('plm.style')} rules={[{ required: true }]}>
          <StyleSelect />
        </Form.Item>
        <Form.Item name="supplier_client_id" label={t('plm.supplier')} rules={[{ required: true }]}>
          <SupplierSelect />
        </Form.Item>
        <Form.Item name="sample_type" label={t('plm.type')} rules={[{ required: true }]}>
          <Select data-testid="type-select" options={SAMPLE_TYPES.map((x) => ({ value: x.value, label: typeLabel(x.value) }))} />
        </Form.Item>
        <Form.Item name="size_code" label={t('plm.size')}>
          <Input data-testid="sample-size" />
        </Form.Item>
        <Form.Item name="due_date" label={t('plm.due')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="brand_remarks" label={t('plm.remarks')}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
