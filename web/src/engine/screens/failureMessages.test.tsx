// Spec §8's common messages where their situations occur (REQ-23/24/25, issue 23): a failed save,
// operation, deletion, submit, publish and sync each name their action ('Save Failed!',
// 'Operated Failed!', 'deletion failed', …) above the reason of the request client's rules, in
// both languages; a document whose id the server refuses (malformed or another company's) reads
// 'illegal request' in place, a load that merely failed 'Loading failed'.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { message, notification } from 'antd';
import { failureKindOf } from '@seamline/core';
import { api } from '../../api';
import { json } from '../../test/fakeServer';
import { setLang } from '../../i18n';
import { renderApp } from '../../test/renderApp';
import { signedInServer } from '../test/fixtures';

// The first render pays for the route table's modules: slow on a busy machine, so the waits are long.
vi.setConfig({ testTimeout: 120_000 });
beforeEach(() => setLang('en'));
afterEach(() => {
  notification.destroy();
  message.destroy();
});

/** The notifications shown, as 'title / reason'. jsdom never ends antd's leave animation, so a notice
 *  destroyed by an earlier test stays in the page, leaving: it is not shown. */
const shown = () =>
  [...document.querySelectorAll('.ant-notification-notice')].filter((n) => !n.closest('[class*="-fade-leave"]')).map((n) =>
    [n.querySelector('[data-testid="notify-title"]')?.textContent, n.querySelector('[data-testid="notify-error"]')?.textContent].filter(Boolean).join(' / '),
  );

describe('what a failed call was doing (REQ-23, REQ-25)', () => {
  it('reads the action off the method and the path', () => {
    expect(['mdapi/vendor/save', 'notifyapi/notify-msg/task-save', 'clientinfoapi/user-profile/save-setting'].map((p) => failureKindOf('POST', p))).toEqual(['save', 'save', 'save']);
    expect(['mdapi/vendor/delete', 'utilsapi/sys/users/remove', 'clientinfoapi/user-profile/remove-favourite-menus'].map((p) => failureKindOf('POST', p))).toEqual(['delete', 'delete', 'delete']);
    expect(failureKindOf('DELETE', 'notifyapi/notify-msg/task-remove')).toBe('delete');
    expect(failureKindOf('POST', 'scmapi/purchase-requirement/submit')).toBe('submit');
    expect(failureKindOf('POST', 'scmapi/demand-allocation/publish')).toBe('publish');
    expect(failureKindOf('POST', 'scmapi/customer-order/place')).toBe('operate');
    expect(failureKindOf('GET', 'mdapi/vendor/view')).toBeNull();
  });

  it.each([
    ['POST', 'mdapi/vendor/save', 'Save Failed!'],
    ['POST', 'scmapi/customer-order/place', 'Operated Failed!'],
    ['POST', 'mdapi/vendor/delete', 'deletion failed'],
    ['DELETE', 'notifyapi/notify-msg/task-remove', 'deletion failed'],
    ['POST', 'scmapi/purchase-requirement/submit', 'submit failed'],
    ['POST', 'utilsapi/announcement/publish', 'publish failed'],
  ] as const)('%s %s failing → "%s" above the reason', async (method, path, title) => {
    signedInServer().on(method, path, () => json(409, { message: 'the document was changed by someone else, refresh and retry', code: 409 }));
    await expect(method === 'DELETE' ? api.delete(path, { id: 'x' }) : api.post(path, {})).rejects.toThrow();
    await waitFor(() => expect(shown()).toContain(`${title} / submit information is wrong: the document was changed by someone else, refresh and retry`));
  });

  it('a sync names itself (the column layout copied to the server)', async () => {
    signedInServer().on('POST', 'scommonapi/sconf-ui-config-person/submit-cache', () => new Response('', { status: 502 }));
    await expect(api.post('scommonapi/sconf-ui-config-person/submit-cache', {}, { failure: 'sync' })).rejects.toThrow();
    await waitFor(() => expect(shown()).toContain('sync failed / 502 service not found'));
  });

  it('in Chinese too; a failed read has no action title', async () => {
    setLang('zh');
    signedInServer()
      .on('POST', 'mdapi/vendor/save', () => json(200, { code: 1, message: '' }))
      .on('GET', 'mdapi/vendor/page-list', () => new Response('', { status: 503 }));
    await expect(api.post('mdapi/vendor/save', {})).rejects.toThrow();
    await waitFor(() => expect(shown()).toContain('保存失败！ / 操作失败'));
    await expect(api.get('mdapi/vendor/page-list')).rejects.toThrow();
    await waitFor(() => expect(shown()).toContain('503 服务未找到'));
  });
});

describe('a document that cannot be loaded (REQ-24)', () => {
  it("a tampered or foreign id: 'illegal request' in place, no retry and no toast", async () => {
    signedInServer().on('GET', 'scmapi/test-order/view', () => json(404, { code: 404, message: 'The requested resource was not found' }));
    renderApp('/page/view/test-order?id=tampered-key');
    expect((await screen.findByTestId('load-failed', {}, { timeout: 90_000 })).textContent).toBe('illegal request');
    expect(document.body.textContent).not.toContain('check your');
    expect(screen.queryByText('Try again')).toBeNull();
    expect(shown()).toEqual([]);
  });

  it("a load that failed otherwise: 'Loading failed' with a retry (Chinese: 加载失败)", async () => {
    setLang('zh');
    signedInServer().on('GET', 'scmapi/test-order/view', () => new Response('', { status: 500 }));
    renderApp('/page/view/test-order?id=d1');
    expect((await screen.findByTestId('load-failed', {}, { timeout: 90_000 })).textContent).toBe('加载失败');
  });
});
