// The business import centre (spec §2 /page/upload/view and /page/upload/viewadv): the imports a
// page offers (GET page-upload-links, UPL-08), the template, one .xlsx chosen (another format or
// an oversize file is skipped with a message and never sent, UPL-01/02), the upload with its
// progress, and what it ended in. The advanced view adds the mode (add only, or add and update
// matched by the key field) and states the row limit.
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Progress, Radio, Select, Space, Spin, Typography, Upload, type UploadFile } from 'antd';
import { DownloadOutlined, InboxOutlined, UnorderedListOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useApiQuery } from '../api/hooks';
import { toastError } from '../api/feedback';
import { downloadFile, FieldErrorsError, importFile, PAGE_UPLOAD_LINKS, type ImportErrors, type UploadLink } from './api';
import { ApiError } from '../api/errors';
import { checkImportFile, formatBytes } from './checks';
import { ImportResultView, type ImportOutcome } from './ImportResultView';
import { startImportJob, type TransferJob } from './jobs';
import { TransferJobProgress } from './TransferJobProgress';
import './i18n';

type Phase =
  | { kind: 'idle' }
  | { kind: 'sending'; percent: number }
  | { kind: 'job'; job: TransferJob }
  | { kind: 'done'; outcome: ImportOutcome }
  | { kind: 'failed'; reason?: string };

/**
 * Files up to this size import in the request; larger ones run as a background job with live
 * progress and, when refused, the error report to download (docs/jobs.md).
 */
export const INLINE_IMPORT_BYTES = 1024 * 1024;

const isImportErrors = (e: unknown): e is ImportErrors => !!e && typeof e === 'object' && Array.isArray((e as ImportErrors).rows);

