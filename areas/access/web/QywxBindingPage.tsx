// /page/qywxbinding: bind the signed-in account to Enterprise WeChat (WeCom) — POST
// qywx-basic/binding-qywx on the third-party service. No WeCom app is connected on this platform,
// so the call answers 'not configured' and the page shows that answer.
import { useState } from 'react';
import { Alert, Button, Card, Space, Tag, Typography } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../../web/src/api';
import { accessPaths } from './paths';

export default function QywxBindingPage() {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Card title={<Space><WechatOutlined />{t('route.qywxBinding')}<Tag>{t('third.notConnected')}</Tag></Space>} style={{ maxWidth: 640 }} data-testid="qywx-binding">
      <Typography.Paragraph>{t('third.bindIntro')}</Typography.Paragraph>
      {answer ? <Alert type="warning" showIcon message={answer} data-testid="qywx-answer" style={{ marginBottom: 16 }} /> : null}
      <Button
        type="primary"
        icon={<WechatOutlined />}
        loading={busy}
        data-testid="qywx-bind"
        onClick={async () => {
          setBusy(true);
          try {
            await api.post(accessPaths.bindQywx, {}, { notify: false });
          } catch (err) {
            setAnswer(err instanceof ApiError ? err.message : String(err));
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('third.bind')}
      </Button>
    </Card>
  );
}
