// /dev/index/sampling: sample requests the company asked for or was asked for, and a new request
// (brand side) to a supplier company on the platform.
import { useState } from 'react';
import { Button, Card, Form, Input, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pickLabel } from '@seamline/core';
import { useLang } from '@seamline/web/engine';
import { SAMPLE_TYPES } from '../meta/fields';
import type { Doc } from './api';
import { RequestModal } from './RequestModal';
import { SideList, StateTag } from './shared';

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
  return (
    <RequestModal open={open} onClose={onClose} onCreated={onCreated} action="sampling/create" title={t('plm.requestSample')} initialValues={{ sample_type: 'fit' }} okTestId="send-sample">
      <Form.Item name="sample_type" label={t('plm.type')} rules={[{ required: true }]}>
        <Select data-testid="type-select" options={SAMPLE_TYPES.map((x) => ({ value: x.value, label: typeLabel(x.value) }))} />
      </Form.Item>
      <Form.Item name="size_code" label={t('plm.size')}>
        <Input data-testid="sample-size" />
      </Form.Item>
    </RequestModal>
  );
}
