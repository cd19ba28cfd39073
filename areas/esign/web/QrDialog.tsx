// The desktop's side of a signature (ESG-01..03): a QR code of the phone's signing URL with its
// validity counting down in seconds; at 0 it is marked expired and 'New code' asks for another.
// The signature arrives live — the requester's 'X signed Y' notification over the app's socket
// (web/src/collab/live.ts), recognised by its related_key — and the dialog shows who signed, then
// closes after its own countdown.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Space, Spin, Tag, Typography } from 'antd';
import { CheckCircleFilled, ReloadOutlined } from '@ant-design/icons';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { api, onNotification } from '@seamline/web/engine';
import { useCountdown } from '../../access/web/Countdown';
import { CLOSE_SECONDS, ESIGN_MODULE, ESIGN_PATHS, ESIGN_STATUS, type RequestState } from '../meta';
import { postEsign, useEsignRefresh } from './api';

function Countdown({ seconds, onZero, text }: { seconds: number; onZero: () => void; text: (left: number) => string }) {
  const left = useCountdown(seconds, onZero);
  return (
    <Typography.Text type="secondary" data-testid="esign-countdown" aria-live="polite">
      {text(Math.max(left, 0))}
    </Typography.Text>
  );
}

export interface QrDialogProps {
  entity: string;
  recordId: string;
  open: boolean;
  onClose: () => void;
}

export function QrDialog({ entity, recordId, open, onClose }: QrDialogProps) {
  const { t } = useTranslation();
  const refresh = useEsignRefresh();
  const [req, setReq] = useState<RequestState | null>(null);
  const [qr, setQr] = useState('');
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);
  // The latest onClose, without making a new code on every render of the parent.
  const close = useRef(onClose);
  close.current = onClose;
  const closeNow = useCallback(() => close.current(), []);

  const generate = useCallback(async () => {
    setBusy(true);
    setExpired(false);
    try {
      const r = await postEsign<RequestState>(ESIGN_PATHS.request, { entity, id: recordId });
      setQr(await QRCode.toDataURL(new URL(r.url!, window.location.origin).href, { width: 240, margin: 1 }));
      setReq(r);
      void refresh();
    } catch {
      // The request client has shown the reason.
      close.current();
    } finally {
      setBusy(false);
    }
  }, [entity, recordId, refresh]);

  useEffect(() => {
    if (open) void generate();
    else setReq(null);
  }, [open, generate]);

  // The signature arrives as the requester's notification; the state says who signed.
  const id = req?.id;
  useEffect(() => {
    if (!id) return;
    return onNotification((msg) => {
      if (msg.module !== ESIGN_MODULE || msg.related_key !== id) return;
      void api.get<RequestState>(ESIGN_PATHS.state, { id }).then((s) => {
        setReq((cur) => (cur?.id === s.id ? { ...cur, ...s } : cur));
        void refresh();
      });
    });
  }, [id, refresh]);

  const signed = req?.status === ESIGN_STATUS.SIGNED;
  const markExpired = useCallback(() => setExpired(true), []);

  return (
    <Modal open={open} title={t('esign.signTitle')} onCancel={onClose} footer={null} width={360} destroyOnHidden>
      <div data-testid="esign-dialog">
      {!req || busy ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : signed ? (
        <Space direction="vertical" align="center" style={{ width: '100%' }} data-testid="esign-signed">
          <CheckCircleFilled style={{ fontSize: 48, color: '#52c41a' }} />
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('esign.signedBy', { name: req.signer_name })}
          </Typography.Title>
          <Countdown key="close" seconds={CLOSE_SECONDS} onZero={closeNow} text={(s) => t('esign.closesIn', { seconds: s })} />
        </Space>
      ) : (
        <Space direction="vertical" align="center" style={{ width: '100%' }}>
          <Typography.Text>{t('esign.scanHint')}</Typography.Text>
          {req.node_name && <Tag color="blue">{`${t('esign.node')}: ${req.node_name}`}</Tag>}
          <div style={{ position: 'relative' }}>
            <img src={qr} width={240} height={240} alt={t('esign.signTitle')} data-testid="esign-qr" style={{ opacity: expired ? 0.15 : 1 }} />
            {expired && (
              <Tag color="red" data-testid="esign-expired" style={{ position: 'absolute', top: 108, left: 84, fontSize: 16, padding: '4px 12px' }}>
                {t('esign.expired')}
              </Tag>
            )}
          </div>
          {expired ? (
            <>
              <Alert type="warning" showIcon message={t('esign.expiredHint')} />
              <Button type="primary" icon={<ReloadOutlined />} onClick={() => void generate()} data-testid="esign-regenerate">
                {t('esign.regenerate')}
              </Button>
            </>
          ) : (
            <>
              <Countdown key={req.id} seconds={req.expires_in} onZero={markExpired} text={(s) => t('esign.validFor', { seconds: s })} />
              <Typography.Text type="secondary">{t('esign.waiting')}</Typography.Text>
            </>
          )}
        </Space>
      )}
      </div>
    </Modal>
  );
}
