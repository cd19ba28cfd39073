// English texts use ASCII punctuation: a typographic apostrophe or quote (’ “ ”) renders full
// width in the CJK fonts the app's font stack falls back to, and full-width ，：？ are Chinese
// punctuation. Walks every English catalogue and every {en, zh} label (entity fields, hints,
// options) of the ticket, system, sourcing, master-data and discovery areas.
import { describe, expect, it } from 'vitest';
import { discoveryMessages } from '../../discovery/meta';
import { discoveryTexts } from '../../discovery/web/texts';
import { masterdataEntities, masterdataMessages } from '../../masterdata/meta';
import { masterdataServerMessages } from '../../masterdata/server/messages';
import { srmEntities, srmMessages } from '../../srm/meta';
import { srmEn } from '../../srm/web/messages';
import { ticketEntities, ticketMessages } from '../../ticket/meta';
import { ticketTexts } from '../../ticket/web/texts';
import { adminMessages } from '../meta/adminMessages';
import { systemMessages } from '../meta/messages';
import { adminEn } from './admin/messages';
import { systemEn } from './messages';

const FULL_WIDTH = /[’‘＇“”，：；！？（）。、]/;

/** Every English string: values under an `en` key (a label or a whole catalogue), recursively. */
function englishTexts(value: unknown, path: string, out: Array<[string, string]>, english = false, seen = new Set<unknown>()): Array<[string, string]> {
  if (typeof value === 'string') {
    if (english) out.push([path, value]);
    return out;
  }
  if (typeof value !== 'object' || value === null || seen.has(value)) return out;
  seen.add(value);
  for (const [k, v] of Object.entries(value)) englishTexts(v, `${path}.${k}`, out, english || k === 'en', seen);
  return out;
}

const sources: Record<string, unknown> = {
  ticketMessages, ticketTexts, ticketEntities,
  systemMessages, adminMessages, systemEn: { en: systemEn }, adminEn: { en: adminEn },
  srmMessages, srmEntities, srmEn: { en: srmEn },
  masterdataMessages, masterdataServerMessages, masterdataEntities,
  discoveryMessages, discoveryTexts,
};

describe('English texts', () => {
  it('finds texts to check in every source (the walk itself works)', () => {
    for (const [name, source] of Object.entries(sources)) expect(englishTexts(source, name, []).length, name).toBeGreaterThan(0);
  });

  it('carry no full-width or typographic punctuation', () => {
    const bad = Object.entries(sources).flatMap(([name, source]) => englishTexts(source, name, []).filter(([, text]) => FULL_WIDTH.test(text)));
    expect(bad).toEqual([]);
  });
});
