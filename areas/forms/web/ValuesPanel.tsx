// The values filled in one designed form, queryable by value (values/page-list): one filter row
// (field, operator, value) and a table of the value sets with a link to the record they belong to.
import { useMemo, useState } from 'react';
import { Button, Card, Input, Select, Space, Table, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pickLabel, type EntityDef, type FieldDef } from '@seamline/core';
import { api, type ApiError, useLang, FieldValue, entityPaths, entityByName } from '@seamline/web/engine';
import { VALUE_FILTER_OPS, type FormValues, type ValueFilterOp } from '../meta';
import { formsKey, type Page } from './api';

const OPS_FOR: Record<string, readonly ValueFilterOp[]> = {
  text: ['like', 'eq', 'ne', 'in', 'empty'],
  number: ['eq', 'ne', 'gte', 'lte', 'in', 'empty'],
  ordered: ['eq', 'ne', 'gte', 'lte', 'empty'],
  choice: ['eq', 'ne', 'in', 'empty'],
};
const opsOf = (f: FieldDef | undefined): readonly ValueFilterOp[] => {
  if (!f) return VALUE_FILTER_OPS;
  if (f.type === 'integer' || f.type === 'decimal') return OPS_FOR.number;
  if (f.type === 'date' || f.type === 'datetime' || f.type === 'time') return OPS_FOR.ordered;
  if (f.type === 'select' || f.type === 'multiselect' || f.type === 'boolean') return OPS_FOR.choice;
  return OPS_FOR.text;
};

/** The filter value as the server wants it for the operator (lists comma-separated, empty as a flag). */
function filterValue(op: ValueFilterOp, text: string): unknown {
  if (op === 'empty') return text !== 'false';
  if (op === 'in') return text.split(',').map((s) => s.trim()).filter(Boolean);
  return text;
}

export function ValuesPanel({ formId, def }: { formId: string; def: EntityDef }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fields = def.fields.filter((f) => !f.isNotPost);
  const [draft, setDraft] = useState<{ field?: string; op: ValueFilterOp; value: string }>({ op: 'like', value: '' });
  const [applied, setApplied] = useState<Record<string, unknown>>({});
  const [page, setPage] = useState(1);
  const list = useQuery<Page<FormValues>, ApiError>({
    queryKey: [...formsKey, 'values-list', formId, applied, page],
    queryFn: () => api.get('utilsapi/dynamic-form/values/page-list', { form: formId, q: JSON.stringify(applied), p: JSON.stringify({ page, size: 20 }) }),
    placeholderData: keepPreviousData,
  });
  const field = fields.find((f) => f.name === draft.field);
  const ops = opsOf(field);
  const search = () => {
    setPage(1);
    setApplied(draft.field ? { [draft.field]: { op: draft.op, value: filterValue(draft.op, draft.value) } } : {});
  };
  const columns = useMemo(
    () => [
      {
        title: t('forms.values.record'),
        key: 'record',
        render: (_: unknown, r: FormValues) => {
          const entry = entityByName(r.entity);
          const text = `${entry ? pickLabel(entry.def.label, lang) : r.entity} · ${r.record_id.slice(0, 8)}`;
          return entry ? <Link to={entityPaths(entry).view(r.record_id)}>{text}</Link> : <Typography.Text>{text}</Typography.Text>;
        },
      },
      ...fields.slice(0, 6).map((f) => ({
        title: pickLabel(f.label, lang),
        key: f.name,
        render: (_: unknown, r: FormValues) => <FieldValue field={f} value={r.values[f.name]} def={def} row={r.values} />,
      })),
      { title: t('forms.updatedAt'), dataIndex: 'updated_at', width: 170, render: (v: string) => (v ? v.slice(0, 19).replace('T', ' ') : '') },
    ],
    [fields, def, lang, t],
  );
  return (
    <Card title={t('forms.values.title')} style={{ marginTop: 16 }} data-testid="designer-values">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('forms.values.field')}
          aria-label={t('forms.values.field')}
          value={draft.field}
          onChange={(v) => setDraft({ field: v, op: opsOf(fields.find((f) => f.name === v))[0], value: '' })}
          options={fields.map((f) => ({ value: f.name, label: pickLabel(f.label, lang) }))}
          data-testid="values-filter-field"
        />
        <Select
          style={{ width: 160 }}
          aria-label={t('forms.values.op')}
          value={draft.op}
          onChange={(op) => setDraft({ ...draft, op })}
          options={ops.map((op) => ({ value: op, label: t(`forms.values.op.${op}`) }))}
          data-testid="values-filter-op"
        />
        <Input
          style={{ width: 220 }}
          aria-label={t('forms.values.value')}
          placeholder={draft.op === 'in' ? 'A,B' : t('forms.values.value')}
          value={draft.value}
          disabled={draft.op === 'empty'}
          onChange={(e) => setDraft({ ...draft, value: e.target.value })}
          onPressEnter={search}
          data-testid="values-filter-value"
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="values-filter-search">
          {t('forms.values.search')}
        </Button>
      </Space>
      <Table<FormValues>
        size="small"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        columns={columns}
        scroll={{ x: true }}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage, showTotal: (total) => t('forms.total', { total }) }}
      />
    </Card>
  );
}
