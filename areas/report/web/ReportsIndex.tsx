// /rpt/dsrptindex/reports (menu RPT_REPORTS): the reports the user opens, each a link to its screen.
import { Card, Col, Empty, Row, Skeleton, Typography } from 'antd';
import { BarChartOutlined, PieChartOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '@seamline/web/engine';
import { RPT, type ReportMeta } from './api';
import './register-messages';

export default function ReportsIndex() {
  const { t } = useTranslation();
  const list = useApiQuery<ReportMeta[]>(RPT.list, undefined, { notify: false });
  if (list.isPending) return <Skeleton active />;
  if (list.isError) return <Empty description={t('common.loadingFailed')} />;
  return (
    <div data-testid="reports-index">
      <Typography.Paragraph type="secondary">{t('rpt.reportsIntro')}</Typography.Paragraph>
      <Row gutter={[12, 12]}>
        {list.data.map((r) => (
          <Col key={r.opt} xs={24} sm={12} xl={8}>
            <Link to={`/rpt/dsrptindex/${r.opt}`} data-testid={`report-link-${r.opt}`} style={{ display: 'block', height: '100%' }}>
              <Card hoverable size="small" style={{ height: '100%' }}>
                <Card.Meta
                  avatar={r.chart === 'pie' ? <PieChartOutlined style={{ fontSize: 22 }} /> : <BarChartOutlined style={{ fontSize: 22 }} />}
                  title={r.label}
                  description={r.description}
                />
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </div>
  );
}
