// /page/uploadimg/{opt}, the batch image upload (spec §2, UPL-01..04, UPL-09): several images at
// once; {opt} names the rule set (the server's upload-rules: e.g. 'avatar' exactly 200×200 up to
// 2 MB, 'licence' at least 600×840, anything else any size). Each file is checked here first —
// size, format by its bytes, width × height — and one that fails is skipped with a message and
// never sent; the others go up together and the server checks each again.
import { useRef, useState } from 'react';
import { Alert, Button, Card, Image, List, Progress, Space, Spin, Tag, Typography, Upload } from 'antd';
import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../api/hooks';
import { toastError, toastSuccess } from '../api/feedback';
import { storedToken } from '../session/storage';
import type { TemplateProps } from '../router/templates';
import { fileSrc, uploadImages, UPLOAD_RULES, type UploadedFile } from './api';
import { checkImageFile, formatBytes, type UploadRules } from './checks';
import './i18n';

type Phase = { kind: 'idle' } | { kind: 'sending'; percent: number } | { kind: 'failed' };

export default function UploadImagePage({ opt }: Partial<TemplateProps>) {
  const { t } = useTranslation();
  const profile = opt ?? 'images';
  const rules = useApiQuery<UploadRules>(UPLOAD_RULES, { profile });
  const [pending, setPendingState] = useState<File[]>([]);
  // The files' checks finish in any order; the ref keeps the count they see current.
  const pendingRef = useRef<File[]>([]);
  const setPending = (next: File[] | ((list: File[]) => File[])) => {
    pendingRef.current = typeof next === 'function' ? next(pendingRef.current) : next;
    setPendingState(pendingRef.current);
  };
  const [results, setResults] = useState<UploadedFile[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  if (rules.isLoading || !rules.data) return rules.isLoading ? <Spin style={{ display: 'block', margin: 48 }} /> : null;
  const r = rules.data;
  const sizeRule = r.width || r.height ? t(r.exact ? 'transfer.img.exact' : 'transfer.img.min', { width: r.width ?? '*', height: r.height ?? '*' }) : null;

  const accept = async (file: File): Promise<void> => {
    const refusal = await checkImageFile(file, r);
    if (refusal) {
      toastError(t(refusal.key, refusal.params));
      return;
    }
    if (pendingRef.current.includes(file)) return;
    if (pendingRef.current.length >= r.max_files) {
      toastError(t('transfer.img.tooMany', { max: r.max_files }));
      return;
    }
    setPending([...pendingRef.current, file]);
  };

  const send = async () => {
    setPhase({ kind: 'sending', percent: 0 });
    try {
      const out = await uploadImages(pending, { profile }, (percent) => setPhase({ kind: 'sending', percent }));
      setResults((prev) => [...out, ...prev]);
      setPending([]);
      setPhase({ kind: 'idle' });
      const okCount = out.filter((x) => x.ok).length;
      if (okCount === out.length) toastSuccess(t('transfer.img.done', { ok: okCount, failed: 0 }));
      else toastError(t('transfer.img.done', { ok: okCount, failed: out.length - okCount }));
    } catch {
      setPhase({ kind: 'failed' });
    }
  };

  const token = storedToken();
  return (
    <Card title={t('transfer.img.title')} data-testid="image-upload" data-profile={profile}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Upload.Dragger
          multiple
          accept={r.extensions.join(',')}
          showUploadList={false}
          disabled={phase.kind === 'sending'}
          data-testid="image-files"
          beforeUpload={async (file) => {
            await accept(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('transfer.img.drop')}</p>
          <p className="ant-upload-hint" data-testid="image-rules">
            {t('transfer.img.rules', { size: formatBytes(r.max_bytes) })}
            {sizeRule ? ` · ${sizeRule}` : ''}
          </p>
        </Upload.Dragger>

        {pending.length > 0 && (
          <List
            size="small"
            bordered
            data-testid="image-pending"
            dataSource={pending}
            renderItem={(f) => (
              <List.Item actions={[<a key="x" onClick={() => setPending((l) => l.filter((x) => x !== f))}>×</a>]}>
                {f.name} <Typography.Text type="secondary">({formatBytes(f.size)})</Typography.Text>
              </List.Item>
            )}
          />
        )}
        {phase.kind === 'sending' && <Progress percent={phase.percent} status="active" data-testid="image-progress" />}
        {phase.kind === 'failed' && <Alert type="error" showIcon message={t('common.uploadFailed')} data-testid="image-failed" />}
        <Space>
          <Button type="primary" icon={<UploadOutlined />} disabled={pending.length === 0} loading={phase.kind === 'sending'} onClick={() => void send()} data-testid="image-start">
            {t('transfer.img.start', { count: pending.length })}
          </Button>
          {pending.length > 0 && <Button onClick={() => setPending([])}>{t('transfer.img.clear')}</Button>}
        </Space>

        {results.length > 0 && (
          <List
            data-testid="image-results"
            grid={{ gutter: 12, xs: 1, sm: 2, md: 3, lg: 4 }}
            dataSource={results}
            renderItem={(x) => (
              <List.Item>
                <Card size="small" data-testid={`image-result-${x.name}`}>
                  <Space direction="vertical" size={4} style={{ width: '100%' }}>
                    <Space>
                      <Tag color={x.ok ? 'success' : 'error'}>{x.ok ? t('transfer.img.uploaded') : t('transfer.img.refused')}</Tag>
                      <Typography.Text ellipsis style={{ maxWidth: 160 }}>
                        {x.name}
                      </Typography.Text>
                    </Space>
                    {x.ok && x.url ? (
                      <>
                        <Image src={fileSrc(x.url, token)} alt={x.name} height={96} style={{ objectFit: 'contain' }} />
                        <Typography.Text type="secondary" copyable={{ text: x.url, tooltips: [t('transfer.img.copy')] }}>
                          {x.width}×{x.height} · {formatBytes(x.size ?? 0)}
                        </Typography.Text>
                      </>
                    ) : (
                      <Typography.Text type="danger">{x.message}</Typography.Text>
                    )}
                  </Space>
                </Card>
              </List.Item>
            )}
          />
        )}
      </Space>
    </Card>
  );
}
