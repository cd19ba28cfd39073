// /dev/index/trend: trends as a board of images with their tags; a card opens the trend's form.
import { Button, Card, Empty, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePlmQuery, type Doc } from './api';
import { imageSrc } from './shared';
import './register-messages';
import './development.css';

export const tagsOf = (text: unknown): string[] =>
  String(text ?? '')
    .split(/[,，;；]+/)
    .map((s) => s.trim())
    .filter(Boolean);

export default function TrendBoard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const trends = usePlmQuery<{ rows: Doc[] }>('trend/page-list', { p: JSON.stringify({ page: 1, size: 100 }) }, true, 'trend');
  const rows = trends.data?.rows ?? [];
  return (
    <Card
      loading={trends.isLoading}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/dev/page/trend')} data-testid="new-trend">
          {t('plm.new')}
        </Button>
      }
    >
      {rows.length === 0 ? (
        <Empty description={t('plm.noTrends')} />
      ) : (
        <div className="plm-board" data-testid="trend-board">
          {rows.map((r) => (
            <Card key={r.id} hoverable size="small" cover={r.image ? <img src={imageSrc(r.image)} alt={r.title} data-testid="trend-image" /> : undefined} onClick={() => navigate(`/dev/page/trend?id=${r.id}`)}>
              <Typography.Text strong>{r.title}</Typography.Text>
              <div>
                <Space size={[4, 4]} wrap>
                  {tagsOf(r.tags).map((tag) => (
                    <Tag key={tag}>{tag}</Tag>
                  ))}
                </Space>
              </div>
              {r.source ? <Typography.Text type="secondary">{r.source}</Typography.Text> : null}
            </Card>
          ))}
        </div>
      )}
    </Card>
  );
}
