// /sys/index/serial-number — serial-number config (CFG-14): the series definition
// (areas/system/meta) in the engine's list + modal, with the number each series produces next.
import { InputNumber, Radio, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DefinitionRecords, type RecordControlProps } from '@seamline/web/engine';
import { serialNumberEntity } from '../../meta/serialNumber';
import { adminTexts, applyFieldErrors, post, useAdminList, type Doc } from './common';

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
  const { list, refresh, remove } = useAdminList('serial-numbers', 'serials');
  return (
    <DefinitionRecords<Doc>
      def={serialNumberEntity}
      testKey="serial"
      testId="admin-serials"
      rows={list.data ?? []}
      loading={list.isLoading}
      sortable={['code']}
      renders={{
        flag: (v: number) => <Tag color={v === 1 ? 'green' : 'default'}>{v}</Tag>,
        sample: (v: string) => <Typography.Text code>{v}</Typography.Text>,
      }}
      texts={adminTexts(t, { title: 'admin.serial.title', create: 'admin.serial.new', edit: 'admin.serial.edit', deleteConfirm: (row) => t('admin.serial.deleteConfirm', { name: row.code }) })}
      writable
      remove={remove}
      editor={{
        as: 'modal',
        controls: { length: LengthControl, flag: FlagControl },
        initialValues: (row) => row ?? { prefix: '', date_prefix: '', suffix: '', length: 4, flag: 1 },
        footer: (values) => (
          <Typography.Text type="secondary">
            {t('admin.serial.sample')}: <Typography.Text code data-testid="serial-preview">{previewSerial(values)}</Typography.Text>
          </Typography.Text>
        ),
        submit: (values, row) => post('serial-numbers/save', { ...values, ...(row ? { id: row.id, version: row.version } : {}) }),
        onSaved: refresh,
        onError: applyFieldErrors,
      }}
    />
  );
}

function LengthControl({ value, onChange, disabled }: RecordControlProps) {
  return <InputNumber min={1} max={18} precision={0} style={{ width: 90 }} value={value} onChange={onChange} disabled={disabled} data-testid="serial-field-length" />;
}

function FlagControl({ value, onChange, disabled }: RecordControlProps) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={value}
      onChange={(e) => onChange?.(e.target.value)}
      disabled={disabled}
      options={[
        { value: 1, label: t('admin.serial.flag1') },
        { value: 0, label: t('admin.serial.flag0') },
      ]}
    />
  );
}
