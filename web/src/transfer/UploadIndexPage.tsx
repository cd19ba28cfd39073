// /upload/index, the upload centre: every import the user's menus offer (GET page-upload-links
// without a page), each with its template, the import centre and the list; plus the batch image
// upload.
import { Button, Card, Empty, Space, Spin, Table, Typography } from 'antd';
import { DownloadOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApiQuery } from '../api/hooks';
import { downloadFile, PAGE_UPLOAD_LINKS, type UploadLink } from './api';
import './i18n';

export default function UploadIndexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const links = useApiQuery<UploadLink[]>(PAGE_UPLOAD_LINKS);
  if (links.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  const list = links.data ?? [];
  return (
    <Card
      title={t('transfer.index.title')}
      data-testid="upload-centre"
      extra={
        <Button icon={<PictureOutlined />} onClick={() => navigate('/page/uploadimg/images')}>
          {t('transfer.index.images')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('transfer.index.intro')}</Typography.Paragraph>
      {list.length === 0 ? (
        <Empty description={t('transfer.centre.none')} />
      ) : (
        <Table
          size="small"
          rowKey="entity"
          pagination={false}
          dataSource={list}
          columns={[
            { title: t('transfer.centre.entity'), dataIndex: 'label', render: (label: string, l: UploadLink) => <a onClick={() => navigate(l.route)}>{label}</a> },
            {
              key: 'actions',
              align: 'right',
              render: (_: unknown, l: UploadLink) => (
                <Space wrap>
                  <Button size="small" icon={<DownloadOutlined />} onClick={() => void downloadFile(l.template, {}, `${l.label}.xlsx`)}>
                    {t('transfer.centre.template')}
                  </Button>
                  <Button size="small" type="primary" icon={<UploadOutlined />} data-testid={`upload-centre-${l.entity}`} onClick={() => navigate(`/page/upload/view?entity=${encodeURIComponent(l.entity)}`)}>
                    {t('transfer.index.import')}
                  </Button>
                  <Button size="small" onClick={() => navigate(`/page/upload/viewadv?entity=${encodeURIComponent(l.entity)}`)}>
                    {t('transfer.centre.advanced')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
