// /mydash: the personal dashboard, laid out by GET my-dash-setting (CFG-22).
import { Card, Col, Empty, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { paths, useApiQuery } from '../api';

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
      {layout.map((w, i) => (
        <Col key={i} xs={24} md={12} xl={8}>
          <Card title={widgetName(w) || t('dash.widget')}>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dash.widgetPending')} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
