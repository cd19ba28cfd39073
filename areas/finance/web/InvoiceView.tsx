// One invoice as either company reads it — the match view (docs/finance.md 'Matching'): header
// with totals in the invoice's currency, each line against the order's price and the receipt
// with the held reason in the reader's language, corrections while draft or held (supplier),
// the actions the server offers the reader's side, payments, credit notes (either side issues one
// on an approved invoice; the supplier answers the buyer's). Quantities, prices and amounts are
// typed as text, checked before posting and sent as text: never through a float.
import { Alert, App, Button, Card, Descriptions, Form, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { compareDec, formatAmount } from '@seamline/core';
import { toastSuccess, useLang, useTranslation } from '@seamline/web/engine';
import { useOrdersLive } from '../../orders/web/live';
import { CN_STATUSES, EDITABLE, INV_STATUSES } from '../meta';
import { postFinance, useFinanceQuery, useFinanceRefresh, type Doc } from './api';
import './texts';

export function InvoiceStatus({ value }: { value: string }) {
  const lang = useLang();
  const v = INV_STATUSES.find((s) => s.value === value);
  return <Tag color={v?.color} data-testid={`status-${value}`}>{v ? (lang === 'en' ? v.label.en : v.label.zh) : value}</Tag>;
}

/** An amount as the server takes it: above 0, at most 4 decimals (checked as text). */
/** The flow area's 'my approvals' list, where a running approval is decided. */
const MY_APPROVALS = '/collab/page/my-approvals';

const AMOUNT = /^\d{1,14}(\.\d{1,4})?$/;

interface Edit {
  qty: string;
  price: string;
}

export function InvoiceView({ id, onBack }: { id: string; onBack?: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const q = useFinanceQuery<Doc>('invoice/view', { id }, !!id);
  const refresh = useFinanceRefresh();
  useOrdersLive([id], () => void q.refetch());
  const [edits, setEdits] = useState<Record<string, Edit>>({});
  const [busy, setBusy] = useState(false);
  const [pay] = Form.useForm();
  const [credit] = Form.useForm();
  const doc = q.data;
  if (!doc) return q.isError ? <Alert type="error" message={q.error?.message} /> : null;
  const money = (v: unknown) => formatAmount(v, doc.currency, lang);
  const editable = doc.side === 'owner' && EDITABLE.includes(doc.status);
  const lines: Doc[] = doc.lines ?? [];
  const held = lines.filter((l) => l.match_status === 'HELD');
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
      setEdits({});
      toastSuccess(t('finance.done'));
      await refresh();
    } finally {
      setBusy(false);
    }
  };
  const act = (action: string, extra: Doc = {}) => run(() => postFinance(`invoice/${action}`, { id: doc.id, version: doc.version, ...extra }));
  const save = () =>
    run(() =>
      postFinance('invoice/save', {
        id: doc.id,
        version: doc.version,
        lines: lines.map((l) => ({ id: l.id, qty: edits[l.id]?.qty ?? l.qty, price: edits[l.id]?.price ?? l.price })),
      }),
    );
  // Checked before posting, as text: above 0, ≤ 4 decimals, not above what is still owed.
  const amountRules = [
    { required: true, message: t('finance.amountRequired') },
    {
      validator: (_: unknown, v: string) =>
        !v ? Promise.resolve()
          : !AMOUNT.test(v.trim()) || compareDec(v.trim(), '0') <= 0 ? Promise.reject(new Error(t('finance.amountFormat')))
            : compareDec(v.trim(), doc.open_amount) > 0 ? Promise.reject(new Error(t('finance.amountAboveOpen', { open: money(doc.open_amount) })))
              : Promise.resolve(),
    },
  ];
  const credits: Doc[] = doc.credit_notes ?? [];
  // While the buyer's approval flow runs, the flow decides: approve and reject wait for it.
  const actions = (doc.actions as string[]).filter((a) => !(doc.approval && (a === 'approve' || a === 'reject')));
  const issueCredit = (v: { amount: string; reason: string }) => {
    const data = { invoice_id: doc.id, amount: v.amount.trim(), reason: v.reason.trim() };
    // The supplier's credit lowers what it is owed at once: confirmed first.
    modal.confirm({
      title: t(doc.side === 'owner' ? 'finance.credit.confirmOwner' : 'finance.credit.confirmBuyer', { amount: money(data.amount), code: doc.code }),
      okButtonProps: { 'data-testid': 'credit-confirm' } as Doc,
      onOk: () => run(() => postFinance('credit-note/issue', data)).then(() => credit.resetFields()),
    });
  };
  // Accepting the buyer's credit lowers what the supplier is owed at once: confirmed first.
  const acceptCredit = (n: Doc) =>
    modal.confirm({
      title: t('finance.credit.confirmAccept', { amount: money(n.amount), code: n.code }),
      okButtonProps: { 'data-testid': 'credit-accept-confirm' } as Doc,
      onOk: () => run(() => postFinance('credit-note/accept', { id: n.id, version: n.version })),
    });
  const disputeCredit = (n: Doc) => {
    let reason = '';
    modal.confirm({
      title: t('finance.credit.dispute'),
      content: <Input.TextArea maxLength={1000} data-testid="credit-dispute-reason" onChange={(e) => (reason = e.target.value)} placeholder={t('finance.reason')} />,
      onOk: () => run(() => postFinance('credit-note/dispute', { id: n.id, version: n.version, reason })),
    });
  };
  const reject = () => {
    let reason = '';
    modal.confirm({
      title: t('finance.action.reject'),
      content: <Input.TextArea data-testid="reject-reason" maxLength={1000} onChange={(e) => (reason = e.target.value)} placeholder={t('finance.reason')} />,
      onOk: () => act('reject', { reason }),
    });
  };
  const edit = (l: Doc, field: keyof Edit) => (
    <Input
      size="small"
      inputMode="decimal"
      data-testid={`edit-${field}-${l.seq}`}
      value={edits[l.id]?.[field] ?? l[field]}
      onChange={(e) => setEdits((p) => ({ ...p, [l.id]: { qty: p[l.id]?.qty ?? l.qty, price: p[l.id]?.price ?? l.price, [field]: e.target.value } }))}
      style={{ width: 96 }}
    />
  );

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="invoice-view">
      {onBack && <Button onClick={onBack}>{t('finance.back')}</Button>}
      <Card size="small" title={<Space wrap>{doc.code}<InvoiceStatus value={doc.status} /></Space>}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
          <Descriptions.Item label={t('finance.supplier')}>{doc.supplier_name}</Descriptions.Item>
          <Descriptions.Item label={t('finance.buyer')}>{doc.buyer_name}</Descriptions.Item>
          <Descriptions.Item label={t((doc.shipments ?? []).length > 1 ? 'finance.shipments' : 'finance.shipment')}>
            <span data-testid="invoice-shipments">{((doc.shipments ?? []) as Doc[]).map((s) => s.code).join(', ') || doc.shipment_code}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('finance.date')}>{doc.invoice_date}</Descriptions.Item>
          <Descriptions.Item label={t('finance.due')}>{doc.due_date}</Descriptions.Item>
          <Descriptions.Item label={t('finance.billOn')}>{t(`finance.billOn.${doc.bill_on}`)}</Descriptions.Item>
          <Descriptions.Item label={t('finance.subtotal')}>{money(doc.subtotal)}</Descriptions.Item>
          <Descriptions.Item label={t('finance.tax', { rate: String(Number(doc.tax_rate)) })}>{money(doc.tax_amount)}</Descriptions.Item>
          <Descriptions.Item label={t('finance.total')}><b data-testid="invoice-total">{money(doc.total)}</b></Descriptions.Item>
          <Descriptions.Item label={t('finance.paid')}>{money(doc.paid_amount)}</Descriptions.Item>
          <Descriptions.Item label={t('finance.setOff')}>{money(doc.set_off_amount)}</Descriptions.Item>
          <Descriptions.Item label={t('finance.credited')}>{money(doc.credit_amount ?? '0')}</Descriptions.Item>
          <Descriptions.Item label={t('finance.open')}><b data-testid="invoice-open">{money(doc.open_amount)}</b></Descriptions.Item>
        </Descriptions>
        {doc.reject_reason && <Alert type="warning" showIcon message={t('finance.rejected', { reason: doc.reject_reason })} />}
        {doc.approval && (
          <Alert type="info" showIcon data-testid="approval-running" message={doc.approval.text}
            action={<Button size="small" onClick={() => void navigate(MY_APPROVALS)}>{t('finance.approval.open')}</Button>} />
        )}
        {/* The reasons are written here too: at 390 px the table's match column is off to the right. */}
        {held.length > 0 && (
          <Alert type="error" showIcon data-testid="held-alert" message={t('finance.heldCount', { n: String(held.length) })}
            description={<ul style={{ margin: 0, paddingInlineStart: 16 }}>{held.map((l) => <li key={l.id}>{`${l.style_code} ${l.colour} ${l.size}: ${l.held_reason ?? ''}`}</li>)}</ul>} />
        )}
      </Card>

      <Card size="small" title={t('finance.lines')}>
        <Table<Doc>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={lines}
          data-testid="match-table"
          columns={[
            ...((doc.shipments ?? []).length > 1 ? [{ title: t('finance.shipment'), dataIndex: 'shipment_code' }] : []),
            { title: t('finance.order'), dataIndex: 'order_code' },
            { title: t('finance.item'), render: (_, l) => `${l.style_code} ${l.colour} ${l.size}` },
            {
              title: t('finance.match'),
              render: (_, l) =>
                l.match_status ? (
                  <Space direction="vertical" size={0} data-testid={`match-${l.seq}`}>
                    <Tag color={l.match_status === 'HELD' ? 'orange' : 'green'}>{t(`finance.match.${l.match_status}`)}</Tag>
                    {l.held_reason && <Typography.Text type="danger" data-testid={`held-reason-${l.seq}`}>{l.held_reason}</Typography.Text>}
                  </Space>
                ) : null,
            },
            { title: t('finance.qty'), align: 'right', render: (_, l) => (editable ? edit(l, 'qty') : l.qty) },
            { title: t('finance.price'), align: 'right', render: (_, l) => (editable ? edit(l, 'price') : l.price) },
            { title: t('finance.orderPrice'), align: 'right', dataIndex: 'order_price' },
            { title: t('finance.receivedQty'), align: 'right', dataIndex: 'received_qty' },
            { title: t('finance.amount'), align: 'right', render: (_, l) => money(l.amount) },
          ]}
        />
        <Space wrap style={{ marginTop: 12 }}>
          {editable && <Button disabled={busy || !Object.keys(edits).length} onClick={() => void save()} data-testid="save-lines">{t('finance.save')}</Button>}
          {actions.filter((a) => a !== 'pay' && a !== 'reject').map((a) => (
            <Button key={a} type="primary" disabled={busy || (a === 'submit' && Object.keys(edits).length > 0)} onClick={() => void act(a)} data-testid={`action-${a}`}>
              {/* With the buyer's bound flow, approve sends the invoice into it. */}
              {t(a === 'approve' && doc.approval_flow ? 'finance.action.approveFlow' : `finance.action.${a}`)}
            </Button>
          ))}
          {actions.includes('reject') && <Button danger disabled={busy} onClick={reject} data-testid="action-reject">{t('finance.action.reject')}</Button>}
        </Space>
      </Card>

      <Card size="small" title={t('finance.payments')}>
        {(doc.payments as Doc[]).length === 0 ? (
          <Typography.Text type="secondary">{t('finance.noPayments')}</Typography.Text>
        ) : (
          <Table<Doc> rowKey="id" size="small" pagination={false} dataSource={doc.payments} columns={[
            { title: t('finance.payDate'), dataIndex: 'paid_on' },
            { title: t('finance.payRef'), dataIndex: 'reference' },
            { title: t('finance.payAmount'), align: 'right', render: (_, p) => money(p.amount) },
          ]} />
        )}
        {(doc.actions as string[]).includes('pay') && (
          <Form form={pay} layout="inline" style={{ marginTop: 12, rowGap: 8 }} onFinish={(v) => void run(() => postFinance('invoice/pay', { id: doc.id, ...v })).then(() => pay.resetFields())}>
            <Form.Item name="amount" rules={amountRules}><Input inputMode="decimal" placeholder={t('finance.payAmount')} data-testid="pay-amount" style={{ width: 120 }} /></Form.Item>
            <Form.Item name="paid_on"><Input type="date" data-testid="pay-date" /></Form.Item>
            <Form.Item name="reference"><Input placeholder={t('finance.payRef')} maxLength={100} style={{ width: 140 }} /></Form.Item>
            <Button htmlType="submit" type="primary" disabled={busy} data-testid="action-pay">{t('finance.action.pay')}</Button>
          </Form>
        )}
      </Card>
      <Card size="small" title={t('finance.credits')} data-testid="credit-notes">
        {credits.length === 0 ? (
          <Typography.Text type="secondary">{t('finance.credit.none')}</Typography.Text>
        ) : (
          <Table<Doc> rowKey="id" size="small" pagination={false} scroll={{ x: 'max-content' }} dataSource={credits} columns={[
            { title: t('finance.credit.code'), dataIndex: 'code' },
            { title: t('finance.amount'), align: 'right', render: (_, n) => money(n.amount) },
            { title: t('finance.status'), render: (_, n) => { const v = CN_STATUSES.find((x) => x.value === n.status); return <Tag color={v?.color}>{v ? (lang === 'en' ? v.label.en : v.label.zh) : n.status}</Tag>; } },
            {
              title: '',
              render: (_, n) =>
                doc.side === 'owner' && !n.mine ? (
                  <Space>
                    {['OPEN', 'DISPUTED'].includes(n.status) && <Button size="small" disabled={busy} data-testid={`credit-accept-${n.code}`} onClick={() => acceptCredit(n)}>{t('finance.note.accept')}</Button>}
                    {n.status === 'OPEN' && <Button size="small" danger disabled={busy} onClick={() => disputeCredit(n)}>{t('finance.note.dispute')}</Button>}
                  </Space>
                ) : null,
            },
            { title: t('finance.date'), dataIndex: 'note_date' },
            { title: t('finance.credit.by'), render: (_, n) => t(`finance.credit.by.${n.by}`) },
            { title: t('finance.note.reason'), render: (_, n) => (n.dispute_reason ? `${n.reason} — ${n.dispute_reason}` : n.reason) },
          ]} />
        )}
        {doc.can_credit && (
          <Form form={credit} layout="inline" style={{ marginTop: 12, rowGap: 8 }} onFinish={issueCredit}>
            <Form.Item name="amount" rules={amountRules}><Input inputMode="decimal" placeholder={t('finance.amount')} data-testid="credit-amount" style={{ width: 120 }} /></Form.Item>
            <Form.Item name="reason" rules={[{ required: true, whitespace: true, message: t('finance.credit.reasonRequired') }]}>
              <Input placeholder={t('finance.note.reason')} maxLength={1000} data-testid="credit-reason" style={{ width: 220, maxWidth: '100%' }} />
            </Form.Item>
            <Button htmlType="submit" disabled={busy} data-testid="credit-issue">{t(doc.side === 'owner' ? 'finance.credit.issue' : 'finance.credit.request')}</Button>
          </Form>
        )}
      </Card>
    </Space>
  );
}
