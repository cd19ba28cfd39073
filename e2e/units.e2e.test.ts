// Issue 30's sweep: every screen with quantities or amounts, at 1440 and 390 px, in English and in
// Chinese. On each page no number reads as the server stores it ('60.0000') unless it is an
// amount after its currency symbol; no counted unit shows '.0000'; and a cell, description or
// read-only field under a quantity- or money-titled heading never holds a bare number (its unit
// or symbol is beside it, or the heading names it: 'Quantity (pcs)').
// The screens: the menus of a supplier (factory) and of a brand (buyer), the documents behind
// them (the first of each kind, opened as a form or print), the capacity board and a tech pack.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { UNITS } from '../core/src/units';
import { shot, useBrowser, useLanguage, visitEach } from './browser';

const browser = useBrowser();
const WIDTHS = { 1440: { viewport: { width: 1440, height: 900 } }, 390: { viewport: { width: 390, height: 844 } } } as const;

/** Every unit label in both languages, and which of them are counted (whole numbers only). */
const LABELS = [...new Set(UNITS.flatMap((u) => [u.label.en, u.label.zh]))];
const COUNTED = [...new Set(UNITS.filter((u) => u.counted).flatMap((u) => [u.label.en, u.label.zh]))];

/** A document of each kind the signed-in user can open: [its list API, the page that shows it]. */
const DOCUMENTS: Record<string, Array<[string, string]>> = {
  'factory.admin': [
    ['scmapi/customer-order', '/scm/page/customer-order?id='],
    ['scmapi/material-order', '/scm/page/material-order?id='],
    ['scmapi/outsourced-order', '/scm/page/outsourced-order?id='],
    ['scmapi/stock-receipt', '/scm/page/stock-receipt?id='],
    ['scmapi/stock-issue', '/scm/page/stock-issue?id='],
    ['scmapi/stock-move', '/scm/page/stock-move?id='],
    ['scmapi/shipment', '/scm/page/shipment?id='],
    ['scmapi/shipment', '/scm/page/shipment-labels?id='],
    ['scmapi/purchase-requirement', '/scm/page/purchase-requirement?id='],
  ],
  'brand.buyer': [
    ['plmapi/bom', '/dev/page/bom?id='],
    ['plmapi/quote', '/dev/page/quote?id='],
    ['plmapi/po-tracking', '/dev/page/po-tracking?id='],
    ['plmapi/style', '/printpage/tech-pack?id='],
    ['scmapi/demand', '/plan/page/demand?id='],
  ],
};
const EXTRA: Record<string, string[]> = {
  'brand.buyer': ['/plan/page/capacity-board', '/scm/index/customer-order?tab=placed', '/scm/index/shipment?tab=incoming'],
  'factory.admin': [],
};

async function urlsOf(page: Page, user: string): Promise<string[]> {
  return page.evaluate(
    async ({ docs, extra }) => {
      const token = localStorage.getItem('token');
      const res = await fetch(`/api/utilsapi/access/user-state?token=${token}`);
      const menus = (await res.json()).data.results.menus as Record<string, { URL?: string }[]>;
      const urls = Object.values(menus).flat().map((m) => m.URL ?? '').filter((u) => u.startsWith('/'));
      for (const [api, url] of docs) {
        const list = await fetch(`/api/${api}/page-list?token=${token}&p=${encodeURIComponent('{"page":1,"size":1}')}`);
        const id = list.ok ? ((await list.json()).data?.results?.rows?.[0]?.id as string | undefined) : undefined;
        if (id) urls.push(`${url}${id}`);
      }
      return [...new Set([...urls, ...extra])];
    },
    { docs: DOCUMENTS[user] ?? [], extra: EXTRA[user] ?? [] },
  );
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton') && !/Loading…|加载中/.test(document.body.textContent ?? ''), null, { timeout: 20_000 })
    .catch(() => undefined);
}

