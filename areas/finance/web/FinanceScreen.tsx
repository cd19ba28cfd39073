// /scm/page/finance: invoices of both companies (ours / to us, paged, filtered by status and
// number), an invoice from one or more shipments of one buyer, the match view (?invoice=id), debit
// notes (accept, dispute, set off), credit notes (issued / received, opening their invoice) and the
// statement with ageing and its .xlsx. Usable at 390 px (tables scroll, forms wrap).
import { App, Button, Card, DatePicker, Input, Segmented, Select, Space, Table, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatAmount } from '@seamline/core';
import { downloadFile, toastSuccess, useLang, useTranslation } from '@seamline/web/engine';
import { useOrdersLive } from '../../orders/web/live';
import { AGE_BUCKETS, CN_STATUSES, DN_STATUSES, FINANCE_BASE, INV_STATUSES } from '../meta';
import { postFinance, useFinanceQuery, useFinanceRefresh, type Doc } from './api';
import { InvoiceStatus, InvoiceView } from './InvoiceView';
import './texts';

function InvoiceList({ open }: { open: (id: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [side, setSide] = useState<'ours' | 'incoming'>('incoming');
  const [status, setStatus] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const [page, setPage] = useState({ page: 1, size: 20 });
  const list = useFinanceQuery<Doc>('invoice/list', { side, status, code, p: JSON.stringify(page) });
  const ships = useFinanceQuery<Doc[]>('invoice/billable-shipments', {}, side === 'ours');
  const [picked, setPicked] = useState<string[]>([]);
  useOrdersLive(null, () => void list.refetch());
  const create = async () => {
    const d = await postFinance('invoice/from-shipment', { shipment_ids: picked });
    open(String(d.id));
  };
  // One invoice bills one buyer: once a shipment is picked, only that buyer's are offered.
  const buyer = (ships.data ?? []).find((s) => s.id === picked[0])?.buyer_client_id;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Segmented value={side} onChange={(v) => setSide(v as typeof side)} options={[{ value: 'incoming', label: t('finance.incoming') }, { value: 'ours', label: t('finance.ours') }]} />
        <Select allowClear style={{ width: 150 }} placeholder={t('finance.status')} value={status} onChange={setStatus}
          options={INV_STATUSES.map((s) => ({ value: s.value, label: lang === 'en' ? s.label.en : s.label.zh }))} />
        <Input.Search allowClear style={{ width: 180 }} placeholder={t('finance.code')} onSearch={(v) => setCode(v)} />
      </Space>
      {side === 'ours' && (
        <Space wrap>
          <Select mode="multiple" allowClear style={{ width: 300, maxWidth: '100%' }} placeholder={t('finance.pickShipments')} value={picked} onChange={setPicked} data-testid="pick-shipment"
            optionFilterProp="label" maxTagCount="responsive"
            options={(ships.data ?? []).filter((s) => !buyer || s.buyer_client_id === buyer).map((s) => ({ value: s.id, label: `${s.code} · ${s.buyer_name ?? ''}` }))} />
          <Button type="primary" disabled={!picked.length} onClick={() => void create()} data-testid="create-invoice">{t('finance.create')}</Button>
        </Space>
      )}
      <Table<Doc>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        dataSource={list.data?.rows ?? []}
        locale={{ emptyText: t('finance.empty') }}
        onRow={(r) => ({ onClick: () => open(String(r.id)), style: { cursor: 'pointer' } })}
        pagination={{ current: page.page, pageSize: page.size, total: list.data?.total ?? 0, onChange: (p, s) => setPage({ page: p, size: s }), size: 'small' }}
        columns={[
          // What a phone must see without scrolling first (390 px): the number, its state, what is owed.
          { title: t('finance.code'), dataIndex: 'code' },
          { title: t('finance.status'), render: (_, r) => <InvoiceStatus value={r.status} /> },
          { title: t('finance.open'), align: 'right', render: (_, r) => formatAmount(r.open_amount, r.currency, lang) },
          { title: t('finance.due'), dataIndex: 'due_date' },
          { title: t('finance.counterpart'), dataIndex: 'counterpart_name' },
          { title: t('finance.total'), align: 'right', render: (_, r) => formatAmount(r.total, r.currency, lang) },
        ]}
      />
    </Space>
  );
}

function NotesPanel() {
  const { t } = useTranslation();
  const lang = useLang();
  const { modal } = App.useApp();
  const [side, setSide] = useState<'issued' | 'received'>('received');
  const notes = useFinanceQuery<Doc[]>('debit-note/list', { side });
  const payable = useFinanceQuery<Doc>('invoice/list', { side: 'incoming', p: JSON.stringify({ page: 1, size: 200 }) }, side === 'issued');
  const refresh = useFinanceRefresh();
  const done = async (p: Promise<unknown>) => {
    await p;
    toastSuccess(t('finance.done'));
    await refresh();
  };
  const dispute = (n: Doc) => {
    let reason = '';
    modal.confirm({
      title: t('finance.note.dispute'),
      content: <Input.TextArea maxLength={1000} onChange={(e) => (reason = e.target.value)} placeholder={t('finance.reason')} />,
      onOk: () => done(postFinance('debit-note/dispute', { id: n.id, version: n.version, reason })),
    });
  };
  const open = (payable.data?.rows ?? []).filter((r: Doc) => r.status === 'APPROVED' || r.status === 'PARTLY_PAID');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Segmented value={side} onChange={(v) => setSide(v as typeof side)} options={[{ value: 'received', label: t('finance.notes.received') }, { value: 'issued', label: t('finance.notes.issued') }]} />
      <Table<Doc>
        rowKey="id" size="small" scroll={{ x: 'max-content' }} pagination={false} dataSource={notes.data ?? []} locale={{ emptyText: t('finance.notes.empty') }}
        columns={[
          { title: t('finance.note.code'), dataIndex: 'code' },
          { title: t('finance.amount'), align: 'right', render: (_, n) => formatAmount(n.amount, n.currency, lang) },
          { title: t('finance.status'), render: (_, n) => { const v = DN_STATUSES.find((s) => s.value === n.status); return v ? (lang === 'en' ? v.label.en : v.label.zh) : n.status; } },
          {
            title: '',
            render: (_, n) =>
              side === 'received' ? (
                <Space>
                  {['OPEN', 'DISPUTED'].includes(n.status) && <Button size="small" onClick={() => void done(postFinance('debit-note/accept', { id: n.id, version: n.version }))}>{t('finance.note.accept')}</Button>}
                  {n.status === 'OPEN' && <Button size="small" danger onClick={() => dispute(n)}>{t('finance.note.dispute')}</Button>}
                </Space>
              ) : n.status === 'ACCEPTED' ? (
                <Select size="small" style={{ width: 180 }} placeholder={t('finance.note.setOff')}
                  options={open.filter((i: Doc) => i.client_id === n.supplier_client_id && i.currency === n.currency).map((i: Doc) => ({ value: i.id, label: `${i.code} · ${formatAmount(i.open_amount, i.currency, lang)}` }))}
                  // Setting a note off settles part of an invoice for good: confirmed first.
                  onChange={(invoice) => modal.confirm({
                    title: t('finance.note.confirmSetOff', { note: n.code, amount: formatAmount(n.amount, n.currency, lang), invoice: open.find((i: Doc) => i.id === invoice)?.code ?? '' }),
                    onOk: () => done(postFinance('invoice/set-off', { id: invoice, note_id: n.id })),
                  })} />
              ) : null,
          },
          { title: t('finance.counterpart'), dataIndex: 'counterpart_name' },
          { title: t('finance.note.ticket'), dataIndex: 'ticket_code' },
          { title: t('finance.note.reason'), render: (_, n) => n.dispute_reason ?? n.reason },
        ]}
      />
    </Space>
  );
}

