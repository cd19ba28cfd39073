// What a new user tripped over on the administration, master-data and ticket screens (issue 13),
// in a real browser: the material list shows its status at 1440 px without scrolling, user
// management shows an open invitation as such (never the '~invited-…' placeholder), and a ticket's
// admin edits its title on the detail page. Screenshots in both languages.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot, useBrowser } from './browser';

const browser = useBrowser();

const useLang = async (page: Page, lang: 'en' | 'zh') => {
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.reload();
};

/** Whether the centre of `selector`'s first match is really visible there (not under another element). */
const uncovered = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.right <= window.innerWidth && top !== null && el.contains(top);
  });

describe('new-user defects on admin, master data and tickets (issue 13)', () => {
  it('the material list shows every column header and the status at 1440 px', async () => {
    const { context, page } = await browser.signedIn('brand.admin', { viewport: { width: 1440, height: 900 } });
    for (const lang of ['en', 'zh'] as const) {
      await useLang(page, lang);
      await page.goto('/md/index/material');
      await page.locator('.ant-table-row').first().waitFor();
      const headers = page.locator('.ant-table-thead th.ant-table-cell:not(.ant-table-selection-column):not(.ant-table-cell-fix-right)');
      const count = await headers.count();
      const statusAt = (await headers.allTextContents()).findIndex((h) => /Status|状态/.test(h));
      expect(statusAt).toBeGreaterThan(0);
      expect(await uncovered(page, `.ant-table-thead th.ant-table-cell:not(.ant-table-selection-column) >> nth=${statusAt + 1}`)).toBe(true);
      expect(await uncovered(page, `.ant-table-row >> nth=0 >> td >> nth=${statusAt + 1}`)).toBe(true);
      expect(count).toBeGreaterThan(4);
      await shot(page, `issue13-material-1440-${lang}`);
    }
    await context.close();
  });

  it('user management shows an open invitation as not yet accepted, never a placeholder name', async () => {
    const { context, page } = await browser.signedIn('brand.admin');
    const email = `ivy${Date.now()}@example.com`;
    const invited = await page.evaluate(async (mail) => {
      const token = localStorage.getItem('token');
      const r = await fetch('/api/utilsapi/access/invite', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ DATA: { email: mail, fullname: 'Ivy Invited' } }) });
      return r.status;
    }, email);
    expect(invited).toBe(200);
    for (const [lang, pending] of [['zh', '尚未接受邀请'], ['en', 'Invitation not yet accepted']] as const) {
      await useLang(page, lang);
      await page.goto('/sys/index/user');
      const row = page.locator('.ant-table-row', { hasText: 'Ivy Invited' });
      await row.waitFor();
      expect(await row.getByTestId('invitation-pending').textContent()).toBe(pending);
      expect(await page.locator('.ant-table').textContent()).not.toContain('~invited');
      // The list scrolls inside its card; the page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      await shot(page, `issue13-users-invited-${lang}`);
    }
    await context.close();
  });

  it("a ticket's admin edits title, design number and tags on the detail page", async () => {
    const { context, page } = await browser.signedIn('factory.admin', { viewport: { width: 375, height: 800 } });
    const key = await page.evaluate(async () => {
      const token = localStorage.getItem('token');
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const parties = await (await fetch('/api/vfapi/ticket/counterparts', { headers })).json();
      const brand = parties.data.results.find((c: { label: string }) => c.label === 'Demo Brand Co.').value;
      const r = await fetch('/api/vfapi/ticket/save', { method: 'POST', headers, body: JSON.stringify({ DATA: { title: 'Shade variation', counterpart_client_id: brand } }) });
      return (await r.json()).data.results.id as string;
    });
    for (const [lang, title] of [['zh', '色差 2311 批'], ['en', 'Shade variation, lot 2311']] as const) {
      await useLang(page, lang);
      await page.goto(`/page/ticket/view?key=${key}`);
      await page.getByTestId('ticket-edit').click();
      await page.getByTestId('ticket-title').fill(title);
      await page.getByTestId('ticket-design-no').fill('D-1002');
      await shot(page, `issue13-ticket-edit-375-${lang}`);
      const saved = page.waitForResponse((r) => r.url().includes('/api/vfapi/ticket/save'));
      await page.locator('.ant-modal:visible .ant-btn-primary').click();
      expect((await saved).status()).toBe(200);
      await page.getByTestId('ticket-view-title').filter({ hasText: title }).waitFor();
      expect(await page.locator('.ant-descriptions').first().textContent()).toContain('D-1002');
    }
    // The page had no horizontal overflow at a phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await context.close();
  });
});
