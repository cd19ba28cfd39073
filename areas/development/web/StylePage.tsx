// /dev/page/style?id= : the engine's style form with a button to its tech pack.
import { Button, Space } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DocumentScreen, type TemplateProps } from '@seamline/web/engine';
import './register-messages';

export default function StylePage(props: TemplateProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {id ? (
        <Button icon={<PrinterOutlined />} href={`/printpage/tech-pack?id=${id}`} target="_blank" data-testid="open-tech-pack">
          {t('plm.techPack')}
        </Button>
      ) : null}
      <DocumentScreen {...props} />
    </Space>
  );
}
