// The checks a file passes in the browser before anything is sent (spec §5 'Upload', UPL-01..04):
// a file that fails is skipped with a message and never leaves the machine; the server checks
// again. Images are judged by their bytes (format and width × height read from the header), not
// by their name. The refusals' texts (transfer.*) load with the checks.
import './i18n';

/** A message to show: an i18n key and its parameters. */
export interface Refusal {
  key: string;
  params: Record<string, string | number>;
}

/** A byte count as people read it: 10 MB, 512 KB. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Number((n / (1024 * 1024)).toFixed(1))} MB`;
  if (n >= 1024) return `${Number((n / 1024).toFixed(1))} KB`;
  return `${n} B`;
}

/** An import file: .xlsx by name, not empty, within the size limit. */
export function checkImportFile(file: Pick<File, 'name' | 'size'>, maxBytes: number): Refusal | null {
  const name = file.name;
  if (!/\.xlsx$/i.test(name.trim())) return { key: 'transfer.file.notXlsx', params: { name } };
  if (file.size === 0) return { key: 'transfer.file.empty', params: { name } };
  if (file.size > maxBytes) return { key: 'transfer.file.tooLarge', params: { name, size: formatBytes(maxBytes) } };
  return null;
}

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
}

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    const length = (b[i + 2] << 8) | b[i + 3];
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (b[i + 5] << 8) | b[i + 6], width: (b[i + 7] << 8) | b[i + 8] };
    }
    i += 2 + length;
  }
  return null;
}

function webpSize(b: Uint8Array): { width: number; height: number } | null {
  const chunk = ascii(b, 12, 16);
  if (chunk === 'VP8 ' && b.length >= 30) return { width: ((b[27] << 8) | b[26]) & 0x3fff, height: ((b[29] << 8) | b[28]) & 0x3fff };
  if (chunk === 'VP8L' && b.length >= 25) {
    const [b0, b1, b2, b3] = [b[21], b[22], b[23], b[24]];
    return { width: 1 + (((b1 & 0x3f) << 8) | b0), height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)) };
  }
  if (chunk === 'VP8X' && b.length >= 30) {
    return { width: 1 + (b[24] | (b[25] << 8) | (b[26] << 16)), height: 1 + (b[27] | (b[28] << 8) | (b[29] << 16)) };
  }
  return null;
}

/** The format and size of an image from its bytes; null when it is none of PNG, JPEG, GIF, WebP. */
export function imageInfo(b: Uint8Array): ImageInfo | null {
  if (b.length >= 24 && b[0] === 0x89 && ascii(b, 1, 4) === 'PNG' && ascii(b, 12, 16) === 'IHDR') {
    const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
    return { format: 'png', width: v.getUint32(16), height: v.getUint32(20) };
  }
  if (b.length >= 10 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) {
    return { format: 'gif', width: b[6] | (b[7] << 8), height: b[8] | (b[9] << 8) };
  }
  if (b.length >= 16 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') {
    const size = webpSize(b);
    return size ? { format: 'webp', ...size } : null;
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    const size = jpegSize(b);
    return size ? { format: 'jpeg', ...size } : null;
  }
  return null;
}

/** What the server says an image must be (GET utilsapi/files/upload-rules). */
export interface UploadRules {
  max_bytes: number;
  formats: string[];
  extensions: string[];
  width: number | null;
  height: number | null;
  exact: boolean;
  max_files: number;
}

/** Reads a file's bytes (Blob.arrayBuffer, or FileReader where a test DOM lacks it). */
export function readBytes(file: Blob): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer().then((b) => new Uint8Array(b));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** An image: size first (so a huge file is never read), then its format and dimensions. */
export async function checkImageFile(file: File, rules: UploadRules): Promise<Refusal | null> {
  const name = file.name;
  if (file.size === 0) return { key: 'transfer.file.empty', params: { name } };
  if (file.size > rules.max_bytes) return { key: 'transfer.file.tooLarge', params: { name, size: formatBytes(rules.max_bytes) } };
  const info = imageInfo(await readBytes(file));
  if (!info) return { key: 'transfer.img.badFormat', params: { name } };
  const { width, height, exact } = rules;
  if (width || height) {
    const params = { name, w: info.width, h: info.height, width: width ?? '*', height: height ?? '*' };
    if (exact ? (width && info.width !== width) || (height && info.height !== height) : (width && info.width < width) || (height && info.height < height)) {
      return { key: exact ? 'transfer.img.exactSize' : 'transfer.img.minSize', params };
    }
  }
  return null;
}
