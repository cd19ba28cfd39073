// The filter bar of a list, from def.list.filters: text boxes, multi-choice selects, date and
// number ranges, yes/no, and reference pickers. Enter searches; Reset clears. Only the first row
// shows until 'More filters' is opened (long lists stay compact).
import { useEffect, useMemo, useState } from 'react';
import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space, TimePicker } from 'antd';
import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { pickLabel, type EntityDef, type FieldDef } from '@seamline/core';
import { useLang } from '../../i18n';
import { FORMATS, fromDayjs, toDayjs } from '../fields/codec';
import { useFieldOptions } from '../fields/options';
import { ReferenceInput } from '../fields/ReferenceInput';
import { filterFields, filterKind, textOp, type FilterValues } from './query';

const FIRST_ROW = 4;

type Range = [unknown, unknown] | null | undefined;

function rangeCodec(type: 'date' | 'time') {
  return {
    getValueProps: (v: Range) => ({ value: Array.isArray(v) ? [toDayjs(v[0], type), toDayjs(v[1], type)] : null }),
    normalize: (v: [Dayjs | null, Dayjs | null] | null) => (v ? [fromDayjs(v[0], type), fromDayjs(v[1], type)] : null),
  };
}

function NumberRange({ value, onChange, id, label }: { value?: Range; onChange?: (v: Range) => void; id?: string; label: string }) {
  const { t } = useTranslation();
  const [from, to] = Array.isArray(value) ? value : [null, null];
  return (
    <Space.Compact style={{ width: '100%' }}>
      <InputNumber<string>
        id={id}
        stringMode
        style={{ width: '50%' }}
        value={(from as string) ?? null}
        placeholder={t('engine.filter.min')}
        aria-label={`${label} ${t('engine.filter.min')}`}
        onChange={(v) => onChange?.([v, to])}
      />
      <InputNumber<string>
        stringMode
        style={{ width: '50%' }}
        value={(to as string) ?? null}
        placeholder={t('engine.filter.max')}
        aria-label={`${label} ${t('engine.filter.max')}`}
        onChange={(v) => onChange?.([from, v])}
      />
    </Space.Compact>
  );
}

function ChoiceFilter({ field, ...rest }: { field: FieldDef; value?: unknown; onChange?: (v: unknown) => void; id?: string }) {
  const { t } = useTranslation();
  const { options, loading } = useFieldOptions(field);
  return (
    <Select
      {...rest}
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      loading={loading}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
      optionFilterProp="label"
      placeholder={t('engine.filter.any')}
    />
  );
}

function FilterItem({ field }: { field: FieldDef }) {
  const { t } = useTranslation();
  const lang = useLang();
  const label = pickLabel(field.label, lang);
  const kind = filterKind(field);
  const item = { name: field.name, label, style: { marginBottom: 12 } };
  switch (kind) {
    case 'choice':
      return (
        <Form.Item {...item}>
          <ChoiceFilter field={field} />
        </Form.Item>
      );
    case 'date':
    case 'datetime':
      return (
        <Form.Item {...item} {...rangeCodec('date')}>
          <DatePicker.RangePicker style={{ width: '100%' }} format={FORMATS.date} allowEmpty={[true, true]} />
        </Form.Item>
      );
    case 'time':
      return (
        <Form.Item {...item} {...rangeCodec('time')}>
          <TimePicker.RangePicker style={{ width: '100%' }} format={FORMATS.time} allowEmpty={[true, true]} />
        </Form.Item>
      );
    case 'number':
      return (
        <Form.Item {...item}>
          <NumberRange label={label} />
        </Form.Item>
      );
    case 'boolean':
      return (
        <Form.Item {...item}>
          <Select
            allowClear
            placeholder={t('engine.filter.any')}
            options={[
              { value: 'true', label: t('entity.yes') },
              { value: 'false', label: t('entity.no') },
            ]}
          />
        </Form.Item>
      );
    case 'reference':
      return (
        <Form.Item {...item}>
          <ReferenceInput field={field} />
        </Form.Item>
      );
    default:
      return (
        <Form.Item {...item}>
          <Input allowClear placeholder={t(textOp(field) === 'prefix' ? 'engine.filter.startsWith' : 'engine.filter.contains')} />
        </Form.Item>
      );
  }
}

export interface FilterBarProps {
  def: EntityDef;
  values: FilterValues;
  onSearch: (values: FilterValues) => void;
  onReset: () => void;
  /** Beside a form (master-detail): two filters to a row. */
  narrow?: boolean;
}

export function FilterBar({ def, values, onSearch, onReset, narrow }: FilterBarProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const fields = useMemo(() => filterFields(def), [def]);
  const firstRow = narrow ? 2 : FIRST_ROW;
  const [more, setMore] = useState(() => fields.slice(firstRow).some((f) => values[f.name] !== undefined));

  // A restored or reset search shows its values.
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(values);
  }, [form, values]);

  if (fields.length === 0) return null;
  const shown = more ? fields : fields.slice(0, firstRow);
  const span = narrow ? { xs: 24, sm: 12 } : { xs: 24, sm: 12, md: 8, xl: 6 };
  return (
    <Form
      form={form}
      layout="vertical"
      className="sl-filter-bar"
      data-testid="filter-bar"
      onFinish={() => onSearch(form.getFieldsValue(true))}
      role="search"
    >
      <Row gutter={12} align="bottom">
        {shown.map((f) => (
          <Col key={f.name} {...span} data-filter={f.name}>
            <FilterItem field={f} />
          </Col>
        ))}
        <Col flex="auto">
          <Form.Item style={{ marginBottom: 12 }}>
            <Space wrap style={{ width: '100%', justifyContent: 'flex-end' }}>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="filter-search">
                {t('engine.filter.search')}
              </Button>
              <Button
                data-testid="filter-reset"
                onClick={() => {
                  form.resetFields();
                  onReset();
                }}
              >
                {t('engine.filter.reset')}
              </Button>
              {fields.length > firstRow && (
                <Button type="link" onClick={() => setMore((m) => !m)} icon={more ? <UpOutlined /> : <DownOutlined />} aria-expanded={more}>
                  {more ? t('engine.filter.less') : t('engine.filter.more')}
                </Button>
              )}
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
