// English texts of the web app use ASCII punctuation (see core/src/testing/englishTexts.ts): every
// catalogue the app and its areas register. Entity labels are checked on the server
// (server/src/englishTexts.int.test.ts), from the same definitions.
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { badPunctuation, englishTexts } from '../../../core/src/testing/englishTexts';
import './defaultTemplates';

describe('English texts in the web app', () => {
  it('carry no full-width or typographic punctuation', () => {
    const texts = englishTexts({ en: i18n.getResourceBundle('en', 'translation') }, 'web');
    expect(texts.length).toBeGreaterThan(1000);
    expect(texts.filter(badPunctuation)).toEqual([]);
  });
});
