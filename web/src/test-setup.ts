// jsdom lacks what antd measures with: matchMedia (responsive grid, Sider breakpoints),
// ResizeObserver is polyfilled by antd itself. Every test starts signed out with empty storage.
import '@ant-design/v5-patch-for-react-19';
import { afterAll, afterEach, vi } from 'vitest';
import { message, Modal, notification } from 'antd';
import { cleanup, configure } from '@testing-library/react';
// react-dom's own scheduler (its dependency, the same module instance): see settleReact below.
// @ts-expect-error scheduler ships no types
import { unstable_IdlePriority, unstable_scheduleCallback } from 'scheduler';

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

// antd's toasts and notifications render into their own React roots on the scheduler, and React
// flushes passive effects there too; work left queued when a file ends runs after its jsdom is torn
// down ('window is not defined', an unhandled error that fails the run). An idle-priority task runs
// only after every task queued before it and every task those queue, so awaiting one drains React.
const settleReact = () =>
  new Promise<void>((resolve) =>
    unstable_scheduleCallback(unstable_IdlePriority, () => {
      resolve();
      return null;
    }),
  );
const settleToasts = async () => {
  notification.destroy();
  message.destroy();
  Modal.destroyAll();
  await new Promise((resolve) => setTimeout(resolve, 20));
  await settleReact();
};
afterAll(async () => {
  await settleToasts();
  await settleReact();
});

afterEach(async () => {
  await settleToasts();
  cleanup();
  await settleReact();
  localStorage.clear();
  vi.restoreAllMocks();
});
