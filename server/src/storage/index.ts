// Storage of attachments (any file type the attachment rules accept), behind the engine's
// FileStorage interface: a local folder by default (FILES_DIR/attachments), an S3-compatible
// bucket when S3_BUCKET is set (./s3.ts). Keys: `<client id>/<yyyy>/<mm>/<uuid>.<ext>`.
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FileStorage } from '../engine/transfer/files';
import { S3Storage, s3ConfigFrom } from './s3';

export type { FileStorage };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const ATTACHMENT_KEY = new RegExp(`^${UUID}/\\d{4}/\\d{2}/${UUID}\\.[a-z0-9]{1,8}$`);

export function attachmentKey(clientId: string, ext: string, now = new Date()): string {
  return `${clientId}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${ext}`;
}

/** Files in a local folder; several nodes need a shared volume. */
export class LocalFolderStorage implements FileStorage {
  constructor(readonly root: string) {}

  private path(key: string): string {
    if (!ATTACHMENT_KEY.test(key)) throw new Error(`bad storage key '${key}'`);
    return join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${randomUUID()}.part`;
    await writeFile(tmp, bytes);
    await rename(tmp, path);
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    if (!ATTACHMENT_KEY.test(key)) return null;
    try {
      const s = await stat(this.path(key));
      return s.isFile() ? { stream: createReadStream(this.path(key)), size: s.size } : null;
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}

/** S3 when S3_BUCKET is set, else a folder under `filesDir`. */
export function attachmentStorage(filesDir: string, env: Record<string, string | undefined> = process.env): FileStorage {
  const s3 = s3ConfigFrom(env);
  return s3 ? new S3Storage(s3, 'attachments/') : new LocalFolderStorage(join(filesDir, 'attachments'));
}
