// <DocumentAttachments entity recordId readOnly? />: the files and notes of any document (an
// engine entity's record, a task, ...) — DOC-07, NTF-17. Files are checked for size and type
// before sending (the server checks again); removing asks first.
import { Suspense, lazy, useRef, useState } from 'react';
import { Button, Card, Input, List, Popconfirm, Space, Typography } from 'antd';
import { AudioOutlined, DeleteOutlined, FileOutlined, MessageOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api, apiUrl, toastError, toastSuccess, useApiQuery, validToken } from '../api';
import { rawStoredLang, storedToken } from '../session/storage';
import * as paths from './paths';
import { EmptyOrFailed, RelativeTime, useCollabRefresh } from './shared';
import { downloadFile } from '../transfer/api';
import './messages';

// The recorder loads on the first 'Record voice note' click only.
const VoiceNote = lazy(() => import('./voice/VoiceNote'));

interface Item {
  id: string;
  kind: 'FILE' | 'NOTE';
  file_name: string;
  size: number;
  mime: string;
  note: string;
  created_by_name: string;
  created_at: string;
  mine: boolean;
  /** The server's word: on a ticket the other company's attachments are not ours to remove. */
  removable: boolean;
}

const formatSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.max(1, Math.ceil(bytes / 1024))} KB`);

export interface DocumentAttachmentsProps {
  /** The document type: an engine entity name ('vendor') or 'collab-task'. */
  entity: string;
  recordId: string;
  readOnly?: boolean;
}

export function DocumentAttachments({ entity, recordId, readOnly = false }: DocumentAttachmentsProps) {
  const { t } = useTranslation();
  const key = { entity, id: recordId };
  // A failed load says so in place (the list's empty text), not in a toast over the document.
  const list = useApiQuery<Item[]>(paths.attachmentList, key, { enabled: !!recordId, notify: false });
  const rules = useApiQuery<{ max_bytes: number; extensions: string[] }>(paths.attachmentRules, undefined, { staleTime: 600_000, notify: false });
  const refresh = useCollabRefresh();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [voice, setVoice] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const reload = () => list.refetch();

  const upload = async (file: File): Promise<boolean> => {
    const max = rules.data?.max_bytes;
    if (max && file.size > max) {
      toastError(t('collab.fileTooLarge', { size: formatSize(max) }));
      return false;
    }
    setBusy(true);
    try {
      const form = new FormData();
      form.append('entity', entity);
      form.append('id', recordId);
      form.append('file', file);
      const res = await fetch(apiUrl(paths.attachmentUpload, undefined, await validToken()), {
        method: 'POST',
        body: form,
        headers: { 'x-seamline-lang': rawStoredLang() },
      });
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      if (!res.ok) {
        toastError(`${t('common.uploadFailed')}${body.message ? `: ${body.message}` : ''}`);
        return false;
      }
      toastSuccess(t('collab.saved'));
      await reload();
      await refresh();
      return true;
    } catch {
      toastError(t('common.uploadFailed'));
      return false;
    } finally {
      setBusy(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const addNote = async () => {
    if (!note.trim()) return;
    setBusy(true);
    try {
      await api.post(paths.attachmentNote, { entity, id: recordId, note });
      setNote('');
      await reload();
    } finally {
      setBusy(false);
    }
  };

  const remove = async (item: Item) => {
    try {
      await api.post(paths.attachmentRemove, { id: item.id }, { notify: false });
      await reload();
    } catch {
      toastError(t('common.deletionFailed'));
    }
  };

  const items = list.data ?? [];
  const canRemove = (item: Item) => !readOnly && item.removable;
  return (
    <Card size="small" title={<Space><PaperClipOutlined />{t('collab.attachments')}</Space>} data-testid="document-attachments">
      <List
        size="small"
        loading={list.isPending}
        dataSource={items}
        locale={{ emptyText: <EmptyOrFailed failed={list.isError} text={t('collab.noAttachments')} /> }}
        renderItem={(item) => (
          <List.Item
            data-testid="attachment-item"
            actions={
              canRemove(item)
                ? [
                    <Popconfirm key="rm" title={t('collab.removeConfirm')} okText={t('collab.remove')} cancelText={t('collab.cancel')} onConfirm={() => remove(item)}>
                      <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('collab.remove')} data-testid="attachment-remove" />
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              avatar={item.kind === 'NOTE' ? <MessageOutlined /> : item.mime.startsWith('audio/') ? <AudioOutlined /> : <FileOutlined />}
              title={
                item.kind === 'FILE' ? (
                  // Through the request client as a blob: a refused download says 'Download Failed!' on
                  // the page instead of opening the raw JSON answer with the token in the address bar.
                  <Typography.Link
                    data-testid="attachment-file"
                    onClick={() => void downloadFile(paths.attachmentDownload, { id: item.id }, item.file_name)}
                  >
                    {item.file_name}
                  </Typography.Link>
                ) : (
                  <Typography.Text data-testid="attachment-note" style={{ whiteSpace: 'pre-wrap' }}>
                    {item.note}
                  </Typography.Text>
                )
              }
              description={
                <Space direction="vertical" size={4} style={{ width: '100%' }}>
                  <Space size={6} wrap>
                    <span>{item.created_by_name}</span>
                    <RelativeTime time={item.created_at} />
                    {item.kind === 'FILE' && <span>{formatSize(item.size)}</span>}
                  </Space>
                  {item.kind === 'FILE' && item.mime.startsWith('audio/') && (
                    // Voice notes play in place (inline=1: served as audio, not as a download).
                    <audio
                      controls
                      preload="none"
                      src={apiUrl(paths.attachmentDownload, { id: item.id, inline: '1' }, storedToken())}
                      aria-label={`${t('collab.voice.playback')}: ${item.file_name}`}
                      data-testid="attachment-audio"
                      style={{ width: '100%', maxWidth: 360 }}
                    />
                  )}
                </Space>
              }
            />
          </List.Item>
        )}
      />
      {!readOnly && (
        <Space direction="vertical" style={{ width: '100%', marginTop: 8 }}>
          <Input.TextArea
            value={note}
            onChange={(e) => setNote(e.target.value)}
            rows={2}
            maxLength={4000}
            placeholder={t('collab.notePlaceholder')}
            aria-label={t('collab.addNote')}
            data-testid="attachment-note-input"
          />
          <Space wrap>
            <Button onClick={() => void addNote()} disabled={!note.trim()} loading={busy} data-testid="attachment-add-note">
              {t('collab.addNote')}
            </Button>
            <Button icon={<PaperClipOutlined />} onClick={() => fileInput.current?.click()} loading={busy} data-testid="attachment-add-file">
              {t('collab.addFile')}
            </Button>
            <Button icon={<AudioOutlined />} onClick={() => setVoice(true)} disabled={voice} data-testid="attachment-record-voice">
              {t('collab.voice.record')}
            </Button>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept={rules.data?.extensions.join(',')}
              data-testid="attachment-file-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void upload(file);
              }}
            />
            {rules.data && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('collab.fileLimit', { size: formatSize(rules.data.max_bytes), types: rules.data.extensions.join(' ') })}
              </Typography.Text>
            )}
          </Space>
          {voice && (
            <Suspense fallback={null}>
              <VoiceNote onAttach={upload} onClose={() => setVoice(false)} />
            </Suspense>
          )}
        </Space>
      )}
    </Card>
  );
}

export default DocumentAttachments;
