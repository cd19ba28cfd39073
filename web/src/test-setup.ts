// jsdom lacks what antd measures with: matchMedia (responsive grid, Sider breakpoints),
// ResizeObserver is polyfilled by antd itself. Every test starts signed out with empty storage.
import '@ant-design/v5-patch-for-react-19';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Pages are lazily imported; the first import of a page in a test file compiles it on demand,
// which on a busy machine takes longer than testing-library's default 1 s.
configure({ asyncUtilTimeout: 5000 });

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

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});
