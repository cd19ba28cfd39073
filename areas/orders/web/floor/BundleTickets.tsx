// /printpage/bundle-ticket?work_order_id=: the bundle tickets of a work order, one card each with
// its Code 128 barcode (drawn by the server with bwip-js), code, style / colour / size, pieces and
// route. The print shell around it has Print and Back.
import { Empty, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, type TemplateProps } from '@seamline/web/engine';
import './floor.css';

interface Ticket {
  id: string;
  bundle_code: string;
  style_code: string | null;
  colour: string | null;
  size: string | null;
  quantity: number;
  barcode: string;
  steps: Array<{ seq: number; name: string; process_code: string }>;
}
interface Tickets {
  work_order: { id: string; no: string; style_code: string | null };
  bundles: Ticket[];
}

export default function BundleTickets(_props: TemplateProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('work_order_id') ?? '';
  const q = useQuery({ queryKey: ['floor', 'tickets', id], queryFn: () => api.get<Tickets>('vfapi/bundle/tickets', { work_order_id: id }), enabled: !!id });
  if (q.isLoading) return <Skeleton active />;
  if (!q.data || q.data.bundles.length === 0) return <Empty description={t('floor.tickets.none')} />;
  const { work_order: wo, bundles } = q.data;
  return (
    <div data-testid="bundle-tickets">
      <Typography.Title level={5}>
        {wo.no} {wo.style_code ?? ''}
      </Typography.Title>
      <div className="sl-tickets">
        {bundles.map((b) => (
          <div className="sl-ticket" key={b.id} data-testid="bundle-ticket" data-code={b.bundle_code}>
            {/* SVG markup of bwip-js made by our server from the bundle code, not user HTML. */}
            <div className="sl-ticket-barcode" dangerouslySetInnerHTML={{ __html: b.barcode }} />
            <div className="sl-ticket-code">{b.bundle_code}</div>
            <div className="sl-ticket-meta">
              {[b.style_code, b.colour, b.size].filter(Boolean).join(' · ')} — {t('floor.tickets.pieces', { qty: b.quantity })}
            </div>
            <div className="sl-ticket-route">
              {t('floor.tickets.route')}: {b.steps.map((s) => `${s.seq}. ${s.name}`).join(' → ')}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
