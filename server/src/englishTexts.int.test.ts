// English texts use ASCII punctuation: a typographic apostrophe or quote (’ “ ”) renders full width
// in the CJK fonts the app's font stack falls back to, and ，：？ are Chinese punctuation. Walks the
// server's every English text: core's catalogue, each area's messages and every {en, zh} label of
// every registered entity (fields, hints, options, actions). web/src/router/englishTexts.test.ts
// walks the web's catalogues.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@seamline/core';
import { AREAS } from './areas';
import { knownRegistrations } from './engine/registry';
import { startTestServer, type TestServer } from './testing';
import { badPunctuation, englishTexts } from '../../core/src/testing/englishTexts';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer(); // registers every area's entities
});
afterAll(() => srv?.close());

describe('English texts on the server', () => {
  it('carry no full-width or typographic punctuation', () => {
    const sources: Record<string, unknown> = { core: { en: messages.en } };
    for (const area of AREAS) if (area.messages) sources[`${area.name}.messages`] = { en: area.messages.en };
    for (const { def } of knownRegistrations()) sources[`entity ${def.name}`] = def;
    const texts = Object.entries(sources).flatMap(([name, source]) => englishTexts(source, name));
    expect(texts.length).toBeGreaterThan(1000);
    expect(texts.filter(badPunctuation)).toEqual([]);
  });
});
