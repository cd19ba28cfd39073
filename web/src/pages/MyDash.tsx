// /mydash: the personal dashboard, laid out by GET my-dash-setting (CFG-22, RPT-05): each cell
// names a widget (`i`); the inbox, tasks and control tower are live, others say so honestly.
import type { ReactNode } from 'react';
import { Card, Col, Empty, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { paths, useApiQuery } from '../api';
import { ControlTower } from '../collab/ControlTower';
import { MessageList } from '../collab/MessageList';
import { MyTasks } from '../collab/tasks';

const WIDGETS: Record<string, { title: string; body: () => ReactNode }> = {
  inbox: { title: 'workspace.inbox', body: () => <MessageList compact pageSize={5} /> },
  tasks: { title: 'workspace.tasks', body: () => <MyTasks /> },
  controlTower: { title: 'workspace.controlTower', body: () => <ControlTower /> },
};

const widgetKey = (w: unknown): string => (typeof w === 'object' && w !== null ? String((w as Record<string, unknown>).i ?? '') : '');
/** Grid width of a cell (react-grid-layout's w of 12), as antd columns of 24. */
const span = (w: unknown): number => {
  const cells = typeof w === 'object' && w !== null ? Number((w as Record<string, unknown>).w) : NaN;
  return Number.isInteger(cells) && cells >= 3 && cells <= 12 ? cells * 2 : 12;
};

interface DashSetting {
  layout?: unknown[];
}

const widgetName = (w: unknown): string =>
  typeof w === 'string' ? w : typeof w === 'object' && w !== null ? String((w as Record<string, unknown>).title ?? (w as Record<string, unknown>).id ?? '') : '';

export default function MyDash() {
  const { t } = useTranslation();
  // A failure shows 'Loading failed' in place (REQ-24) rather than a second, toasted message.
  const setting = useApiQuery<DashSetting | null>(paths.myDashSetting, undefined, { notify: false });
  if (setting.isPending) return <Skeleton active />;
  const layout = Array.isArray(setting.data?.layout) ? setting.data.layout : [];
  if (setting.isError || layout.length === 0)
    return (
      <Card data-testid="dash-empty">
        <Empty description={setting.isError ? t('common.loadingFailed') : t('dash.empty')} />
      </Card>
    );
  return (
    <Row gutter={[16, 16]} data-testid="dash-widgets">
      {layout.map((w, i) => {
        const known = WIDGETS[widgetKey(w)];
        return (
          <Col key={i} xs={24} xl={span(w)}>
            <Card title={known ? t(known.title) : widgetName(w) || t('dash.widget')} data-testid={`dash-widget-${widgetKey(w) || i}`}>
              {known ? known.body() : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dash.widgetPending')} />}
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
