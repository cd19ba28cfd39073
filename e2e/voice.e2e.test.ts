// A voice note recorded in a real chromium (spec §9): the fake microphone of
// --use-fake-device-for-media-stream, permission granted by --use-fake-ui-for-media-stream.
// brand.buyer records about 1.5 s on a task, attaches it; the attachment is a 16 kHz 16-bit WAV
// that the page plays. On a ticket, the factory's voice note plays for the brand (the other company of
// the ticket) and a third company cannot fetch it. A second browser without the microphone
// permission shows the explanation.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { WaveFile } from 'wavefile';
import { shot, signIn } from './browser';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync',
  '--autoplay-policy=no-user-gesture-required'];
let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(b: Browser, username: string, width: number) {
  const context = await b.newContext({ baseURL: inject('baseURL'), viewport: { width, height: 844 } });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, username);
  await page.waitForURL('**/workspace/home');
  return { context, page };
}

async function openNewTask(page: Page, subject: string) {
  await page.goto('/workspace/mailindex?tab=tasks');
  await page.getByTestId('task-new').click();
  await page.getByTestId('task-subject').fill(subject);
  const saved = page.waitForResponse((r) => r.url().includes('/notify-msg/task-save'));
  await page.getByTestId('task-save').click();
  expect((await saved).status()).toBe(200);
  await page.getByTestId('task-open').filter({ hasText: subject }).click();
  return page.getByTestId('task-drawer');
}

