// A background import's or export's live progress (antd Progress: rows done of the total) and,
// when it is over, its file: the export, or a refused import's error report.
import { Alert, Button, Progress, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadJobFile, isOver, useTransferJob, type TransferJob } from './jobs';

export function TransferJobProgress({ job: started }: { job: TransferJob }) {
  const { t } = useTranslation();
  const job = useTransferJob(started) ?? started;
  const total = job.total_rows ?? 0;
  const percent = job.status === 'done' ? 100 : total > 0 ? Math.min(99, Math.floor((job.done_rows / total) * 100)) : 0;
  const status = job.status === 'failed' ? 'exception' : job.status === 'done' ? 'success' : 'active';
  const text =
    job.status === 'queued'
      ? t('engine.job.queued')
      : job.status === 'running'
        ? t('engine.job.running', { done: job.done_rows.toLocaleString('en-US'), total: total ? total.toLocaleString('en-US') : '…' })
        : job.status === 'done'
          ? t('engine.job.done', { rows: (job.result?.rows ?? job.done_rows).toLocaleString('en-US') })
          : (job.result?.message ?? t('engine.job.failed'));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="transfer-job">
      <Progress percent={percent} status={status} aria-label={text} />
      {job.status === 'failed' ? <Alert type="error" showIcon message={text} /> : <Typography.Text aria-live="polite">{text}</Typography.Text>}
      {isOver(job) && job.file_name && (
        <Button type="primary" icon={<DownloadOutlined />} onClick={() => void downloadJobFile(job)} data-testid="transfer-job-download">
          {job.kind === 'import' ? t('engine.job.downloadReport') : t('engine.job.download')}
        </Button>
      )}
      {!isOver(job) && <Typography.Text type="secondary">{t('engine.job.background')}</Typography.Text>}
    </Space>
  );
}
