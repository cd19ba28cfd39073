// Ending a session (spec §4): storage keys per core signOutKeys, then the in-memory profile and
// every cached query, so nothing of the previous user can render again (SES-15).
import { queryClient } from '../api/queryClient';
import { clearSessionKeys } from './storage';
import { sessionStore } from './store';

export function endSession(full: boolean): void {
  clearSessionKeys(full);
  sessionStore.clear();
  queryClient.clear();
}
