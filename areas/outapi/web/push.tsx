// Pushing to an outside system from any screen (spec §7 'Out-API', §8, §9): the transfer notice
// stays 10 s (TRANSFER_NOTICE_MS) while the delivery is queued and sent in the background; a
// failure always shows 'Send failed'; the success message only when the config's MSG_DISPLAY is
// '1'.
import { notification, Spin } from 'antd';
import { SUCCESS_TOAST_MS, TRANSFER_NOTICE_MS } from '@seamline/core';
import { api, ApiError, notifyError, toastSuccess, i18n } from '@seamline/web/engine';
import { BUS, DELIVERY, MSG_DISPLAY } from '../meta';
import './register-messages';

export interface PushResult {
  id: string;
  status: string;
  api_id: string;
  msg_display: string;
}

interface DeliveryState {
  status: string;
  attempts: Array<{ http_status: number | null; error: string | null }>;
  last_error: string | null;
}

const POLL_MS = 1000;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function showProgress(apiKey: string): string {
  const key = `outapi-progress-${Date.now()}-${Math.random()}`;
  notification.info({
    key,
    placement: 'top',
    duration: TRANSFER_NOTICE_MS / 1000,
    icon: <Spin size="small" />,
    message: <span data-testid="outapi-progress">{i18n.t('outapi.sending', { api: apiKey })}</span>,
    description: i18n.t('outapi.sendingHint'),
  });
  return key;
}

function sendFailed(detail?: string): void {
  notifyError(detail ? i18n.t('outapi.sendFailedDetail', { error: detail }) : i18n.t('outapi.sendFailed'));
}

/**
 * Queues `items` for the config `apiKey` (POST zutilsapi/out-api-bus/auto-push with apiKey and
 * apiSendMethod as query parameters and DATA a JSON list) and follows the delivery for the
 * notice's 10 s. Resolves with the outcome seen by then; never rejects.
 */
export async function pushOut(apiKey: string, items: readonly Record<string, unknown>[], sendMethod?: string): Promise<'delivered' | 'failed' | 'pending'> {
  const ends = Date.now() + TRANSFER_NOTICE_MS;
  showProgress(apiKey);
  let queued: PushResult;
  try {
    queued = await api.post<PushResult>(`${BUS}/auto-push`, { DATA: JSON.stringify(items) }, { query: { apiKey, ...(sendMethod ? { apiSendMethod: sendMethod } : {}) }, notify: false });
  } catch (err) {
    sendFailed(err instanceof ApiError ? err.message : undefined);
    return 'failed';
  }
  const show = queued.msg_display === MSG_DISPLAY.SHOW;
  while (Date.now() < ends) {
    await wait(POLL_MS);
    let d: DeliveryState;
    try {
      d = await api.get<DeliveryState>(`${BUS}/delivery`, { id: queued.id }, { notify: false });
    } catch {
      continue; // the notice still runs; the log has the answer
    }
    if (d.status === DELIVERY.DELIVERED) {
      if (show) toastSuccess(i18n.t('outapi.sent', { api: queued.api_id }));
      return 'delivered';
    }
    if (d.status === DELIVERY.FAILED) {
      sendFailed(d.last_error ?? undefined);
      return 'failed';
    }
    // A first refusal: the user learns it now; the queue keeps retrying with back-off.
    if (d.status === DELIVERY.RETRYING) {
      notifyError(i18n.t('outapi.willRetry', { api: queued.api_id, error: d.last_error ?? i18n.t('outapi.noAnswer') }));
      return 'failed';
    }
  }
  if (show) notification.info({ placement: 'top', duration: SUCCESS_TOAST_MS / 1000, message: i18n.t('outapi.stillQueued', { api: queued.api_id }) });
  return 'pending';
}
