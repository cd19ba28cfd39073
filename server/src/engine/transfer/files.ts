// Uploaded files: where they live (a storage interface — a folder under DATA_DIR now, an
// S3-compatible bucket later) and the checks an image passes (spec §5 'Upload', UPL-01..04):
// size, format by its bytes (PNG, JPEG, WebP, GIF — never by the name alone), and a required
// width × height, exact or at least.
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { imageSize } from 'image-size';
import { t, type Lang } from '@seamline/core';
import { formatBytes } from './messages';

/** Where stored files live. Keys look like `<client id>/<yyyy>/<mm>/<uuid>.<ext>`. */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The file, or null when there is none. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}

/**
 * Files in a local folder (DATA_DIR/files): fine for one node, or several sharing a volume.
 * `keys` is the shape a key must have (images by default; attachments allow more extensions), so a
 * crafted key never reaches outside the folder.
 */
export class FolderStorage implements FileStorage {
  constructor(
    readonly root: string,
    private readonly keys: RegExp = STORAGE_KEY,
  ) {}

  private path(key: string): string {
    if (!this.keys.test(key)) throw new Error(`bad storage key '${key}'`);
    return join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Write then rename: a reader never sees half a file.
    const tmp = `${path}.${randomUUID()}.part`;
    await writeFile(tmp, bytes);
    await rename(tmp, path);
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    if (!this.keys.test(key)) return null;
    const path = this.path(key);
    try {
      const s = await stat(path);
      if (!s.isFile()) return null;
      return { stream: createReadStream(path), size: s.size };
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const STORAGE_KEY = new RegExp(`^${UUID}/\\d{4}/\\d{2}/${UUID}\\.(png|jpg|webp|gif)$`);

export const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;
export type ImageExt = keyof typeof IMAGE_TYPES;

/** A new key for a company's file. */
export function newKey(clientId: string, ext: string, now = new Date()): string {
  return `${clientId}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${ext}`;
}

/** The public URL of a stored file (served only to the company's signed-in users). */
export const fileUrl = (key: string): string => `/files/${key}`;

/** What an image must be; all optional. */
export interface ImageRule {
  width?: number;
  height?: number;
  /** true: exactly width × height; false: at least. */
  exact?: boolean;
  maxBytes?: number;
}

/**
 * Named rules for the batch upload page /page/uploadimg/{opt} (spec §9 sizes: logo 200×200 or
 * 702×180, avatar 200×200, licence at least 600×840). Any other opt: an image of any size.
 */
export const IMAGE_PROFILES: Readonly<Record<string, ImageRule>> = {
  avatar: { width: 200, height: 200, exact: true, maxBytes: 2 * 1024 * 1024 },
  logo: { width: 200, height: 200, exact: true, maxBytes: 2 * 1024 * 1024 },
  'logo-wide': { width: 702, height: 180, exact: true, maxBytes: 2 * 1024 * 1024 },
  licence: { width: 600, height: 840, exact: false },
};

/** The format of an image by its first bytes; null for anything else. */
export function sniffImage(bytes: Uint8Array): ImageExt | null {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length >= 6 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38 && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) return 'gif';
  if (b.length >= 12 && String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...b.subarray(8, 12)) === 'WEBP') return 'webp';
  return null;
}

export type ImageCheck = { ok: true; ext: ImageExt; width: number; height: number } | { ok: false; message: string };

/** The checks of one image, in the order a person would want to hear them. */
export function checkImage(bytes: Buffer, size: number, rule: ImageRule, maxBytes: number, lang: Lang): ImageCheck {
  const limit = Math.min(maxBytes, rule.maxBytes ?? maxBytes);
  if (size === 0) return { ok: false, message: t(lang, 'upload.empty') };
  if (size > limit) return { ok: false, message: t(lang, 'upload.tooLarge', { max: formatBytes(limit) }) };
  const ext = sniffImage(bytes);
  if (!ext) return { ok: false, message: t(lang, 'upload.badFormat') };
  let width: number;
  let height: number;
  try {
    const dim = imageSize(bytes);
    if (!dim.width || !dim.height) throw new Error('no size');
    width = dim.width;
    height = dim.height;
  } catch {
    return { ok: false, message: t(lang, 'upload.badFormat') };
  }
  if (rule.width || rule.height) {
    const params = { width: rule.width ?? '*', height: rule.height ?? '*', w: width, h: height };
    if (rule.exact) {
      if ((rule.width && width !== rule.width) || (rule.height && height !== rule.height)) return { ok: false, message: t(lang, 'upload.exactSize', params) };
    } else if ((rule.width && width < rule.width) || (rule.height && height < rule.height)) {
      return { ok: false, message: t(lang, 'upload.minSize', params) };
    }
  }
  return { ok: true, ext, width, height };
}
