// The upload button of an image field: checks the chosen file against the field's image rule
// (size, format, width x height — spec §5) before sending it, then stores the returned URL.
import { useState } from 'react';
import { Button, Tooltip, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '@seamline/core';
import { toastError } from '../../api';
import { checkImageFile, type UploadRules } from '../../transfer/checks';
import { uploadImages } from '../../transfer/api';
import '../../transfer/i18n';

/** The server's default limit (UPLOAD_MAX_BYTES); a field may ask for less. */
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

export function rulesOf(field: FieldDef): UploadRules {
  const img = field.image ?? {};
  return {
    max_bytes: img.maxBytes ?? DEFAULT_MAX_BYTES,
    formats: ['png', 'jpeg', 'webp', 'gif'],
    extensions: ['.png', '.jpg', '.jpeg', '.webp', '.gif'],
    width: img.width ?? null,
    height: img.height ?? null,
    exact: img.exact ?? false,
    max_files: 1,
  };
}

export function ImageUpload({ field, onUploaded, disabled, size }: { field: FieldDef; onUploaded: (url: string) => void; disabled?: boolean; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const rules = rulesOf(field);

  const send = async (file: File) => {
    const refusal = await checkImageFile(file, rules);
    if (refusal) {
      toastError(t(refusal.key, refusal.params));
      return;
    }
    setBusy(true);
    try {
      const query: Record<string, string> = { max_bytes: String(rules.max_bytes), exact: String(rules.exact) };
      if (rules.width) query.width = String(rules.width);
      if (rules.height) query.height = String(rules.height);
      const [result] = await uploadImages([file], query);
      if (result?.ok && result.url) onUploaded(result.url);
      else toastError(result?.message ?? t('common.uploadFailed'));
    } catch {
      // the upload call has already shown 'Upload failed'
    } finally {
      setBusy(false);
    }
  };

  return (
    <Upload
      accept={rules.extensions.join(',')}
      showUploadList={false}
      disabled={disabled || busy}
      beforeUpload={(file) => {
        void send(file);
        return false;
      }}
    >
      <Tooltip title={t('engine.field.upload')}>
        <Button size={size} icon={<UploadOutlined />} loading={busy} disabled={disabled} aria-label={t('engine.field.upload')} data-testid={`upload-${field.name}`} />
      </Tooltip>
    </Upload>
  );
}
