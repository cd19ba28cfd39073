// Every list at 390 px (issue 23): a table wider than the phone scrolls inside its card, the page
// never scrolls sideways, and no column is squeezed until its words break a character per line.
// Visits every menu entry of the signed-in user (read from their own user-state), the /dev/
// screens of the other platform, the capacity board and the tech pack, and a supplier's lists —
// each in English and in Chinese. In English, no column title, button or form label reads in
// Chinese; in neither language does one show a raw catalogue key.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot, useBrowser, useLanguage, visitEach } from './browser';

const browser = useBrowser();
const PHONE = { viewport: { width: 390, height: 844 } };

/** The menu URLs of the signed-in user, as their own session lists them. */
async function menuUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const res = await fetch(`/api/utilsapi/access/user-state?token=${localStorage.getItem('token')}`);
    const menus = (await res.json()).data.results.menus as Record<string, { URL?: string }[]>;
    return [...new Set(Object.values(menus).flat().map((m) => m.URL ?? '').filter((u) => u.startsWith('/')))];
  });
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction(() => !!document.querySelector('#sl-main') && !document.querySelector('.ant-spin-spinning, #sl-main .ant-skeleton') && !/Loading…|加载中/.test(document.querySelector('#sl-main')?.textContent ?? ''), null, { timeout: 20_000 })
    .catch(() => undefined);
}

/**
 * What is wrong with the page at this width: sideways scrolling, squeezed columns, a raw catalogue
 * key ('cap.runConfirm') in the UI's own words, and — in English — Chinese in them. The UI's own
 * words are column titles, buttons and form labels (data, such as the demo companies' Chinese
 * names, may be in either language).
 */
function problems(page: Page, lang: 'en' | 'zh') {
  return page.evaluate((lang) => {
    const wide = document.scrollingElement!.scrollWidth > innerWidth;
    // A cell with a word of text squeezed below 32 px breaks it a character per line.
    const squeezed = [...document.querySelectorAll('#sl-main td, #sl-main th')]
      .filter((c) => c.getBoundingClientRect().width > 0 && c.getBoundingClientRect().width < 32 && /\S{4,}/.test(c.textContent ?? ''))
      .map((c) => (c.textContent ?? '').slice(0, 20));
    const words = [...document.querySelectorAll('#sl-main th, #sl-main button, #sl-main .ant-form-item-label, #sl-main .ant-tabs-tab')]
      .map((e) => (e.textContent ?? '').trim())
      .filter(Boolean);
    const rawKeys = words.filter((w) => /^[a-z][a-zA-Z]*(\.[a-z][a-zA-Z0-9]*)+$/.test(w) && /[A-Z]|\.\w+\./.test(w));
    const otherLanguage = lang === 'en' ? words.filter((w) => /[\u4e00-\u9fff]/.test(w)) : [];
    return { scrollWidth: document.scrollingElement!.scrollWidth, innerWidth, wide, squeezed, rawKeys, otherLanguage: [...new Set(otherLanguage)].slice(0, 5) };
  }, lang);
}

async function sweep(page: Page, urls: string[], tag: string, lang: 'en' | 'zh') {
  await useLanguage(page, lang);
  const bad: { url: string; scrollWidth: number; squeezed: string[]; rawKeys: string[]; otherLanguage: string[] }[] = [];
  await visitEach(page, urls, async (tab, url) => {
    await settle(tab);
    const { wide, innerWidth: _w, ...p } = await problems(tab, lang);
    if (wide || p.squeezed.length || p.rawKeys.length || p.otherLanguage.length) {
      bad.push({ url, ...p });
      await shot(tab, `phone-${tag}-${lang}${url.replaceAll(/[/?=&]/g, '_')}`);
    }
  });
  return bad.sort((a, b) => a.url.localeCompare(b.url));
}

const DEV = ['/dev/index/season', '/dev/index/style', '/dev/masterdetail/bom', '/dev/index/sampling', '/dev/index/quote', '/dev/index/po-tracking'];
const SUPPLIER_LISTS = ['/srm/index/sourcing-inbox', '/srm/index/my-quotations', '/collab/page/my-approvals', '/collab/index/esign', '/collab/index/ticket', '/sys/index/role', '/sys/index/dynamic-form', '/sys/index/serial-number', '/srm/index/rfi', '/rpt/dsrptindex/reports'];

describe.each(['en', 'zh'] as const)('390 px in %s: lists stay inside their cards', (lang) => {
  it('every menu entry of the platform admin', { timeout: 900_000 }, async () => {
    const { page, context } = await browser.signedIn('super.admin', PHONE);
    const urls = await menuUrls(page);
    expect(urls.length).toBeGreaterThan(40);
    expect(await sweep(page, urls, 'admin', lang)).toEqual([]);
    await context.close();
  });

  it('the brand buyer’s development screens, capacity board and tech pack, and the supplier’s lists', { timeout: 600_000 }, async () => {
    const buyer = await browser.signedIn('brand.buyer', PHONE);
    const styles = await buyer.page.evaluate(async () => {
      const res = await fetch(`/api/plmapi/style/page-list?token=${localStorage.getItem('token')}&p=${encodeURIComponent('{"page":1,"size":1}')}`);
      return (await res.json()).data.results.rows as { id: string }[];
    });
    const devUrls = [...DEV, '/plan/page/capacity-board', ...(styles[0] ? [`/printpage/tech-pack?id=${styles[0].id}`] : [])];
    expect(await sweep(buyer.page, devUrls, 'buyer', lang)).toEqual([]);
    await buyer.context.close();

    const factory = await browser.signedIn('factory.admin', PHONE);
    expect(await sweep(factory.page, SUPPLIER_LISTS, 'factory', lang)).toEqual([]);
    await factory.context.close();
  });
});