function CreditsPanel({ open }: { open: (id: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [side, setSide] = useState<'issued' | 'received'>('received');
  const notes = useFinanceQuery<Doc[]>('credit-note/list', { side });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Segmented value={side} onChange={(v) => setSide(v as typeof side)} options={[{ value: 'received', label: t('finance.notes.received') }, { value: 'issued', label: t('finance.notes.issued') }]} />
      <Table<Doc>
        rowKey="id" size="small" scroll={{ x: 'max-content' }} pagination={{ pageSize: 20, size: 'small', hideOnSinglePage: true }} dataSource={notes.data ?? []}
        locale={{ emptyText: t('finance.credit.none') }} onRow={(n) => ({ onClick: () => open(String(n.invoice_id)), style: { cursor: 'pointer' } })}
        columns={[
          { title: t('finance.credit.code'), dataIndex: 'code', sorter: (a, b) => String(a.code).localeCompare(String(b.code)) },
          { title: t('finance.amount'), align: 'right', render: (_, n) => formatAmount(n.amount, n.currency, lang) },
          {
            title: t('finance.status'),
            filters: CN_STATUSES.map((v) => ({ value: v.value, text: lang === 'en' ? v.label.en : v.label.zh })),
            onFilter: (v, n) => n.status === v,
            render: (_, n) => { const v = CN_STATUSES.find((x) => x.value === n.status); return v ? (lang === 'en' ? v.label.en : v.label.zh) : n.status; },
          },
          { title: t('finance.code'), dataIndex: 'invoice_code' },
          { title: t('finance.counterpart'), dataIndex: 'counterpart_name' },
          { title: t('finance.date'), dataIndex: 'note_date', sorter: (a, b) => String(a.note_date).localeCompare(String(b.note_date)) },
        ]}
      />
    </Space>
  );
}

function StatementPanel() {
  const { t } = useTranslation();
  const lang = useLang();
  const [asBuyer, setAsBuyer] = useState(true);
  const [other, setOther] = useState<string | undefined>();
  const [range, setRange] = useState<[string, string]>([dayjs().startOf('year').format('YYYY-MM-DD'), dayjs().format('YYYY-MM-DD')]);
  const companies = useFinanceQuery<Doc>('invoice/list', { side: asBuyer ? 'incoming' : 'ours', p: JSON.stringify({ page: 1, size: 200 }) });
  const names = new Map<string, string>();
  for (const r of (companies.data?.rows ?? []) as Doc[]) names.set(String(asBuyer ? r.client_id : r.buyer_client_id), String(r.counterpart_name));
  const query = { [asBuyer ? 'supplier_id' : 'buyer_id']: other, from: range[0], to: range[1] };
  const st = useFinanceQuery<Doc>('statement', query, !!other);
  const money = (v: unknown, cur: unknown) => formatAmount(v, cur, lang);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Segmented value={asBuyer ? 'b' : 's'} onChange={(v) => { setAsBuyer(v === 'b'); setOther(undefined); }} options={[{ value: 'b', label: t('finance.st.asBuyer') }, { value: 's', label: t('finance.st.asSupplier') }]} />
        <Select style={{ width: 220 }} placeholder={t('finance.st.counterpart')} value={other} onChange={setOther} options={[...names].map(([value, label]) => ({ value, label }))} />
        <DatePicker.RangePicker value={[dayjs(range[0]), dayjs(range[1])]} onChange={(v) => v?.[0] && v[1] && setRange([v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD')])} />
        <Button disabled={!other} onClick={() => void downloadFile(`${FINANCE_BASE}/statement-export`, query as Record<string, string>, 'statement.xlsx')}>{t('finance.st.export')}</Button>
      </Space>
      {st.data && (
        <>
          {/* Opening and closing per currency above the table: at 390 px its amount columns are off to the right. */}
          <Space direction="vertical" size={0}>
            {Object.entries(st.data.closing as Record<string, string>).map(([cur, v]) => (
              <Typography.Text key={cur} data-testid={`st-balance-${cur}`}>
                {t('finance.st.opening')} {money(st.data!.opening[cur] ?? '0', cur)} → {t('finance.st.closing')} <b>{money(v, cur)}</b>
              </Typography.Text>
            ))}
          </Space>
          <Table<Doc>
            rowKey={(e) => `${e.kind}-${e.ref}-${e.date}-${e.balance}`} size="small" pagination={false} scroll={{ x: 'max-content' }} dataSource={st.data.entries}
            columns={[
              { title: t('finance.date'), dataIndex: 'date' },
              { title: t('finance.st.kind'), render: (_, e) => t(`finance.st.kind.${e.kind}`) },
              { title: t('finance.st.ref'), dataIndex: 'ref' },
              { title: t('finance.amount'), align: 'right', render: (_, e) => money(e.amount, e.currency) },
              { title: t('finance.st.balance'), align: 'right', render: (_, e) => money(e.balance, e.currency) },
            ]}
            summary={() => Object.entries(st.data!.closing as Record<string, string>).map(([cur, v]) => (
              <Table.Summary.Row key={cur}><Table.Summary.Cell index={0} colSpan={4}>{t('finance.st.closing')} ({t('finance.st.opening')} {money(st.data!.opening[cur] ?? '0', cur)})</Table.Summary.Cell><Table.Summary.Cell index={4} align="right"><b>{money(v, cur)}</b></Table.Summary.Cell></Table.Summary.Row>
            ))}
          />
          <Typography.Title level={5}>{t('finance.st.ageing')}</Typography.Title>
          <Table<Doc>
            rowKey="cur" size="small" pagination={false} scroll={{ x: 'max-content' }}
            dataSource={Object.entries(st.data.ageing as Record<string, Doc>).map(([cur, b]) => ({ cur, ...b }))}
            columns={[{ title: '', dataIndex: 'cur' }, ...AGE_BUCKETS.map((k) => ({ title: t(`finance.age.${k}`), align: 'right' as const, render: (_: unknown, r: Doc) => money(r[k], r.cur) }))]}
          />
        </>
      )}
    </Space>
  );
}

export default function FinanceScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const invoice = params.get('invoice');
  const tab = params.get('tab') ?? 'invoices';
  const go = (next: Record<string, string>) => setParams(next);
  return (
    // No card title: the page's header already says 'Invoices and payments' (twice at 390 px took a row).
    <Card data-testid="finance-screen" styles={{ body: { padding: 12 } }}>
      {invoice ? (
        <InvoiceView id={invoice} onBack={() => go({ tab: 'invoices' })} />
      ) : (
        <Tabs size="small" tabBarGutter={12} activeKey={tab} onChange={(k) => go({ tab: k })} items={[
          { key: 'invoices', label: t('finance.tab.invoices'), children: <InvoiceList open={(id) => go({ invoice: id })} /> },
          { key: 'notes', label: t('finance.tab.notes'), children: <NotesPanel /> },
          { key: 'credits', label: t('finance.tab.credits'), children: <CreditsPanel open={(id) => go({ invoice: id })} /> },
          { key: 'statement', label: t('finance.tab.statement'), children: <StatementPanel /> },
        ]} />
      )}
    </Card>
  );
}
