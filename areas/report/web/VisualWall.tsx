// /visual/{opt}, /visual/demo/{opt}, /zp/visual/{opt} (RPT-04): the factory's wall board — pieces
// and scans booked today, today's pieces per process, the running work orders' progress. It
// covers the whole window (and the screen, with Full screen) and refetches whenever the shop floor
// books a scan: the WO_PROGRESS event the orders area sends to the company room after each commit.
import { useEffect, useState } from 'react';
import { Button, Col, Empty, Progress, Result, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { useTranslation } from 'react-i18next';
import { useApiQuery, formatDateTime, useLang, useNumbers } from '@seamline/web/engine';
import { onProgress } from '../../orders/web/floor/live';
import { RPT, type Board } from './api';
import './register-messages';
import './report.css';

echarts.use([BarChart, GridComponent, TooltipComponent, SVGRenderer]);

export default function VisualWall() {
  const { t } = useTranslation();
  const lang = useLang();
  const n = useNumbers();
  const board = useApiQuery<Board>(RPT.board, undefined, { notify: false });
  const [full, setFull] = useState(false);
  const { refetch } = board;
  useEffect(() => onProgress(() => void refetch()), [refetch]);
  useEffect(() => {
    const sync = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen?.())?.catch(() => undefined);

  if (board.isError) return <Result status="warning" title={t('common.loadingFailed')} />;
  if (board.isPending) return <Skeleton active />;
  const b = board.data;
  return (
    <div className="sl-wall" data-testid="visual-wall">
      <Space className="sl-wall-head" wrap>
        <Typography.Title level={2} style={{ margin: 0, color: 'inherit' }}>
          {t('rpt.wall')}
        </Typography.Title>
        <span className="sl-wall-live" aria-live="polite">
          {t('rpt.wallLive')} · {t('rpt.wallUpdated', { time: formatDateTime(new Date(board.dataUpdatedAt), lang) })}
        </span>
        <Button ghost icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={() => void toggle()}>
          {full ? t('rpt.exitFullScreen') : t('rpt.fullScreen')}
        </Button>
      </Space>
      <Row gutter={[24, 24]}>
        <Col xs={12} lg={6}>
          <Statistic title={t('rpt.wallPieces')} value={n.num(b.pieces, 'PCS')} suffix={n.unit('PCS')} data-testid="wall-pieces" data-value={b.pieces} />
        </Col>
        <Col xs={12} lg={6}>
          <Statistic title={t('rpt.wallScans')} value={b.scans} data-testid="wall-scans" data-value={b.scans} />
        </Col>
        <Col xs={24} lg={12}>
          <Typography.Title level={4} style={{ color: 'inherit' }}>
            {t('rpt.wallByProcess')}
          </Typography.Title>
          {b.processes.length ? (
            <ReactEChartsCore
              echarts={echarts}
              theme="dark"
              notMerge
              opts={{ renderer: 'svg' }}
              style={{ height: 220 }}
              option={{
                // A screen on all day: the new figure at once, no animation repainting the wall.
                animation: false,
                backgroundColor: 'transparent',
                tooltip: {},
                grid: { left: 8, right: 8, top: 8, bottom: 8, containLabel: true },
                xAxis: { type: 'value' },
                yAxis: { type: 'category', data: b.processes.map((p) => p.process) },
                // Whole pieces: the label reads the exact text as the unit allows, the bar only its length.
                series: [
                  {
                    type: 'bar',
                    data: b.processes.map((p) => ({ value: Number(p.pieces), text: n.qty(p.pieces, 'PCS') })),
                    label: { show: true, position: 'right', formatter: (x: { data: { text: string } }) => x.data.text },
                  },
                ],
              }}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </Col>
      </Row>
      <Typography.Title level={4} style={{ color: 'inherit' }}>
        {t('rpt.wallWorkOrders')}
      </Typography.Title>
      {b.work_orders.length === 0 && <Typography.Text>{t('rpt.wallNoWork')}</Typography.Text>}
      <Row gutter={[24, 12]}>
        {b.work_orders.map((w) => (
          <Col key={w.id} xs={24} md={12} xl={8} data-testid="wall-work-order" data-code={w.code} data-completed={w.completed_qty}>
            <div className="sl-wall-wo">
              <strong>{w.code}</strong> {w.style_code} · {n.num(w.completed_qty, 'PCS')} / {n.qty(w.qty, 'PCS')}
            </div>
            {/* The bar's width only; the figures above are the exact ones. */}
            <Progress percent={Math.min(100, Math.round(Number(w.progress)))} strokeColor="#52c41a" />
          </Col>
        ))}
      </Row>
    </div>
  );
}
