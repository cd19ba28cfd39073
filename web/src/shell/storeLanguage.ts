// The header's language switch also changes the user's stored language, so the server's messages
// (and every other session of the user) follow. The profile is saved whole with only the language
// changed: save-profile replaces every field it is given.
import type { Lang } from '@seamline/core';
import { api } from '../api';

export const PROFILE_PATH = 'utilsapi/access/profile';
export const SAVE_PROFILE_PATH = 'utilsapi/access/save-profile';

export async function storeLanguage(lang: Lang): Promise<void> {
  const profile = await api.get<Record<string, unknown>>(PROFILE_PATH, {}, { notify: false });
  if (!profile || profile.language === lang) return;
  await api.post(SAVE_PROFILE_PATH, { ...profile, language: lang }, { notify: false });
}

// A language picked on a public page (login) must hold after sign-in, where the stored language
// of the user is applied: the pick is remembered for this tab and carried over once signed in.
const PICKED = 'seamline.pickedLang';

export function rememberPickedLanguage(lang: Lang): void {
  try {
    sessionStorage.setItem(PICKED, lang);
  } catch {
    // storage refused (private mode): the pick then lasts only until sign-in
  }
}

/** Once signed in: the language picked before wins over the stored one, and becomes the stored one. */
export async function carryPickedLanguage(current: Lang, apply: (lang: Lang) => void, reload: () => Promise<unknown>): Promise<void> {
  let picked: string | null = null;
  try {
    picked = sessionStorage.getItem(PICKED);
    sessionStorage.removeItem(PICKED);
  } catch {
    return;
  }
  if ((picked !== 'en' && picked !== 'zh') || picked === current) return;
  apply(picked);
  await storeLanguage(picked).catch(() => undefined);
  await reload().catch(() => undefined);
}
