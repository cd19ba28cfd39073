// The account lifecycle in a real browser against a real server whose mail really goes out over
// SMTP (to the global setup's smtp-server, read back from the mailbox file): a new company signs
// up, the super admin approves it, its admin signs in and invites a colleague who joins through
// the link in the caught mail, and that colleague resets a forgotten password through the mailed link.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot, signIn, useBrowser } from './browser';

const browser = useBrowser();

/** The machine is shared and busy: give the screens time, never a fixed wait. */
const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** The newest caught mail to `to` whose subject matches (waits for it). */
async function mailTo(to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        const file = inject('mailbox');
        const mails: Mail[] = existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
        found = mails.reverse().find((m) => m.to.includes(to) && subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

const linkIn = (mail: Mail, part: string) => mail.text.match(/https?:\/\/\S+/g)!.find((l) => l.includes(part))!;

/** Opens a page in the given language (the stored `lang` decides, as for a returning user). */
async function pageIn(lang: 'en' | 'zh') {
  const { context, page } = await browser.newPage();
  await context.addInitScript((l) => {
    if (!sessionStorage.getItem('lang-set')) {
      localStorage.setItem('lang', l);
      sessionStorage.setItem('lang-set', '1');
    }
  }, lang);
  return { context, page };
}

async function selectOption(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-item-option', { hasText: label }).first().click();
}

const ADMIN_PW = 'Acme2026x';

describe('accounts in the browser', () => {
  it('a company signs up, is approved, invites a colleague who joins, who then resets a forgotten password', async () => {
    // 1. Sign-up of Acme (English), with the seconds countdown to /login.
    const { context: c1, page } = await pageIn('en');
    await page.goto('/signup');
    await page.getByTestId('signup-company-name').waitFor();
    await shot(page, 'accounts-signup-en');
    await page.getByTestId('signup-company-name').fill('Acme Apparel');
    await page.getByTestId('signup-company-code').fill('acme');
    await selectOption(page, 'signup-company-type', 'Brand');
    await page.getByTestId('signup-admin-fullname').fill('Alice Acme');
    await page.getByTestId('signup-admin-username').fill('acme.admin');
    await page.getByTestId('signup-admin-email').fill('alice@acme.example');
    await page.getByTestId('signup-admin-password').fill(ADMIN_PW);
    await page.getByTestId('signup-admin-repeat').fill(ADMIN_PW);
    await page.getByTestId('signup-company-submit').click();
    await poll(() => page.getByTestId('signup-countdown').textContent()).toMatch(/Taking you to sign-in in [1-5] s/);
    await shot(page, 'accounts-signup-done-en');
    await page.waitForURL('**/login', { timeout: 15_000 });
    await mailTo('alice@acme.example', /awaits review/);
    // Not approved yet: the sign-in says the request is being reviewed.
    await signIn(page, 'acme.admin', ADMIN_PW);
    await poll(() => page.getByText('Your sign-up request is awaiting review').count()).toBeGreaterThan(0);
    await c1.close();

    // 2. The super admin approves it (English), and sees the same list in Chinese.
    const { context: c2, page: sa } = await pageIn('en');
    await sa.goto('/login');
    await signIn(sa, 'super.admin');
    await sa.waitForURL('**/workspace/home');
    await sa.goto('/sys/index/signup-approval');
    const row = sa.locator('tr', { hasText: 'Acme Apparel' });
    await poll(() => row.count()).toBe(1);
    await shot(sa, 'accounts-signup-approval-en');
    await sa.getByTestId('approve-acme.admin').click();
    await sa.getByTestId('approve-submit').click();
    await poll(() => sa.getByText('Approved; the applicant has been told by email').count()).toBeGreaterThan(0);
    await mailTo('alice@acme.example', /approved/);
    await sa.evaluate(() => localStorage.setItem('lang', 'zh'));
    await sa.reload();
    await sa.getByText('全部').click();
    await poll(() => sa.locator('tr', { hasText: 'Acme Apparel' }).getByText('已通过').count()).toBe(1);
    await shot(sa, 'accounts-signup-approval-zh');
    await sa.goto('/sys/index/outbox');
    await poll(() => sa.getByText('alice@acme.example').count()).toBeGreaterThan(0);
    await shot(sa, 'accounts-outbox-zh');
    await c2.close();

    // 3. Acme's admin signs in and invites a colleague.
    const { context: c3, page: admin } = await pageIn('en');
    await admin.goto('/login');
    await signIn(admin, 'acme.admin', ADMIN_PW);
    await admin.waitForURL('**/workspace/home');
    await admin.goto('/sys/index/invitation');
    await admin.getByTestId('invite-email').fill('bob@acme.example');
    await admin.getByTestId('invite-name').fill('Bob Builder');
    await admin.getByTestId('invite-send').click();
    const invitations = admin.getByTestId('invitation-list');
    await poll(() => invitations.getByText('bob@acme.example').count()).toBe(1);
    await poll(() => invitations.getByText('Invited').count()).toBeGreaterThan(0);
    await shot(admin, 'accounts-invitations-en');

    // 4. The colleague accepts through the link in the caught mail, then signs in.
    const invite = await mailTo('bob@acme.example', /invites you/);
    const { context: c4, page: bob } = await pageIn('en');
    await bob.goto(linkIn(invite, '/signup/invite'));
    await poll(() => bob.getByTestId('invite-title').textContent()).toBe('Join Acme Apparel on Seamline');
    await bob.getByTestId('invite-username').fill('bob.acme');
    await bob.getByTestId('invite-password').fill('Bob2026ok');
    await bob.getByTestId('invite-repeat').fill('Bob2026ok');
    await bob.getByTestId('invite-submit').click();
    await bob.getByTestId('invite-done').waitFor();
    await shot(bob, 'accounts-invite-accepted-en');
    await bob.waitForURL('**/login', { timeout: 15_000 });
    await signIn(bob, 'bob.acme', 'Bob2026ok');
    await bob.waitForURL('**/workspace/home');
    await c4.close();
    // No longer an open invitation.
    await admin.reload();
    await poll(() => admin.getByTestId('invitation-list').getByText('bob@acme.example').count()).toBe(0);
    await c3.close();

    // 5. Bob forgets the password (Chinese screens): the link in the mail sets a new one.
    const { context: c5, page: reset } = await pageIn('zh');
    await reset.goto('/login');
    await reset.getByText('忘记密码？').click();
    await reset.waitForURL('**/forgotpwd/fillemail');
    await reset.getByTestId('reset-email').fill('bob@acme.example');
    await reset.getByTestId('reset-email-submit').click();
    await reset.getByTestId('reset-link-sent').waitFor();
    const resetMail = await mailTo('bob@acme.example', /password|密码/);
    await reset.goto(linkIn(resetMail, '/forgotpwd/newpwd'));
    await reset.getByTestId('newpwd-password').fill('abc123');
    await reset.getByTestId('newpwd-repeat').fill('abc124');
    await reset.getByTestId('newpwd-submit').click();
    await poll(() => reset.getByText('两次输入的密码不一致').count()).toBeGreaterThan(0);
    await shot(reset, 'accounts-newpwd-errors-zh');
    await reset.getByTestId('newpwd-password').fill('Fresh2026');
    await reset.getByTestId('newpwd-repeat').fill('Fresh2026');
    await reset.getByTestId('newpwd-submit').click();
    await reset.getByTestId('newpwd-done').waitFor();
    await shot(reset, 'accounts-newpwd-done-zh');
    // The link worked once: opening it again shows the expired page with a way to resend.
    await reset.goto(linkIn(resetMail, '/forgotpwd/newpwd'));
    await reset.waitForURL('**/forgotpwd/deadline');
    await poll(() => reset.getByText('链接已过期，请重新发送').count()).toBeGreaterThan(0);
    await shot(reset, 'accounts-deadline-zh');
    await reset.goto('/login');
    await signIn(reset, 'bob.acme', 'Fresh2026');
    await reset.waitForURL('**/workspace/home');
    // Bob accepted in English, so he signs in in English; the settings page in both languages.
    await reset.goto('/page/userinfo');
    await reset.getByTestId('password-card').waitFor();
    await shot(reset, 'accounts-userinfo-en');
    await reset.evaluate(() => localStorage.setItem('lang', 'zh'));
    await reset.reload();
    await poll(() => reset.getByText('修改密码').count()).toBeGreaterThan(0);
    await shot(reset, 'accounts-userinfo-zh');
    await reset.goto('/signup');
    await reset.getByTestId('signup-company-name').waitFor();
    await shot(reset, 'accounts-signup-zh');
    await c5.close();
  });
});
