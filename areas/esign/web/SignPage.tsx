// The phone's signing page (/zp/collab/page/esign?code=…, what the QR code opens; the mini
// program's role, ESG-01): signed in — the route guard sends a stranger through /login and back
// with the token — the signer sees the document summary and the code's countdown, draws a
// signature and signs; then the page counts down and closes (ESG-03: it goes to the workbench).
import { useCallback, useRef, useState } from 'react';
import { Alert, Button, Card, Descriptions, Result, Space, Spin, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toastError } from '@seamline/web/engine';
import { useCountdown } from '../../access/web/Countdown';
import { CLOSE_SECONDS, ESIGN_PATHS, type RequestState, type SignSummary } from '../meta';
import { postEsign, useEsignQuery } from './api';
import { SignaturePadField, type SignatureHandle } from './SignaturePadField';

function Closing() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useCallback(() => navigate('/index', { replace: true }), [navigate]);
  const left = useCountdown(CLOSE_SECONDS, leave);
  return (
    <div data-testid="esign-page-signed">
    <Result
      status="success"
      title={t('esign.signedTitle')}
      subTitle={
        <>
          <div>{t('esign.signedText')}</div>
          <div data-testid="esign-page-countdown" aria-live="polite">
            {t('esign.pageClosesIn', { seconds: Math.max(left, 0) })}
          </div>
        </>
      }
      extra={<Button onClick={leave}>{t('esign.done')}</Button>}
    />
    </div>
  );
}

function Validity({ seconds, onZero }: { seconds: number; onZero: () => void }) {
  const { t } = useTranslation();
  const left = useCountdown(seconds, onZero);
  return <Typography.Text type="secondary">{t('esign.validFor', { seconds: Math.max(left, 0) })}</Typography.Text>;
}

export default function SignPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('code') ?? '';
  const summary = useEsignQuery<SignSummary>(ESIGN_PATHS.summary, { code: token }, { enabled: !!token, notify: false });
  const pad = useRef<SignatureHandle>(null);
  const [busy, setBusy] = useState(false);
  const [signed, setSigned] = useState(false);
  const [expired, setExpired] = useState(false);
  const markExpired = useCallback(() => setExpired(true), []);

  const sign = async () => {
    if (!pad.current || pad.current.isEmpty()) {
      toastError(t('esign.drawFirst'));
      return;
    }
    setBusy(true);
    try {
      await postEsign<RequestState>(ESIGN_PATHS.sign, { code: token, image: pad.current.toPng() });
      setSigned(true);
    } catch {
      // The request client has shown the server's reason (expired, used, …).
    } finally {
      setBusy(false);
    }
  };

  const body = (() => {
    if (signed) return <Closing />;
    if (!token) return <Result status="warning" title={t('esign.cannotSign')} subTitle={t('esign.noToken')} />;
    if (summary.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
    if (summary.isError)
      return (
        <div data-testid="esign-page-error">
          {/* The server's own words ('this code has expired…'): opening a code submits nothing, so
              not the client's 'submit information is wrong: …' wording of a refused call. */}
          <Result status="warning" title={t('esign.cannotSign')} subTitle={summary.error.serverMessage || summary.error.message} />
        </div>
      );
    const s = summary.data!;
    return (
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card size="small" title={`${s.entity_label}: ${s.title}`} data-testid="esign-summary">
          <Descriptions size="small" column={1} items={[
            ...s.fields.map((f) => ({ key: f.label, label: f.label, children: f.value })),
            { key: 'by', label: t('esign.requestedBy'), children: s.requested_by_name },
            ...(s.node_name ? [{ key: 'node', label: t('esign.node'), children: s.node_name }] : []),
          ]} />
        </Card>
        {expired ? (
          <Alert type="warning" showIcon message={t('esign.expiredHint')} />
        ) : (
          <Card size="small" title={t('esign.drawHere')} extra={<Validity seconds={s.expires_in} onZero={markExpired} />}>
            <SignaturePadField ref={pad} label={t('esign.drawHere')} />
            <Space style={{ marginTop: 12, width: '100%', justifyContent: 'flex-end' }}>
              <Button onClick={() => pad.current?.clear()}>{t('esign.clear')}</Button>
              <Button type="primary" loading={busy} onClick={() => void sign()} data-testid="esign-submit">
                {t('esign.submit')}
              </Button>
            </Space>
          </Card>
        )}
      </Space>
    );
  })();

  return (
    <div style={{ maxWidth: 560, margin: '0 auto', padding: 12 }} data-testid="esign-page">
      <Typography.Title level={4}>{t('esign.pageTitle')}</Typography.Title>
      {body}
    </div>
  );
}
