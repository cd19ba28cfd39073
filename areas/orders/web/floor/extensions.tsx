// What the floor adds under engine documents (web/src/engine/form/extensions.ts):
// - a stock receipt / issue / move: Post and Cancel (the transition table STOCK_TRANSITIONS,
//   served by the floor's routes because posting writes the ledger); the form is read-only once
//   the document is no longer a draft;
// - a work order: cut into bundle tickets, print them, and its live progress;
// - a customer order (the factory's and the brand's view of one document): its live progress.
import { useState } from 'react';
import { Button, Card, InputNumber, Popconfirm, Space } from 'antd';
import { PrinterOutlined, ScissorOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pickLabel } from '@seamline/core';
import { api, toastSuccess, useLang, type DocumentExtension, type DocumentExtensionContext } from '@seamline/web/engine';
import { STOCK_DOCUMENTS, STOCK_TRANSITIONS } from '../../meta/warehouse';
import { ProgressPanel, useOrderProgressPushed } from './ProgressPanel';

const STOCK_NAMES = new Set(Object.values(STOCK_DOCUMENTS).map((d) => d.name));

function StockActions({ entry, doc, readOnly, refresh }: DocumentExtensionContext) {
  const { t } = useTranslation();
  const lang = useLang();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const status = String(doc.status ?? '');
  const open = STOCK_TRANSITIONS.filter((tr) => tr.from.includes(status));
  if (readOnly || open.length === 0) return null;
  const run = async (action: string) => {
    setBusy(action);
    try {
      await api.post(`${entry.def.prefix}/${entry.def.name}/${action}`, { DATA: JSON.stringify({ id: doc.id, version: doc.version }) });
      toastSuccess(pickLabel(open.find((x) => x.action === action)!.label, lang));
      await qc.invalidateQueries({ queryKey: ['engine', entry.def.name] });
      await refresh();
    } catch {
      // The client has shown the server's reason (e.g. 'moved quantity exceeds stock in the bin').
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space data-testid="stock-actions" style={{ marginTop: 16 }}>
      {open.map((tr) =>
        tr.action === 'post' ? (
          <Popconfirm key={tr.action} title={t('floor.stock.confirmPost')} onConfirm={() => void run(tr.action)}>
            <Button type="primary" loading={busy === tr.action} data-testid="stock-post">
              {pickLabel(tr.label, lang)}
            </Button>
          </Popconfirm>
        ) : (
          <Button key={tr.action} danger loading={busy === tr.action} onClick={() => void run(tr.action)} data-testid={`stock-${tr.action}`}>
            {pickLabel(tr.label, lang)}
          </Button>
        ),
      )}
    </Space>
  );
}

function WorkOrderFloor({ doc }: DocumentExtensionContext) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [size, setSize] = useState<number | null>(20);
  const [busy, setBusy] = useState(false);
  const id = String(doc.id);
  const cut = async () => {
    setBusy(true);
    try {
      const res = await api.post<{ bundles: number }>('vfapi/bundle/cut', { DATA: JSON.stringify({ work_order_id: id, bundle_size: size }) });
      toastSuccess(t('floor.bundles.cutDone', { count: res.bundles }));
      await qc.invalidateQueries({ queryKey: ['floor', 'progress'] });
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Card size="small" style={{ marginTop: 16 }} data-testid="work-order-floor">
        <Space wrap>
          {/* Not tied to the form's editability: a planned (locked) work order is cut on the floor. */}
          <InputNumber min={1} max={1000} precision={0} value={size} onChange={setSize} aria-label={t('floor.bundles.size')} addonBefore={t('floor.bundles.size')} />
          <Button icon={<ScissorOutlined />} loading={busy} onClick={() => void cut()} data-testid="cut-bundles">
            {t('floor.bundles.cut')}
          </Button>
          <Button icon={<PrinterOutlined />} href={`/printpage/bundle-ticket?work_order_id=${encodeURIComponent(id)}`} target="_blank" data-testid="print-bundles">
            {t('floor.bundles.print')}
          </Button>
        </Space>
      </Card>
      <ProgressPanel work_order_id={id} />
    </>
  );
}

/** Under a customer order (the factory's form): its progress, and the form refetched when a scan changes its produced quantity. */
function CustomerOrderFloor({ doc, refresh }: DocumentExtensionContext) {
  const id = String(doc.id);
  useOrderProgressPushed(id, () => void refresh());
  return <ProgressPanel order_id={id} />;
}

export const floorExtension: DocumentExtension = {
  render: (ctx) => {
    if (!ctx.doc.id) return null;
    const name = ctx.entry.def.name;
    if (STOCK_NAMES.has(name)) return <StockActions {...ctx} />;
    if (name === 'work-order') return <WorkOrderFloor {...ctx} />;
    if (name === 'customer-order') return <CustomerOrderFloor {...ctx} />;
    return null;
  },
  locked: (entry, doc) => STOCK_NAMES.has(entry.def.name) && !!doc.status && doc.status !== 'draft',
};
