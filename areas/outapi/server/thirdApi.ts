// Calls to the third API service (spec §7 'POST {path} on the third API service with a caller
// body'): the host is THIRD_API_URL, never a constant; the caller's body goes form-encoded (spec
// §7 'Bodies are sent form-encoded', structured values as JSON text, an empty list as empty).
// The caller's token is not forwarded. Unconfigured, unreachable or failing: a 400 that says so.
import { BizError, type Body } from '@seamline/server/api';
import type { OutApiSettings } from './settings';

const SEGMENT = /^[A-Za-z0-9._~-]+$/;

export function thirdApiUrl(base: string, path: string): string | null {
  const parts = path.split('/').filter((p) => p !== '');
  if (!parts.length || parts.some((p) => !SEGMENT.test(p) || p === '.' || p === '..')) return null;
  return `${base}/${parts.join('/')}`;
}

export function formBody(body: Body): URLSearchParams {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v) && v.length === 0) form.append(k, '');
    else form.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return form;
}

export async function thirdApiCall(settings: OutApiSettings, path: string, body: Body): Promise<unknown> {
  if (!settings.thirdApiUrl) throw new BizError('outapi.thirdNotConfigured');
  const url = thirdApiUrl(settings.thirdApiUrl, path);
  if (!url) throw new BizError('outapi.badPath');
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', body: formBody(body), signal: AbortSignal.timeout(settings.timeoutMs) });
  } catch {
    throw new BizError('outapi.thirdFailed', { status: 'no answer' });
  }
  const text = await res.text();
  if (!res.ok) throw new BizError('outapi.thirdFailed', { status: res.status });
  try {
    return JSON.parse(text);
  } catch {
    return { text };
  }
}
