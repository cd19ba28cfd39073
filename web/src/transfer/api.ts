// Import, export and upload calls (docs/server.md 'Import and export'). Multipart uploads go
// through XMLHttpRequest for their progress; the answer is judged by the same core rules as every
// other call (spec §8), and a failed upload also says 'Upload failed' (UPL-07). Downloads are
// fetched first, so a refusal shows its message instead of saving a JSON file.
import { interpretResponse, type ImportErrors, type ImportResult, type ResponseInput, type UploadedFile, type UploadLink } from '@seamline/core';

export type { ImportErrors, ImportResult, UploadedFile, UploadLink };
import { apiUrl, validToken } from '../api/client';
import { ApiError, FieldErrorsError, SignedOutError } from '../api/errors';
import { notifyError, toastError } from '../api/feedback';
import { i18n } from '../i18n';
import { redirectToLogin } from '../router/navigation';
import { endSession } from '../session/endSession';
import { rawStoredLang, storedLang } from '../session/storage';

export const PAGE_UPLOAD_LINKS = 'crossapi/ccommonapi/data-upload/page-upload-links';
export const UPLOAD_RULES = 'utilsapi/files/upload-rules';
export const UPLOAD_IMAGE = 'utilsapi/files/upload-image';

/** '/api/…' (absolute API paths as the server hands them out) → the client's relative path. */
const relative = (path: string) => path.replace(/^\/?api\//, '');

export type Progress = (percent: number) => void;

/** Sends multipart/form-data; resolves with what the response looked like. */
export type Transport = (url: string, form: FormData, onProgress?: Progress) => Promise<ResponseInput>;

export const xhrTransport: Transport = (url, form, onProgress) =>
  new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('x-seamline-lang', rawStoredLang());
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.timeout = 200_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        // not JSON
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => resolve({ networkError: true });
    xhr.ontimeout = () => resolve({ timedOut: true });
    xhr.send(form);
  });

let transport: Transport = xhrTransport;

/** Tests swap the transport (jsdom's XMLHttpRequest does not reach a fake server). */
export function setTransport(t: Transport | null): void {
  transport = t ?? xhrTransport;
}

async function tokenOrSignOut(): Promise<string> {
  try {
    return await validToken();
  } catch (err) {
    if (err instanceof SignedOutError) redirectToLogin();
    throw err;
  }
}

/** Reads an answer by the rules of spec §8; failures are shown, plus 'Upload failed'. */
function settle<T>(input: ResponseInput, path: string): T {
  const outcome = interpretResponse(input, storedLang());
  switch (outcome.kind) {
    case 'ok':
      return outcome.results as T;
    case 'signout':
      endSession(false);
      redirectToLogin();
      throw new SignedOutError();
    case 'fieldErrors':
      toastError(i18n.t('common.uploadFailed'));
      throw new FieldErrorsError(outcome.errors, outcome.message);
    case 'notify':
      notifyError(outcome.text, outcome.contactAdmin);
      toastError(i18n.t('common.uploadFailed'));
      throw new ApiError(outcome.text, true, input.status);
    case 'log':
      console.warn(`[upload] /api/${path}: ${outcome.detail}`);
      toastError(i18n.t('common.uploadFailed'));
      throw new ApiError(outcome.detail, true, input.status);
  }
}

/** POST multipart to an API path: text fields first, then the files. */
export async function postMultipart<T>(path: string, files: ReadonlyArray<{ file: Blob; name: string }>, fields: Record<string, string> = {}, query: Record<string, string> = {}, onProgress?: Progress): Promise<T> {
  const token = await tokenOrSignOut();
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('file', f.file, f.name);
  const rel = relative(path);
  return settle<T>(await transport(apiUrl(rel, query, token), form, onProgress), rel);
}

/** Imports one .xlsx; an 11000 answer rejects with FieldErrorsError whose `errors` are ImportErrors. */
export function importFile(link: Pick<UploadLink, 'import'>, file: File, mode: 'create' | 'upsert', onProgress?: Progress): Promise<ImportResult> {
  return postMultipart<ImportResult>(link.import, [{ file, name: file.name }], { mode }, {}, onProgress);
}

export function uploadImages(files: readonly File[], rule: Record<string, string>, onProgress?: Progress): Promise<UploadedFile[]> {
  return postMultipart<UploadedFile[]>(UPLOAD_IMAGE, files.map((file) => ({ file, name: file.name })), {}, rule, onProgress);
}

/** The file name a Content-Disposition header gives (its UTF-8 form first). */
export function dispositionName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through
    }
  }
  const plain = /filename="([^"]+)"/i.exec(header);
  return plain ? plain[1] : fallback;
}

/** Saves a Blob as a file. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads a generated file (template, report, export); a refusal shows its message and 'Download Failed!'. */
export async function downloadFile(path: string, query: Record<string, string> = {}, fallbackName = 'download.xlsx'): Promise<boolean> {
  const token = await tokenOrSignOut();
  const rel = relative(path);
  let res: Response;
  try {
    res = await fetch(apiUrl(rel, query, token), { headers: { 'x-seamline-lang': rawStoredLang() }, credentials: 'same-origin' });
  } catch {
    toastError(i18n.t('common.downloadFailed'));
    return false;
  }
  const type = res.headers.get('content-type') ?? '';
  if (res.ok && !type.includes('json')) {
    saveBlob(await res.blob(), dispositionName(res.headers.get('content-disposition'), fallbackName));
    return true;
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const outcome = interpretResponse({ status: res.status, body }, storedLang());
  if (outcome.kind === 'signout') {
    endSession(false);
    redirectToLogin();
    return false;
  }
  // One notice for one failed download: 'Download Failed!' above the server's reason (issue 23:
  // it was a toast plus a second notification with '500 service not found').
  if (outcome.kind === 'notify') notifyError(outcome.text, outcome.contactAdmin, i18n.t('common.downloadFailed'));
  else toastError(i18n.t('common.downloadFailed'));
  return false;
}

/** A stored file's URL with the token, for <img src> (files are served to the signed-in company only). */
export function fileSrc(url: string, token: string | null): string {
  if (!token) return url;
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

export { ApiError, FieldErrorsError };
