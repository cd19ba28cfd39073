// jsdom lacks what antd measures with: matchMedia (responsive grid, Sider breakpoints),
// ResizeObserver is polyfilled by antd itself. Every test starts signed out with empty storage.
import '@ant-design/v5-patch-for-react-19';
import { afterAll, afterEach, vi } from 'vitest';
import { message, Modal, notification } from 'antd';
import { cleanup, configure } from '@testing-library/react';

// nprogress animates with timers that can fire after a test file's jsdom is torn down (an uncaught
// 'document is not defined'); the bar is a visual effect no unit test asserts, so it is inert here.
vi.mock('nprogress', () => {
  const bar = { configure: () => bar, start: () => bar, done: () => bar, set: () => bar, inc: () => bar, remove: () => {} };
  return { default: bar };
});

// Pages are lazily imported; the first import of a page in a test file compiles it on demand,
// which on a busy machine takes longer than testing-library's default 1 s.
configure({ asyncUtilTimeout: 15_000 });

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// antd reads computed styles of pseudo elements (scrollbar size), which jsdom does not implement.
const realGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element) => realGetComputedStyle(elt);

// antd's toasts and notifications render into their own React roots on the scheduler; let them
// finish inside this file's jsdom, or React works on after teardown ('window is not defined').
const settleToasts = async () => {
  notification.destroy();
  message.destroy();
  Modal.destroyAll();
  await new Promise((resolve) => setTimeout(resolve, 20));
};
afterAll(settleToasts);

afterEach(async () => {
  await settleToasts();
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});
