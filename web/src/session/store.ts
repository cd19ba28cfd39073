// The in-memory session user: a tiny external store read with useSyncExternalStore, so the
// request client (outside React) and components share one source of truth.
import { useSyncExternalStore } from 'react';
import type { SessionUser, UserSettings } from './types';

type Listener = () => void;

let current: SessionUser | null = null;
const listeners = new Set<Listener>();

function emit() {
  for (const l of listeners) l();
}

export const sessionStore = {
  get: (): SessionUser | null => current,
  set(user: SessionUser | null) {
    current = user;
    emit();
  },
  /** Shallow merge into the signed-in user; ignored when signed out. */
  update(patch: Partial<SessionUser>) {
    if (!current) return;
    current = { ...current, ...patch };
    emit();
  },
  updateSettings(patch: Partial<UserSettings>) {
    if (!current) return;
    current = { ...current, settings: { ...(current.settings ?? {}), ...patch } };
    emit();
  },
  clear() {
    current = null;
    emit();
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The whole session user (null when signed out). */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
