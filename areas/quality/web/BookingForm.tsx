// The brand books an inspection on one of its orders placed on a factory: type, date, who
// inspects (its QA, the factory itself or an inspection company), level and AQL per class, and the
// lines offered. The server derives the sampling plan and answers refusals in the user's language.
import { Alert, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Select, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useLang, useTranslation } from '@seamline/web/engine';
import { DEDUCTION_TYPE_OPTIONS, PENALTY_RESULT_OPTIONS } from '../../ticket/meta';
import { AQL_SERIES, INSPECTION_LEVELS, INSPECTION_TYPES, INSPECTOR_PARTIES, SEVERITY_OPTIONS } from '../meta';
import { labelOf } from './InspectionsScreen';
import { postQc, useQc, useQcRefresh, type Doc } from './api';

const AQLS = ['0', ...AQL_SERIES.map(String)];

export function BookingForm({ onClose, onBooked }: { onClose: () => void; onBooked: (doc: Doc) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const refresh = useQcRefresh();
  const [form] = Form.useForm();
  const orders = useQc<Doc[]>('orders', {});
  const companies = useQc<Doc[]>('inspection-companies', {});
  const [orderId, setOrderId] = useState<string>();
  const [party, setParty] = useState<string>('COMPANY');
  const [qty, setQty] = useState<Record<number, number>>({});
  const [allowReduced, setAllowReduced] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const order = orders.data?.find((o) => o.id === orderId);
  // The switching rules' severity for the next final inspection of the order's styles (server-computed).
  const next = useQc<{ severity: string; reason: string }>('next-severity', { order_id: orderId, ...(allowReduced ? { allow_reduced: '1' } : {}) }, !!orderId);
  const lines: Doc[] = useMemo(() => order?.lines ?? [], [order]);
  const opt = (list: readonly { value: string; label: { en: string; zh: string } }[]) => list.map((x) => ({ value: x.value, label: lang === 'en' ? x.label.en : x.label.zh }));
  const lot = lines.reduce((n, _l, i) => n + (qty[i] ?? 0), 0);

  const pickOrder = (id: string) => {
    setOrderId(id);
    const o = orders.data?.find((x) => x.id === id);
    setQty(Object.fromEntries((o?.lines ?? []).map((l: Doc, i: number) => [i, Math.round(Number(l.qty))])));
  };

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      const view = await postQc('book', {
        customer_order_id: v.order,
        inspection_type: v.type,
        inspection_date: (v.date as Dayjs).format('YYYY-MM-DD'),
        inspector_party: v.party,
        inspector_client_id: v.party === 'COMPANY' ? v.company : undefined,
        level: v.level,
        aql_critical: v.aqlCritical ?? '',
        aql_major: v.aqlMajor ?? '',
        aql_minor: v.aqlMinor ?? '',
        allow_reduced: allowReduced,
        penalty_result: v.penalty ?? '',
        deduction_amount: v.deductionAmount ?? '',
        deduction_ratio: v.deductionRatio ?? '',
        deduction_type: v.deductionType ?? '',
        lines: lines.map((l, i) => ({ style_code: l.style_code, colour: l.colour, size: l.size, qty: String(qty[i] ?? 0) })).filter((l) => l.qty !== '0'),
      });
      await refresh();
      onBooked(view.doc);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const required = [{ required: true, message: t('qc.required') }];
  return (
    <Modal open title={t('qc.book')} onCancel={onClose} onOk={submit} okText={t('qc.submit')} cancelText={t('qc.cancel')} confirmLoading={busy} width={720}
      okButtonProps={{ 'data-testid': 'qc-book-submit' } as never} data-testid="qc-booking">
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid="qc-book-error" />}
      <Form form={form} layout="vertical" initialValues={{ type: 'FINAL', party: 'COMPANY', level: 'II', aqlCritical: '0', aqlMajor: '2.5', aqlMinor: '4' }}>
        <Form.Item name="order" label={t('qc.order')} rules={required} extra={t('qc.pickOrder')}>
          <Select showSearch optionFilterProp="label" onChange={pickOrder} data-testid="qc-book-order"
            options={(orders.data ?? []).map((o) => ({ value: o.id, label: `${o.code} · ${o.factory_name}` }))} />
        </Form.Item>
        <div className="qc-form-row">
          <Form.Item name="type" label={t('qc.type')} rules={required}><Select options={opt(INSPECTION_TYPES.filter((x) => x.value !== 'RE_INSPECTION'))} /></Form.Item>
          <Form.Item name="date" label={t('qc.date')} rules={required}><DatePicker style={{ width: '100%' }} data-testid="qc-book-date" /></Form.Item>
        </div>
        <div className="qc-form-row">
          <Form.Item name="party" label={t('qc.party')} rules={required}><Select options={opt(INSPECTOR_PARTIES)} onChange={setParty} /></Form.Item>
          {party === 'COMPANY' && (
            <Form.Item name="company" label={t('qc.company')} rules={required}>
              <Select data-testid="qc-book-company" options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))} />
            </Form.Item>
          )}
        </div>
        <div className="qc-form-row">
          <Form.Item name="level" label={t('qc.level')}><Select options={INSPECTION_LEVELS.map((l) => ({ value: l, label: l }))} /></Form.Item>
          <Form.Item name="aqlCritical" label={`${t('qc.class.critical')} AQL`}><Select allowClear options={AQLS.map((a) => ({ value: a, label: a }))} /></Form.Item>
          <Form.Item name="aqlMajor" label={`${t('qc.class.major')} AQL`}><Select allowClear options={AQLS.map((a) => ({ value: a, label: a }))} /></Form.Item>
          <Form.Item name="aqlMinor" label={`${t('qc.class.minor')} AQL`}><Select allowClear options={AQLS.map((a) => ({ value: a, label: a }))} /></Form.Item>
        </div>
        <Form.Item extra={t('qc.allowReducedHint')} style={{ marginBottom: 8 }}>
          <Checkbox checked={allowReduced} onChange={(e) => setAllowReduced(e.target.checked)} data-testid="qc-book-allow-reduced">{t('qc.allowReduced')}</Checkbox>
        </Form.Item>
        {next.data && (
          <Alert type={next.data.severity === 'tightened' ? 'warning' : next.data.severity === 'reduced' ? 'success' : 'info'} showIcon style={{ marginBottom: 12 }} data-testid="qc-book-severity"
            message={`${t('qc.nextSeverity', { severity: labelOf(SEVERITY_OPTIONS, next.data.severity, lang) })} (${t(`qc.reason.${next.data.reason}`)})`} />
        )}
        <div className="qc-form-row" data-testid="qc-book-penalty">
          <Form.Item name="penalty" label={t('qc.penalty')} extra={t('qc.penaltyHint')}><Select allowClear options={opt(PENALTY_RESULT_OPTIONS)} /></Form.Item>
          <Form.Item name="deductionAmount" label={t('qc.deductionAmount')}><Input inputMode="decimal" /></Form.Item>
          <Form.Item name="deductionRatio" label={t('qc.deductionRatio')}><Input inputMode="decimal" /></Form.Item>
          <Form.Item name="deductionType" label={t('qc.deductionType')}><Select allowClear options={opt(DEDUCTION_TYPE_OPTIONS)} /></Form.Item>
        </div>
      </Form>
      {lines.length > 0 && (
        <Table<Doc> size="small" rowKey={(_r) => `${_r.style_code}|${_r.colour}|${_r.size}`} dataSource={lines} pagination={false} scroll={{ x: 360 }}
          title={() => `${t('qc.lines')} — ${t('qc.lot')}: ${lot}`}
          columns={[
            { title: t('qc.style'), dataIndex: 'style_code' },
            { title: t('qc.size'), key: 'cs', render: (_: unknown, l) => `${l.colour} / ${l.size}` },
            {
              title: t('qc.qty'),
              key: 'qty',
              render: (_: unknown, l, i) => (
                <InputNumber min={0} max={Math.round(Number(l.qty))} precision={0} value={qty[i] ?? 0} aria-label={`${l.colour} ${l.size}`}
                  onChange={(n) => setQty((q) => ({ ...q, [i]: Number(n ?? 0) }))} />
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
