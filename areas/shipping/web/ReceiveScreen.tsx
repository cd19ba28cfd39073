// /scm/page/shipment-receive?id=…: the brand receives a shipment at the dock (a phone at 390 px,
// a hand scanner as keyboard wedge): the scan field ticks the carton whose SSCC it reads (and
// stays focused for the next one), or cartons are ticked by hand; one bin for all; counted and
// damaged quantities with a reason where a line differs; Post asks first, then sends ONE receipt
// (all or nothing). The screen refetches when the supplier or a colleague acts (live).
import { Alert, App, Button, Card, Checkbox, Descriptions, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { InputRef } from 'antd';
import { toastSuccess, useNumbers, useTranslation } from '@seamline/web/engine';
import { useOrdersLive } from '../../orders/web/live';
import { StatusTag } from '../../orders/web/StatusTag';
import { shipmentEntity, ssccFromScan } from '../meta';
import { postShipping, useShippingQuery, useShippingRefresh, type Doc } from './api';
import { receivedQtyColumns } from './receivedColumns';
import './texts';

interface Diff {
  received_qty?: string;
  damaged_qty?: string;
  reason?: string;
}

export default function ReceiveScreen() {
  const { t } = useTranslation();
  const n = useNumbers();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const view = useShippingQuery<Doc>('shipment/shared-view', { id }, !!id);
  const bins = useShippingQuery<Doc>('warehouse-bin/page-list', { p: JSON.stringify({ page: 1, size: 200 }) });
  const refresh = useShippingRefresh();
  useOrdersLive(id ? [id] : null, () => void view.refetch());
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [pickedBin, setBin] = useState<string | undefined>();
  // The first bin until the user picks another (a dock usually receives into one bin).
  const bin = pickedBin ?? (bins.data?.rows?.[0]?.id as string | undefined);
  const [diffs, setDiffs] = useState<Record<string, Diff>>({});
  const [scan, setScan] = useState('');
  const [feedback, setFeedback] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const scanRef = useRef<InputRef>(null);

  const doc: Doc | undefined = view.data?.doc;
  const cartons: Doc[] = doc?.cartons ?? [];
  const lines: Doc[] = doc?.lines ?? [];
  const receivedLines = new Set<string>((view.data?.received ?? []).map((r: Doc) => String(r.line_id)));
  const done = (c: Doc) => lines.filter((l) => l.carton_no === c.carton_no).every((l) => receivedLines.has(String(l.id)));
  const open = cartons.filter((c) => !done(c));
  const canReceive = (view.data?.actions ?? []).includes('receive');
  const tickedLines = useMemo(() => {
    const nos = new Set(cartons.filter((c) => ticked.has(String(c.id))).map((c) => c.carton_no));
    return lines.filter((l) => nos.has(l.carton_no));
  }, [cartons, lines, ticked]);

  const toggle = (cartonId: string, on: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(cartonId);
      else next.delete(cartonId);
      return next;
    });

  // Reads the field itself: a wedge scanner types fast and ends with Enter before state catches up.
  const onScan = (text: string) => {
    const sscc = ssccFromScan(text);
    setScan('');
    if (!sscc) return setFeedback({ type: 'error', text: t('shipping.scanInvalid') });
    const c = cartons.find((x) => x.sscc === sscc);
    if (!c) return setFeedback({ type: 'error', text: t('shipping.scanUnknown') });
    if (done(c)) return setFeedback({ type: 'error', text: t('shipping.scanDone', { carton: c.carton_no }) });
    toggle(String(c.id), true);
    setFeedback({ type: 'success', text: t('shipping.scanned', { carton: c.carton_no }) });
  };

  const setDiff = (lineId: string, patch: Diff) => setDiffs((prev) => ({ ...prev, [lineId]: { ...prev[lineId], ...patch } }));

  const post = () => {
    const binCode = (bins.data?.rows ?? []).find((b: Doc) => b.id === bin)?.code ?? '';
    modal.confirm({
      title: t('shipping.post'),
      content: t('shipping.confirmPost', { n: ticked.size, bin: binCode }),
      okButtonProps: { 'data-testid': 'confirm-post' } as never,
      onOk: async () => {
        setBusy(true);
        try {
          await postShipping('shipment/receive', {
            id,
            cartons: [...ticked],
            bin_id: bin,
            lines: tickedLines.filter((l) => diffs[l.id]).map((l) => ({ line_id: l.id, ...diffs[l.id] })),
          });
          toastSuccess(t('shipping.posted'));
          setTicked(new Set());
          setDiffs({});
          await Promise.all([view.refetch(), refresh()]);
          scanRef.current?.focus();
        } finally {
          setBusy(false);
        }
      },
    });
  };

  if (!doc) return <Card loading={view.isLoading}>{view.isError ? <Alert type="error" message={view.error.message} /> : null}</Card>;
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 760 }} data-testid="receive-screen">
      <Card
        size="small"
        title={<Typography.Text strong>{t('shipping.receiveTitle', { code: doc.code })}</Typography.Text>}
        extra={<Button size="small" onClick={() => navigate('/scm/index/shipment?tab=incoming')}>{t('shipping.back')}</Button>}
      >
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('shipping.supplier')}>{view.data?.owner_name}</Descriptions.Item>
          <Descriptions.Item label={t('shipping.status')}><StatusTag def={shipmentEntity} value={doc.status} /></Descriptions.Item>
          <Descriptions.Item label={t('shipping.carrier')}>{[doc.carrier, doc.tracking_ref].filter(Boolean).join(' · ')}</Descriptions.Item>
          <Descriptions.Item label={t('shipping.qty')}>{n.of(shipmentEntity, 'total_qty', doc)} / {t('shipping.received')} {n.qty(doc.received_qty ?? '0', 'PCS')}</Descriptions.Item>
        </Descriptions>
      </Card>
      {canReceive && (
        <Card size="small">
          <Space direction="vertical" style={{ width: '100%' }}>
            <label htmlFor="sscc-scan">{t('shipping.scan')}</label>
            <Input
              id="sscc-scan"
              ref={scanRef}
              autoFocus
              value={scan}
              onChange={(e) => setScan(e.target.value)}
              onPressEnter={(e) => onScan((e.target as HTMLInputElement).value)}
              placeholder={t('shipping.scanHint')}
              inputMode="numeric"
              autoComplete="off"
              data-testid="scan-input"
            />
            {feedback && <Alert type={feedback.type} message={feedback.text} showIcon data-testid="scan-feedback" />}
            <Space wrap>
              <Typography.Text type="secondary" data-testid="ticked-count">{t('shipping.cartonsTicked', { n: ticked.size, total: open.length })}</Typography.Text>
              <Button size="small" onClick={() => setTicked(new Set(open.map((c) => String(c.id))))} disabled={!open.length} data-testid="tick-all">
                {t('shipping.tickAll')}
              </Button>
            </Space>
            <label htmlFor="receive-bin">{t('shipping.bin')}</label>
            <Select
              id="receive-bin"
              style={{ width: '100%' }}
              value={bin}
              onChange={setBin}
              showSearch
              optionFilterProp="label"
              options={(bins.data?.rows ?? []).map((b: Doc) => ({ value: b.id, label: b.code }))}
              data-testid="receive-bin"
            />
          </Space>
        </Card>
      )}
      {cartons.map((c) => {
        const isDone = done(c);
        const content = lines.filter((l) => l.carton_no === c.carton_no);
        return (
          <Card size="small" key={c.id} data-testid={`carton-${c.carton_no}`}>
            <Checkbox
              checked={isDone || ticked.has(String(c.id))}
              disabled={isDone || !canReceive}
              onChange={(e) => toggle(String(c.id), e.target.checked)}
              data-testid={`tick-${c.carton_no}`}
            >
              <Typography.Text strong>{t('shipping.carton', { carton: c.carton_no })}</Typography.Text> <Typography.Text code>{c.sscc ?? '—'}</Typography.Text>{' '}
              {isDone && <Typography.Text type="success">{t('shipping.alreadyIn')}</Typography.Text>}
            </Checkbox>
            {content.map((l) => (
              <div key={l.id} style={{ marginTop: 8 }}>
                {/* A material line (issue 27) has its code, no colour or size, and its own unit. */}
                <div>{`${[l.style_code, l.colour, l.size].filter(Boolean).join(' · ')} — ${n.of(shipmentEntity, 'qty', { ...l, unit: l.unit ?? 'PCS' }, doc, 'lines')}`}</div>
                {ticked.has(String(c.id)) && (
                  <Space wrap size="small" style={{ marginTop: 4 }}>
                    <InputNumber
                      aria-label={t('shipping.countedQty')}
                      placeholder={t('shipping.countedQty')}
                      stringMode
                      min="0"
                      precision={0}
                      addonAfter={n.unit('PCS')}
                      value={diffs[l.id]?.received_qty ?? null}
                      onChange={(v) => setDiff(l.id, { received_qty: v === null ? undefined : String(v) })}
                      style={{ width: 120 }}
                      data-testid={`counted-${l.id}`}
                    />
                    <InputNumber
                      aria-label={t('shipping.damagedQty')}
                      placeholder={t('shipping.damagedQty')}
                      stringMode
                      min="0"
                      precision={0}
                      addonAfter={n.unit('PCS')}
                      value={diffs[l.id]?.damaged_qty ?? null}
                      onChange={(v) => setDiff(l.id, { damaged_qty: v === null ? undefined : String(v) })}
                      style={{ width: 120 }}
                    />
                    <Input
                      aria-label={t('shipping.reason')}
                      placeholder={t('shipping.reason')}
                      maxLength={500}
                      value={diffs[l.id]?.reason ?? ''}
                      onChange={(e) => setDiff(l.id, { reason: e.target.value })}
                      style={{ width: 220 }}
                      data-testid={`reason-${l.id}`}
                    />
                  </Space>
                )}
              </div>
            ))}
          </Card>
        );
      })}
      {canReceive && (
        <Button type="primary" block size="large" disabled={!ticked.size || !bin} loading={busy} onClick={post} data-testid="post-receipt">
          {t('shipping.post')}
        </Button>
      )}
      {(view.data?.received ?? []).length > 0 && (
        <Card size="small" title={t('shipping.receivedLines')}>
          <Table<Doc>
            size="small"
            rowKey="line_id"
            pagination={false}
            scroll={{ x: 480 }}
            dataSource={view.data?.received ?? []}
            columns={[
              { title: t('shipping.code'), dataIndex: 'doc_no' },
              ...receivedQtyColumns(t, n, lines),
              { title: t('shipping.reason'), dataIndex: 'reason' },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
