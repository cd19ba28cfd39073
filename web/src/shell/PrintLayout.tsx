// Print pages (/printpage/…): read-only, no shell chrome, a toolbar hidden when printing.
import { Button, Space, Typography } from 'antd';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { Outlet, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../router/title';

export default function PrintLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = usePageTitle();
  return (
    <div className="sl-print">
      <div className="sl-print-toolbar sl-no-print">
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
            {t('notFound.back')}
          </Button>
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('print.print')}
          </Button>
        </Space>
      </div>
      <main className="sl-print-page">
        <Typography.Title level={4} data-testid="page-title">
          {title}
        </Typography.Title>
        <Outlet />
      </main>
    </div>
  );
}