export function ImportCentre({ advanced }: { advanced: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = params.get('entity') ?? params.get('page') ?? undefined;
  const links = useApiQuery<UploadLink[]>(PAGE_UPLOAD_LINKS, page ? { page } : undefined);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<'create' | 'upsert'>('create');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  const list = useMemo(() => links.data ?? [], [links.data]);
  const link = list.find((l) => l.entity === (chosen ?? params.get('entity'))) ?? (list.length === 1 ? list[0] : undefined);

  const reset = () => {
    setFile(null);
    setPhase({ kind: 'idle' });
  };

  const start = async () => {
    if (!link || !file) return;
    setPhase({ kind: 'sending', percent: 0 });
    try {
      const onProgress = (percent: number) => setPhase({ kind: 'sending', percent });
      if (file.size > INLINE_IMPORT_BYTES) {
        setPhase({ kind: 'job', job: await startImportJob(link.import, file, advanced ? mode : 'create', onProgress) });
        return;
      }
      const result = await importFile(link, file, advanced ? mode : 'create', onProgress);
      setPhase({ kind: 'done', outcome: { kind: 'ok', result } });
    } catch (err) {
      if (err instanceof FieldErrorsError && isImportErrors(err.errors)) {
        setPhase({ kind: 'done', outcome: { kind: 'rows', errors: err.errors, message: err.message === 'field errors' ? undefined : err.message } });
      } else {
        // The notification with the reason goes away; the page keeps it under 'Upload failed'.
        setPhase({ kind: 'failed', reason: err instanceof ApiError && err.shown && err.message ? err.message : undefined });
      }
    }
  };

  if (links.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;

  const title = advanced ? t('transfer.centre.advanced') : t('transfer.centre.title');
  const fileList: UploadFile[] = file ? [{ uid: 'chosen', name: file.name, size: file.size, status: 'done' }] : [];
  const busy = phase.kind === 'sending';

  return (
    <Card
      title={title}
      data-testid={advanced ? 'import-centre-advanced' : 'import-centre'}
      extra={
        <Button type="link" onClick={() => navigate(`/page/upload/${advanced ? 'view' : 'viewadv'}${link ? `?entity=${encodeURIComponent(link.entity)}` : ''}`)}>
          {advanced ? t('transfer.centre.basic') : t('transfer.centre.advanced')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('transfer.centre.intro')}</Typography.Paragraph>
      {list.length === 0 ? (
        <Empty description={t('transfer.centre.none')} data-testid="import-none" />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Space wrap>
            <Typography.Text strong>{t('transfer.centre.entity')}</Typography.Text>
            <Select
              style={{ minWidth: 240 }}
              data-testid="import-entity"
              placeholder={t('transfer.centre.choose')}
              value={link?.entity}
              disabled={busy}
              options={list.map((l) => ({ value: l.entity, label: l.label }))}
              onChange={(v: string) => {
                setChosen(v);
                reset();
                const next = new URLSearchParams(params);
                next.set('entity', v);
                next.delete('page');
                setParams(next, { replace: true });
              }}
            />
            {link && (
              <>
                <Button icon={<DownloadOutlined />} data-testid="import-template" onClick={() => void downloadFile(link.template, {}, `${link.label}.xlsx`)}>
                  {t('transfer.centre.template')}
                </Button>
                <Button icon={<UnorderedListOutlined />} onClick={() => navigate(link.route)}>
                  {t('transfer.centre.openList')}
                </Button>
              </>
            )}
          </Space>

          {link && advanced && (
            <div data-testid="import-advanced">
              <Space direction="vertical" size={4}>
                <Space wrap>
                  <Typography.Text strong>{t('transfer.centre.mode')}</Typography.Text>
                  <Radio.Group value={mode} disabled={busy} onChange={(e) => setMode(e.target.value)} data-testid="import-mode">
                    <Radio value="create">{t('transfer.centre.mode.create')}</Radio>
                    {link.modes.includes('upsert') && link.key_field && (
                      <Radio value="upsert">{t('transfer.centre.mode.upsert', { field: link.key_label ?? link.key_field })}</Radio>
                    )}
                  </Radio.Group>
                </Space>
                <Typography.Text type="secondary" data-testid="import-max-rows">
                  {t('transfer.centre.maxRows', { rows: link.max_rows })}
                </Typography.Text>
                {mode === 'upsert' && link.key_field && (
                  <Typography.Text type="secondary">{t('transfer.centre.advancedHint', { field: link.key_label ?? link.key_field })}</Typography.Text>
                )}
              </Space>
            </div>
          )}

          {link && phase.kind !== 'done' && (
            <>
              <Upload.Dragger
                accept=".xlsx"
                multiple={false}
                maxCount={1}
                disabled={busy}
                fileList={fileList}
                data-testid="import-file"
                beforeUpload={(f) => {
                  const refusal = checkImportFile(f, link.max_bytes);
                  if (refusal) {
                    toastError(t(refusal.key, refusal.params));
                    return Upload.LIST_IGNORE;
                  }
                  setFile(f);
                  setPhase({ kind: 'idle' });
                  return false;
                }}
                onRemove={() => {
                  setFile(null);
                  return true;
                }}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">{t('transfer.centre.drop')}</p>
                <p className="ant-upload-hint">{t('transfer.centre.limits', { size: formatBytes(link.max_bytes), rows: link.max_rows })}</p>
              </Upload.Dragger>
              {phase.kind === 'sending' && (
                <div data-testid="import-progress">
                  <Progress percent={phase.percent} status="active" />
                  <Typography.Text type="secondary">{phase.percent < 100 ? t('transfer.centre.uploading') : t('transfer.centre.processing')}</Typography.Text>
                </div>
              )}
              {phase.kind === 'failed' && <Alert type="error" showIcon message={t('common.uploadFailed')} description={phase.reason} data-testid="import-failed" />}
              <Button type="primary" icon={<UploadOutlined />} disabled={!file} loading={busy} onClick={() => void start()} data-testid="import-start">
                {t('transfer.centre.start')}
              </Button>
            </>
          )}

          {link && phase.kind === 'done' && <ImportResultView outcome={phase.outcome} link={link} onAgain={reset} />}
          {phase.kind === 'job' && (
            <>
              <TransferJobProgress job={phase.job} />
              <Button onClick={reset}>{t('transfer.centre.again')}</Button>
            </>
          )}
        </Space>
      )}
    </Card>
  );
}
