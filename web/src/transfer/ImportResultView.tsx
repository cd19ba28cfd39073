// What an import ended in: the count of records imported, or — nothing saved — the rows with
// their problems ('Field: message') and the error report to download, correct and import again.
import { Alert, Button, Result, Space, Table, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadFile, type ImportErrors, type ImportResult, type UploadLink } from './api';
import './i18n';

export type ImportOutcome = { kind: 'ok'; result: ImportResult } | { kind: 'rows'; errors: ImportErrors; message?: string };

/** A row's problems as lines 'Label: message; message'. */
export function problemLines(errors: Record<string, string[]>, labels: Record<string, string>): string[] {
  return Object.entries(errors).map(([field, msgs]) => {
    const label = labels[field] ?? (field === '_document' ? '' : field);
    return label ? `${label}: ${msgs.join('; ')}` : msgs.join('; ');
  });
}

export function ImportResultView({ outcome, link, onAgain }: { outcome: ImportOutcome; link: Pick<UploadLink, 'api' | 'label'>; onAgain: () => void }) {
  const { t } = useTranslation();
  const again = (
    <Button icon={<ReloadOutlined />} onClick={onAgain} data-testid="import-again">
      {t('transfer.centre.again')}
    </Button>
  );
  if (outcome.kind === 'ok') {
    const r = outcome.result;
    return (
      <Result
        status="success"
        data-testid="import-success"
        title={t('transfer.result.imported', { count: r.imported })}
        subTitle={
          <Space direction="vertical" size={2}>
            <span>{t('transfer.result.detail', { created: r.created, updated: r.updated })}</span>
            {r.ignored_columns.length > 0 && (
              <Typography.Text type="warning" data-testid="import-ignored">
                {t('transfer.result.ignored', { columns: r.ignored_columns.join(', ') })}
              </Typography.Text>
            )}
          </Space>
        }
        extra={again}
      />
    );
  }
  const { errors } = outcome;
  const shown = errors.rows.length;
  return (
    <div data-testid="import-errors">
      <Alert
        type="error"
        showIcon
        // The server's sentence already starts with 'Nothing was imported': it is the title then, not a repeat under it.
        message={outcome.message ?? t('transfer.result.failed')}
        description={
          <Space direction="vertical" size={2}>
            {!outcome.message && <span>{t('transfer.result.rowsTotal', { count: errors.error_rows })}</span>}
            {shown < errors.error_rows && <span>{t('transfer.result.moreRows', { shown, count: errors.error_rows })}</span>}
          </Space>
        }
        action={
          <Space direction="vertical">
            {errors.report && (
              <Button
                type="primary"
                danger
                icon={<DownloadOutlined />}
                data-testid="import-report"
                onClick={() => void downloadFile(`${link.api}/import-report`, { id: errors.report! }, `${link.label}.xlsx`)}
              >
                {t('transfer.result.report')}
              </Button>
            )}
            {again}
          </Space>
        }
        style={{ marginBottom: 16 }}
      />
      <Table
        size="small"
        rowKey="row"
        pagination={shown > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        dataSource={errors.rows}
        columns={[
          { title: t('transfer.result.row'), dataIndex: 'row', width: 80 },
          {
            title: t('transfer.result.problems'),
            key: 'problems',
            render: (_: unknown, r: ImportErrors['rows'][number]) => (
              <div>
                {problemLines(r.errors, errors.labels).map((line) => (
                  <div key={line}>{line}</div>
                ))}
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}
