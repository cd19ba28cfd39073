// The language of a request and server-side message catalogues.
import { langOf, messages, type Lang } from '@seamline/core';

export const LANG_HEADER = 'x-seamline-lang';

/**
 * The language the client shows right now (its stored `lang`, sent as a header) wins, so a switch
 * in the header changes server texts (menu titles, messages) at once; without the header, the
 * session user's language; else Chinese.
 */
export function requestLang(sessionLanguage: string | null | undefined, header: unknown): Lang {
  const shown = Array.isArray(header) ? header[0] : header;
  if (typeof shown === 'string' && shown !== '') return langOf(shown);
  return langOf(sessionLanguage);
}

export interface Catalogues {
  en: Record<string, string>;
  zh: Record<string, string>;
}

/** Adds an area's texts to the shared catalogue, so `t()` finds them on this side too. */
export function registerMessages(extra: Catalogues): void {
  for (const key of Object.keys(extra.en)) {
    if (!(key in extra.zh)) throw new Error(`message '${key}' has no Chinese text`);
  }
  Object.assign(messages.en, extra.en);
  Object.assign(messages.zh, extra.zh);
}
