// How a pick page (/page/pick/{opt}, /superdemopage/pick/{opt}) hands the chosen record back
// (FORM-21). Two callers exist:
// - a window that opened the pick page (openPickWindow): the row goes back by postMessage on a
//   per-call channel, same origin only, and the pick window closes;
// - a route that navigated here with state { returnTo }: the browser goes back to it with
//   state { picked: { entity, field, row } } (read it with pickedFromState).
import type { Row } from '../data/source';

export const PICK_MESSAGE = 'seamline:pick';

export interface PickMessage {
  type: typeof PICK_MESSAGE;
  channel: string;
  entity: string;
  field?: string;
  row: Row;
}

export interface PickReturnState {
  returnTo?: string;
  field?: string;
}

export interface Picked {
  entity: string;
  field?: string;
  row: Row;
}

/** Opens a pick page (its path) in a new window; `onPick` gets the chosen row. Returns a cancel function. */
export function openPickWindow(path: string, entity: string, onPick: (row: Row) => void, field?: string): () => void {
  const channel = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  const url = `${path}${path.includes('?') ? '&' : '?'}channel=${channel}${field ? `&field=${encodeURIComponent(field)}` : ''}`;
  const listener = (e: MessageEvent) => {
    const m = e.data as PickMessage | undefined;
    if (e.origin !== window.location.origin || !m || m.type !== PICK_MESSAGE || m.channel !== channel || m.entity !== entity) return;
    onPick(m.row);
    window.removeEventListener('message', listener);
  };
  window.addEventListener('message', listener);
  window.open(url, `pick-${channel}`, 'width=1100,height=760');
  return () => window.removeEventListener('message', listener);
}

/**
 * Sends the chosen row to the opener window (when there is one and a channel was given).
 * Returns true when it was delivered that way.
 */
export function postPick(channel: string | null, entity: string, row: Row, field?: string): boolean {
  const opener = window.opener as Window | null;
  if (!channel || !opener || opener === window) return false;
  const message: PickMessage = { type: PICK_MESSAGE, channel, entity, field, row };
  opener.postMessage(message, window.location.origin);
  window.close();
  return true;
}

/** The pick a route received back (location.state.picked), if any. */
export function pickedFromState(state: unknown): Picked | undefined {
  const p = (state as { picked?: Picked } | null)?.picked;
  return p && typeof p.entity === 'string' && p.row && typeof p.row === 'object' ? p : undefined;
}
