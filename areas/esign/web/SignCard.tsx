// Under every saved engine document (a document extension, see ./register): the 'Sign' action
// that opens the QR dialog, and the document's signatures — each saying whether the document
// still hashes to the version signed — checked again with every save on the page.
import { useState } from 'react';
import { Button, Card, List, Space, Typography } from 'antd';
import { QrcodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@seamline/web/engine';
import { ESIGN_PATHS, type EsignRow } from '../meta';
import { useEsignQuery } from './api';
import { QrDialog } from './QrDialog';
import { MatchTag } from './tags';

export function SignCard({ entity, recordId, version }: { entity: string; recordId: string; version: unknown }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The document's version is in the key: after a save the match is checked again.
  const list = useEsignQuery<EsignRow[]>(ESIGN_PATHS.document, { entity, id: recordId, v: version }, { notify: false });
  const rows = list.data ?? [];
  // Just saved: the rows shown are the previous version's answer. Their verdict no longer holds
  // ('Matches the document' may be false now), so none is shown until this version's answer comes.
  const checking = list.isPlaceholderData;
  return (
    <Card
      size="small"
      style={{ marginTop: 12 }}
      title={t('esign.signatures')}
      data-testid="esign-card"
      extra={
        <Button icon={<QrcodeOutlined />} onClick={() => setOpen(true)} data-testid="esign-sign">
          {t('esign.sign')}
        </Button>
      }
    >
      {rows.length > 0 && (
        <List
          size="small"
          dataSource={rows}
          renderItem={(r) => (
            <List.Item data-testid="esign-signature">
              <Space wrap>
                <Typography.Text strong>{r.signer_name}</Typography.Text>
                <Typography.Text type="secondary">{formatDateTime(r.signed_at)}</Typography.Text>
                {r.node_name && <Typography.Text type="secondary">{`${t('esign.node')}: ${r.node_name}`}</Typography.Text>}
                <MatchTag row={r} checking={checking} />
              </Space>
            </List.Item>
          )}
        />
      )}
      <QrDialog entity={entity} recordId={recordId} open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
