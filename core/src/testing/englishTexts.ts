// Test support: every English string of a catalogue or a definition, for the punctuation checks
// (server/src/englishTexts.int.test.ts, web/src/router/englishTexts.test.ts).

/** Typographic quotes and apostrophes, and Chinese (full-width) punctuation. */
export const FULL_WIDTH = /[’‘＇“”，：；！？（）。、]/;

/** Texts spec §8 quotes verbatim, full-width '！' included (CHECKLIST I18N-07: keep them). */
export const SPEC_VERBATIM = new Set(['Please correct the input error, before submit form！', 'Save failed！']);

/** True for an English text that has Chinese or typographic punctuation and is not quoted by the spec. */
export const badPunctuation = ([, text]: [string, string]): boolean => FULL_WIDTH.test(text) && !SPEC_VERBATIM.has(text);

/** [path, text] of every string under an `en` key (a label or a whole catalogue), recursively. */
export function englishTexts(value: unknown, path: string, out: Array<[string, string]> = [], english = false, seen = new Set<unknown>()): Array<[string, string]> {
  if (typeof value === 'string') {
    if (english) out.push([path, value]);
    return out;
  }
  if (typeof value !== 'object' || value === null || seen.has(value)) return out;
  seen.add(value);
  for (const [k, v] of Object.entries(value)) englishTexts(v, `${path}.${k}`, out, english || k === 'en', seen);
  return out;
}
