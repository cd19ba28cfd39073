// The live discussion (TKT-13..15): comments with photos (the image upload's checks run in the
// browser first: UPL-01..04), flag / unflag, delete own comments within the server's window of
// days (spec §8), times in the relative-time rule of spec §9.
import { useRef, useState } from 'react';
import { Button, Card, Empty, Image, Input, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { CameraOutlined, DeleteOutlined, FlagFilled, FlagOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX, COMMENT_PHOTOS_MAX, relativeTimeOf, ticketCan } from './deps';
import { toastError, useApiQuery, storedToken, checkImageFile, type UploadRules, fileSrc, uploadImages, UPLOAD_RULES } from '@seamline/web/engine';
import { ticketApi, type Ticket } from './api';
import { tt } from './texts';

export function Discussion({ ticket, lang, version }: { ticket: Ticket; lang: string; version: number }) {
  const { t } = useTranslation();
  const comments = useQuery({ queryKey: ['ticket', 'comments', ticket.id, version], queryFn: () => ticketApi.comments(ticket.id) });
  const rules = useApiQuery<UploadRules>(UPLOAD_RULES, { profile: 'ticket' });
  const [body, setBody] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const token = storedToken();
  const canComment = ticketCan(ticket.my_role, 'comment') && ticket.status !== 100;
  const canFlag = ticketCan(ticket.my_role, 'flag');

  const pick = async (files: FileList | null) => {
    if (!files || !rules.data) return;
    const list = [...files].slice(0, Math.max(0, COMMENT_PHOTOS_MAX - photos.length));
    const good: File[] = [];
    for (const f of list) {
      const refusal = await checkImageFile(f, rules.data);
      if (refusal) toastError(t(refusal.key, refusal.params));
      else good.push(f);
    }
    if (!good.length) return;
    setBusy(true);
    try {
      const done = await uploadImages(good, { profile: 'ticket' });
      for (const d of done) if (!d.ok) toastError(d.message ?? '');
      setPhotos((p) => [...p, ...done.filter((d) => d.ok).map((d) => (d as { url: string }).url)]);
    } finally {
      setBusy(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const send = async () => {
    if (!body.trim() && photos.length === 0) return;
    setBusy(true);
    try {
      await ticketApi.comment(ticket.id, body, photos);
      setBody('');
      setPhotos([]);
      await comments.refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" title={tt(lang, 'discussion')} data-testid="ticket-discussion"
      extra={comments.data ? <Typography.Text type="secondary">{tt(lang, 'deleteWindow', { days: comments.data.delete_days })}</Typography.Text> : null}>
      <List
        loading={comments.isLoading}
        dataSource={comments.data?.rows ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tt(lang, 'noComments')} /> }}
        renderItem={(c) => (
          <List.Item
            data-testid="ticket-comment"
            actions={[
              canFlag ? (
                <Button key="flag" size="small" type="text" icon={c.flagged ? <FlagFilled style={{ color: '#cf1322' }} /> : <FlagOutlined />}
                  onClick={async () => { await ticketApi.flag(c.id, !c.flagged); await comments.refetch(); }}
                  data-testid="comment-flag" aria-label={tt(lang, c.flagged ? 'unflag' : 'flag')}>
                  {tt(lang, c.flagged ? 'unflag' : 'flag')}
                </Button>
              ) : null,
              c.can_delete ? (
                <Popconfirm key="del" title={tt(lang, 'deleteConfirm')} okText={tt(lang, 'ok')} cancelText={tt(lang, 'cancel')}
                  onConfirm={async () => { await ticketApi.deleteComment(c.id); await comments.refetch(); }}>
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} data-testid="comment-delete">{tt(lang, 'delete')}</Button>
                </Popconfirm>
              ) : null,
            ].filter(Boolean)}
          >
            <List.Item.Meta
              title={
                <Space size={6} wrap>
                  <strong>{c.author_name}</strong>
                  <Typography.Text type="secondary">{c.author_client_name}</Typography.Text>
                  <Typography.Text type="secondary" title={c.created_at}>{relativeTimeOf(c.created_at, lang)}</Typography.Text>
                  {c.flagged && <Tag color="red" data-testid="comment-flagged">{tt(lang, 'flagged')}</Tag>}
                </Space>
              }
              description={
                <div>
                  {c.body && <div style={{ whiteSpace: 'pre-wrap', color: 'rgba(0,0,0,0.88)' }}>{c.body}</div>}
                  {c.photos.length > 0 && (
                    <Image.PreviewGroup>
                      <Space wrap style={{ marginTop: 6 }}>
                        {c.photos.map((p) => (
                          <Image key={p} src={fileSrc(p, token)} width={88} height={88} style={{ objectFit: 'cover' }} data-testid="comment-photo" />
                        ))}
                      </Space>
                    </Image.PreviewGroup>
                  )}
                </div>
              }
            />
          </List.Item>
        )}
      />
      {canComment && (
        <div style={{ marginTop: 12 }}>
          <Input.TextArea
            value={body}
            onChange={(e) => setBody(e.target.value)}
            rows={3}
            maxLength={COMMENT_MAX}
            placeholder={tt(lang, 'writeComment')}
            onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void send(); }}
            data-testid="comment-body"
          />
          {photos.length > 0 && (
            <Space wrap style={{ marginTop: 8 }} data-testid="comment-pending-photos">
              {photos.map((p) => (
                <Image key={p} src={fileSrc(p, token)} width={64} height={64} style={{ objectFit: 'cover' }} preview={false} />
              ))}
            </Space>
          )}
          <Space style={{ marginTop: 8 }}>
            <input ref={fileInput} type="file" accept="image/*" multiple hidden onChange={(e) => void pick(e.target.files)} data-testid="comment-photo-input" />
            <Button icon={<CameraOutlined />} onClick={() => fileInput.current?.click()} disabled={busy || photos.length >= COMMENT_PHOTOS_MAX}>
              {tt(lang, 'addPhotos')} {photos.length ? `(${photos.length})` : ''}
            </Button>
            <Button type="primary" loading={busy} onClick={send} disabled={!body.trim() && photos.length === 0} data-testid="comment-send">
              {tt(lang, 'send')}
            </Button>
          </Space>
        </div>
      )}
    </Card>
  );
}