describe('voice notes', () => {
  it('records a voice note on a task with the keyboard, attaches it as a 16 kHz WAV and plays it', async () => {
    const { context, page } = await signedIn(browser, 'brand.buyer', 390);
    const drawer = await openNewTask(page, 'Voice check');

    // Keyboard only: focus the button, Enter; the panel focuses Start, then Stop.
    await drawer.getByTestId('attachment-record-voice').focus();
    await page.keyboard.press('Enter');
    await drawer.getByTestId('voice-start').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('voice-start');
    await page.keyboard.press('Enter');
    await drawer.getByTestId('voice-recording').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('voice-stop');
    // Record until the counter shows 1 s (the counter follows the samples actually received).
    await drawer.getByTestId('voice-recording').filter({ hasText: /\b[1-9] s/ }).waitFor({ timeout: 20_000 });
    await shot(page, 'voice-recording-390-en');
    await page.keyboard.press('Enter');
    await drawer.getByTestId('voice-preview').waitFor();
    await shot(page, 'voice-recorded-390-en');
    const upload = page.waitForResponse((r) => r.url().includes('/attachment/upload'));
    await drawer.getByTestId('voice-attach').click();
    expect((await upload).status()).toBe(200);

    const audio = drawer.getByTestId('attachment-audio');
    await audio.waitFor();
    await expect.poll(() => drawer.getByTestId('attachment-file').filter({ hasText: /^voice-note-.*\.wav$/ }).count()).toBe(1);
    // The stored file: RIFF/WAVE, 16 kHz, 16-bit, at least one second long.
    const src = (await audio.getAttribute('src'))!;
    const bytes = await page.evaluate(async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())), src);
    const wav = new WaveFile(new Uint8Array(bytes));
    expect(wav.fmt).toMatchObject({ sampleRate: 16000, bitsPerSample: 16, numChannels: 1 });
    const frames = (wav.data as { chunkSize: number }).chunkSize / 2;
    expect(frames).toBeGreaterThanOrEqual(16000);
    // The page's <audio> loads it and plays.
    const played = await audio.evaluate(async (el: HTMLAudioElement) => {
      el.muted = true;
      await el.play();
      await new Promise((r) => setTimeout(r, 400));
      return { duration: el.duration, time: el.currentTime };
    });
    expect(played.duration).toBeCloseTo(frames / 16000, 1);
    expect(played.time).toBeGreaterThan(0);
    await shot(page, 'voice-attached-390-en');
    await context.close();
  });

  it('records a voice note on a ticket; the other company of the ticket plays it, a third company cannot fetch it', async () => {
    const api = (page: Page, method: string, path: string, data?: unknown) =>
      page.evaluate(
        async ({ method, path, data }) => {
          const token = localStorage.getItem('token') ?? '';
          const res = await fetch(`/api/${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`, {
            method,
            headers: data === undefined ? {} : { 'content-type': 'application/json' },
            body: data === undefined ? undefined : JSON.stringify({ DATA: data }),
          });
          return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : null };
        },
        { method, path, data },
      );
    const brand = await signedIn(browser, 'brand.admin', 1366);
    const brandId = (await api(brand.page, 'GET', 'utilsapi/access/user-state')).body.data.results.clientid as string;
    const factory = await signedIn(browser, 'factory.admin', 390);
    const ticket = (await api(factory.page, 'POST', 'vfapi/ticket/save', { title: 'Voice: shade variation', counterpart_client_id: brandId })).body.data.results;

    await factory.page.goto(`/page/ticket/view?key=${ticket.id}`);
    const box = factory.page.getByTestId('ticket-attachments');
    await box.getByTestId('attachment-record-voice').click();
    await box.getByTestId('voice-start').click();
    // factory.admin works in Chinese: the counter reads '1 秒'.
    await box.getByTestId('voice-recording').filter({ hasText: /[1-9] 秒/ }).waitFor({ timeout: 20_000 });
    await box.getByTestId('voice-stop').click();
    await box.getByTestId('voice-preview').waitFor();
    const upload = factory.page.waitForResponse((r) => r.url().includes('/attachment/upload'));
    await box.getByTestId('voice-attach').click();
    expect((await upload).status()).toBe(200);
    await box.getByTestId('attachment-audio').waitFor();
    await shot(factory.page, 'voice-ticket-390-zh');

    // The brand opens the same ticket: the factory's voice note is there and plays.
    await brand.page.goto(`/page/ticket/view?key=${ticket.id}`);
    const audio = brand.page.getByTestId('ticket-attachments').getByTestId('attachment-audio');
    await audio.waitFor({ timeout: 30_000 });
    const played = await audio.evaluate(async (el: HTMLAudioElement) => {
      el.muted = true;
      await el.play();
      await new Promise((r) => setTimeout(r, 400));
      return { duration: el.duration, time: el.currentTime };
    });
    expect(played.duration).toBeGreaterThanOrEqual(1);
    expect(played.time).toBeGreaterThan(0);
    // The factory's note is not the brand's to remove: no delete button offered.
    expect(await brand.page.getByTestId('ticket-attachments').getByTestId('attachment-remove').count()).toBe(0);
    expect(await factory.page.getByTestId('ticket-attachments').getByTestId('attachment-remove').count()).toBe(1);
    await shot(brand.page, 'voice-ticket-brand-1366-zh');

    // A third company sees neither the ticket's attachments nor the file.
    const list = await api(factory.page, 'GET', `utilsapi/collabapi/attachment/list?entity=tk-ticket&id=${ticket.id}`);
    const fileId = list.body.data.results[0].id as string;
    const fabric = await signedIn(browser, 'fabric.admin', 1366);
    expect((await api(fabric.page, 'GET', `utilsapi/collabapi/attachment/list?entity=tk-ticket&id=${ticket.id}`)).status).toBe(404);
    expect((await api(fabric.page, 'GET', `utilsapi/collabapi/attachment/download?id=${fileId}`)).status).toBe(404);
    await Promise.all([brand.context.close(), factory.context.close(), fabric.context.close()]);
  });

  it('explains a refused microphone in Chinese', async () => {
    // No fake-UI flag here: the permission is refused by the context instead.
    const denied = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...ARGS, '--use-fake-device-for-media-stream', '--deny-permission-prompts'] });
    try {
      const { page } = await signedIn(denied, 'brand.admin', 1366);
      const drawer = await openNewTask(page, '语音测试');
      await drawer.getByTestId('attachment-record-voice').click();
      await drawer.getByTestId('voice-start').click();
      await drawer.getByTestId('voice-error').filter({ hasText: '麦克风权限被拒绝' }).waitFor();
      await shot(page, 'voice-denied-zh');
    } finally {
      await denied.close();
    }
  });
});
