// Storage of attachments (any file type the attachment rules accept), behind the engine's
// FileStorage interface: a local folder by default (FILES_DIR/attachments), an S3-compatible
// bucket when S3_BUCKET is set (./s3.ts). Keys: `<client id>/<yyyy>/<mm>/<uuid>.<ext>`.
import { join } from 'node:path';
import { FolderStorage, newKey, type FileStorage } from '../engine/transfer/files';
import { S3Storage, s3ConfigFrom } from './s3';

export type { FileStorage };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const ATTACHMENT_KEY = new RegExp(`^${UUID}/\\d{4}/\\d{2}/${UUID}\\.[a-z0-9]{1,8}$`);

/** A new key for an attachment of the company (the same shape as an image's). */
export const attachmentKey = newKey;

/** S3 when S3_BUCKET is set, else a folder under `filesDir`. */
export function attachmentStorage(filesDir: string, env: Record<string, string | undefined> = process.env): FileStorage {
  const s3 = s3ConfigFrom(env);
  return s3 ? new S3Storage(s3, 'attachments/') : new FolderStorage(join(filesDir, 'attachments'), ATTACHMENT_KEY);
}