/** What on the page reads wrong (see the file comment), as short quotes. */
function findings(page: Page, scores: boolean) {
  return page.evaluate(
    ({ labels, counted, scores }) => {
      const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const unit = `(?:${labels.map(esc).sort((a, b) => b.length - a.length).join('|')})`;
      const countedUnit = `(?:${counted.map(esc).sort((a, b) => b.length - a.length).join('|')})`;
      const root = document.querySelector('#sl-main') ?? document.body;
      const text = (root as HTMLElement).innerText ?? '';
      const out: string[] = [];
      // A stored 4-place number: fine after a currency mark (¥ $ HK$ or a code), or a measured value before its unit.
      for (const m of scores ? [] : text.matchAll(/(^|[^\d.,])(-?\d[\d,]*\.\d{4})(?!\d)/g)) {
        const before = text.slice(Math.max(0, (m.index ?? 0) + m[1].length - 5), (m.index ?? 0) + m[1].length);
        const after = text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 12);
        if (/(¥|\$|[A-Z]{3} ?)-?$/.test(before)) continue;
        if (new RegExp(`^\\s?${unit}(?![A-Za-z])`).test(after) && !(m[2].endsWith('.0000') && new RegExp(`^\\s?${countedUnit}(?![A-Za-z])`).test(after))) continue;
        out.push(`raw ${m[2]}${after.slice(0, 6)}`);
      }
      // Headings that name a quantity or an amount: what sits under them is never a bare number.
      // '报价' is a quotation, not a price ('报价物料数': how many materials a quotation holds).
      const heading = /quantity|qty|weight|volume|price|amount|cost|total|received|shipped|数量|重|体积|(?<!报)价|金额|成本|合计|实收|发货/i;
      const bare = /^-?[\d,]+(\.\d+)?$/;
      const namesUnit = (h: string) => /[(（][^)）]+[)）]/.test(h);
      const check = (head: string, value: string, unitBeside = false) => {
        if (heading.test(head) && !namesUnit(head) && !unitBeside && bare.test(value.trim())) out.push(`bare ${value.trim()} under '${head}'`);
      };
      for (const table of root.querySelectorAll('table')) {
        const heads = [...(table.querySelector('thead tr:last-child')?.children ?? [])].map((th) => (th.textContent ?? '').trim());
        if (!heads.length) continue;
        // A row with its own filled 'Unit' column (the warehouse's stock) has the unit beside the number.
        const unitColumn = heads.findIndex((h) => /^(unit|单位)$/i.test(h));
        for (const tr of table.querySelectorAll('tbody tr')) {
          const cells = [...tr.children];
          if (cells.length !== heads.length) continue;
          const unitBeside = unitColumn >= 0 && !!cells[unitColumn].textContent?.trim();
          cells.forEach((td, i) => check(heads[i], td.textContent ?? '', unitBeside));
        }
      }
      for (const item of root.querySelectorAll('.ant-descriptions-item, .ant-form-item')) {
        const head = item.querySelector('.ant-descriptions-item-label, .ant-form-item-label')?.textContent ?? '';
        const value = item.querySelector('.ant-descriptions-item-content, [data-readonly-field]')?.textContent ?? '';
        check(head, value);
      }
      return [...new Set(out)].slice(0, 8);
    },
    { labels: LABELS, counted: COUNTED, scores },
  );
}

/**
 * Screens whose 4-place numbers are scores (a vendor's KPI, an evaluation's pass score): neither a
 * quantity nor an amount, and spec §9 gives calculated fields 4 decimals. Their headings are still checked.
 */
const SCORES = new Set(['/scm/index/vendor-kpi', '/srm/masterdetail/access-eval-config']);

async function sweep(page: Page, urls: string[], tag: string) {
  const bad: Record<string, string[]> = {};
  await visitEach(page, urls, async (tab, url) => {
    await settle(tab);
    const found = await findings(tab, SCORES.has(url));
    if (found.length) {
      bad[url] = found;
      await shot(tab, `units-${tag}${url.replaceAll(/[/?=&]/g, '_')}`);
    }
  });
  return bad;
}

// Each language once and each width once (English at 1440 px, Chinese at 390 px): the formatting
// rules take the language and not the width, and a CI run has a time budget.
describe.each([['en', 1440], ['zh', 390]] as const)('quantities in their units, amounts with their symbol (%s at %i px)', (lang, width) => {
  it('the supplier’s and the brand’s screens and documents', { timeout: 1_200_000 }, async () => {
    const visited: string[] = [];
    for (const user of ['factory.admin', 'brand.buyer']) {
      const { page, context } = await browser.signedIn(user, WIDTHS[width]);
      await useLanguage(page, lang);
      const urls = await urlsOf(page, user);
      visited.push(...urls);
      expect(await sweep(page, urls, `${user}-${lang}-${width}`)).toEqual({});
      await context.close();
    }
    // The documents were there to open (the demo data has each kind).
    expect(visited.filter((u) => u.includes('?id=')).length).toBeGreaterThanOrEqual(8);
  });
});
