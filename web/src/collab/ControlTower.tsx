// The control tower (RPT-05): every registered work counter (approvals waiting, overdue tasks,
// unread messages, open tickets, ...) as a tile that opens its list.
import { Card, Col, Empty, Row, Statistic } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../api';
import * as paths from './paths';
import './messages';

interface Counter {
  key: string;
  label: string;
  url: string;
  count: number | null;
}

/** `only`: these counters, in this order (the report area's per-role tower); default all. */
export function ControlTower({ only }: { only?: readonly string[] } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useApiQuery<Counter[]>(paths.controlTower, undefined, { notify: false });
  if (query.isError) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.loadingFailed')} />;
  const all = query.data ?? [];
  const counters = only ? only.flatMap((key) => all.filter((c) => c.key === key)) : all;
  if (!query.isPending && counters.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('collab.controlTowerEmpty')} />;
  return (
    <Row gutter={[12, 12]} data-testid="control-tower">
      {counters.map((c) => (
        <Col key={c.key} xs={12}>
          <Card
            size="small"
            hoverable
            role="link"
            tabIndex={0}
            onClick={() => navigate(c.url)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') navigate(c.url);
            }}
            data-testid={`counter-${c.key}`}
          >
            <Statistic title={c.label} value={c.count ?? '—'} valueStyle={{ color: c.count ? '#cf1322' : undefined }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
