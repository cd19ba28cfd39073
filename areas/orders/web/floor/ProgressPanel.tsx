// A work order's progress per process (pieces done of those routed through it), for one work
// order (planner, scanning station) or every work order of a customer order (factory and brand).
// It follows the live WO_PROGRESS pushes, so a scan on the floor moves the bars without a reload.
import { useEffect, useRef, useState } from 'react';
import { Card, Empty, Progress as Bar, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, useNumbers } from '@seamline/web/engine';
import { onProgress, type Progress } from './live';

/**
 * Calls `onChange` whenever progress of a work order of the customer order `orderId` is pushed:
 * the order's produced quantity has been recomputed on the server, so its screens refetch it.
 */
export function useOrderProgressPushed(orderId: string | null | undefined, onChange: () => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (!orderId) return undefined;
    return onProgress((p) => {
      if (p.order_id === orderId) latest.current();
    });
  }, [orderId]);
}

export function useLiveProgress(query: { work_order_id?: string; order_id?: string }) {
  const key = query.work_order_id ?? query.order_id ?? '';
  const loaded = useQuery({
    queryKey: ['floor', 'progress', query],
    queryFn: () => api.get<Progress[]>('vfapi/progress', query, { notify: false }),
    enabled: !!key,
    retry: false,
  });
  const [live, setLive] = useState<Record<string, Progress>>({});
  useEffect(() => {
    if (!key) return undefined;
    return onProgress((p) => {
      if (p.work_order_id === query.work_order_id || (query.order_id && p.order_id === query.order_id)) setLive((s) => ({ ...s, [p.work_order_id]: p }));
    });
  }, [key, query.work_order_id, query.order_id]);
  const base = loaded.data ?? [];
  const merged = base.map((p) => live[p.work_order_id] ?? p);
  for (const p of Object.values(live)) if (!base.some((b) => b.work_order_id === p.work_order_id)) merged.push(p);
  return { progress: merged, isLoading: loaded.isLoading, failed: loaded.isError, live: Object.keys(live).length > 0 };
}

export function ProgressBars({ progress, title = false }: { progress: Progress; title?: boolean }) {
  const { t } = useTranslation();
  const n = useNumbers();
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="floor-progress-bars" data-work-order={progress.work_order_id}>
      {title && progress.work_order_code ? <Typography.Text strong>{progress.work_order_code}</Typography.Text> : null}
      {progress.processes.map((p) => (
        <div key={p.process_id} data-testid="floor-progress-step" data-done={p.done_qty}>
          <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
            <Typography.Text>
              {p.seq}. {p.process_name}
            </Typography.Text>
            <Typography.Text type="secondary">{t('floor.progress.pieces', { done: n.num(p.done_qty, 'PCS'), planned: n.num(p.planned_qty, 'PCS') })}</Typography.Text>
          </Space>
          <Bar percent={p.planned_qty ? Math.round((1000 * p.done_qty) / p.planned_qty) / 10 : 0} size="small" />
        </div>
      ))}
    </Space>
  );
}

/** The progress card under a work order or a customer order (hidden until there is something to show). */
export function ProgressPanel(query: { work_order_id?: string; order_id?: string }) {
  const { t } = useTranslation();
  const { progress, isLoading, failed, live } = useLiveProgress(query);
  if (isLoading || failed) return null;
  return (
    <Card
      size="small"
      data-testid="floor-progress"
      title={
        <Space>
          {t('floor.progress.title')}
          {live ? <Tag color="green">{t('floor.progress.live')}</Tag> : null}
        </Space>
      }
      style={{ marginTop: 16 }}
    >
      {progress.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('floor.progress.none')} />
      ) : (
        progress.map((p) => <ProgressBars key={p.work_order_id} progress={p} title={progress.length > 1} />)
      )}
    </Card>
  );
}
