// A brand places an order on a supplier on the platform (one of its vendors linked to a
// company): number, delivery date and lines per style × colour × size with 4-decimal prices. The
// server checks it with the customer order's own definition and answers field errors (11000),
// the duplicate order number included.
import { Alert, Button, DatePicker, Form, Input, Modal, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountSymbol, CURRENCIES, et, unitLabel, unitProblem } from '@seamline/core';
import { api, FieldErrorsError, toastSuccess, useLang, useNumbers } from '@seamline/web/engine';
import { useOrdersQuery, useOrdersRefresh, type Doc } from './api';

interface Line { key: number; style_code: string; colour: string; size: string; qty: string; price: string }

const DECIMAL = /^\d+(\.\d{1,4})?$/;

export function PlaceOrder({ onPlaced }: { onPlaced: (doc: Doc) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const n = useNumbers();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm();
  const [lines, setLines] = useState<Line[]>([]);
  const [lineError, setLineError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useOrdersRefresh();
  const suppliers = useOrdersQuery<Array<{ vendor_id: string; name: string; code: string; client_id: string }>>('customer-order/suppliers', {}, open);
  const setLine = (key: number, patch: Partial<Line>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const start = () => {
    form.resetFields();
    setLines([{ key: 1, style_code: '', colour: '', size: '', qty: '', price: '' }]);
    setLineError(null);
    setOpen(true);
  };
  const submit = async () => {
    const v = await form.validateFields();
    const bad = lines.some((l) => !l.style_code.trim() || !l.colour.trim() || !l.size.trim() || !DECIMAL.test(l.qty) || Number(l.qty) <= 0 || (l.price !== '' && !DECIMAL.test(l.price)));
    if (lines.length === 0 || bad) {
      setLineError(t('orders.linesHint'));
      return;
    }
    // Pieces are whole (issue 30): the same words as the server's field error.
    if (lines.some((l) => unitProblem(l.qty, 'PCS'))) {
      setLineError(et(lang, 'entity.wholeUnits', { unit: unitLabel('PCS', lang) }));
      return;
    }
    setBusy(true);
    try {
      const doc = await api.post<Doc>('scmapi/customer-order/place', {
        DATA: JSON.stringify({
          supplier_client_id: v.supplier,
          code: v.code,
          delivery_date: v.delivery_date ? v.delivery_date.format('YYYY-MM-DD') : null,
          remark: v.remark,
          currency: v.currency,
          lines: lines.map(({ key: _k, price, ...l }) => ({ ...l, price: price || null })),
        }),
      });
      toastSuccess(t('orders.done'));
      setOpen(false);
      await refresh('customer-order');
      onPlaced(doc);
    } catch (err) {
      if (err instanceof FieldErrorsError) {
        const errors = err.errors as Record<string, unknown>;
        form.setFields(['code', 'delivery_date', 'remark'].filter((f) => Array.isArray(errors[f])).map((f) => ({ name: f, errors: errors[f] as string[] })));
        // The lines' own messages when the server names them (a fraction of pieces), else the hint.
        const rowMessages = Array.isArray(errors.lines) ? (errors.lines as unknown[]).flatMap((r) => (r && typeof r === 'object' ? Object.values(r as Record<string, string[]>).flat() : [])) : [];
        if (errors.lines) setLineError(rowMessages.length ? [...new Set(rowMessages)].join('; ') : t('orders.linesHint'));
      }
    } finally {
      setBusy(false);
    }
  };
  const currency = Form.useWatch('currency', form) as string | undefined;
  const cell = (l: Line, field: keyof Omit<Line, 'key'>, width: number, affix?: { prefix?: string; suffix?: string }) => (
    <Input size="small" style={{ width }} value={l[field]} onChange={(e) => setLine(l.key, { [field]: e.target.value })} data-testid={`line-${field}-${l.key}`} {...affix} />
  );
  return (
    <>
      <Button type="primary" onClick={start} data-testid="place-order">{t('orders.place')}</Button>
      <Modal open={open} title={t('orders.placeTitle')} width="min(860px, 100vw)" okText={t('orders.place')} cancelText={t('orders.cancel')} onOk={submit} onCancel={() => setOpen(false)} okButtonProps={{ loading: busy, 'data-testid': 'place-submit' } as never} destroyOnHidden>
        {suppliers.data && suppliers.data.length === 0 && <Alert type="info" showIcon message={t('orders.noSuppliers')} style={{ marginBottom: 12 }} />}
        <Form form={form} layout="vertical">
          <Space wrap align="start">
            <Form.Item name="supplier" label={t('orders.supplier')} rules={[{ required: true, message: t('orders.required') }]}>
              <Select style={{ width: 240 }} loading={suppliers.isLoading} options={(suppliers.data ?? []).map((s) => ({ value: s.client_id, label: `${s.code} ${s.name}` }))} data-testid="place-supplier" />
            </Form.Item>
            <Form.Item name="code" label={t('orders.code')} rules={[{ required: true, whitespace: true, message: t('orders.required') }]}>
              <Input style={{ width: 200 }} maxLength={64} data-testid="place-code" />
            </Form.Item>
            <Form.Item name="delivery_date" label={t('orders.deliveryDate')}>
              <DatePicker />
            </Form.Item>
            <Form.Item name="currency" label={t('orders.currency')} initialValue="CNY">
              <Select style={{ width: 120 }} options={CURRENCIES.map((c) => ({ value: c.code, label: c.code }))} data-testid="place-currency" />
            </Form.Item>
          </Space>
          <Form.Item name="remark" label={t('orders.remark')}>
            <Input.TextArea rows={2} maxLength={1000} />
          </Form.Item>
        </Form>
        {lineError && <Alert type="error" showIcon message={lineError} style={{ marginBottom: 8 }} />}
        <Table<Line>
          size="small"
          rowKey="key"
          pagination={false}
          scroll={{ x: 620 }}
          dataSource={lines}
          columns={[
            { title: t('orders.style'), render: (_, l) => cell(l, 'style_code', 110) },
            { title: t('orders.colour'), render: (_, l) => cell(l, 'colour', 100) },
            { title: t('orders.size'), render: (_, l) => cell(l, 'size', 60) },
            { title: t('orders.qty'), render: (_, l) => cell(l, 'qty', 100, { suffix: n.unit('PCS') }) },
            { title: t('orders.price'), render: (_, l) => cell(l, 'price', 120, { prefix: amountSymbol(currency ?? 'CNY') }) },
            { key: 'x', render: (_, l) => <Button size="small" type="text" danger onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}>×</Button> },
          ]}
        />
        <Button style={{ marginTop: 8 }} onClick={() => setLines((ls) => [...ls, { ...(ls.at(-1) ?? { style_code: '', colour: '', size: '', qty: '', price: '' }), key: Math.max(0, ...ls.map((l) => l.key)) + 1, size: '' }])} data-testid="add-line">
          {t('orders.addLine')}
        </Button>
      </Modal>
    </>
  );
}
