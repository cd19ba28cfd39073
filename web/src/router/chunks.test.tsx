// A lazily loaded chunk that fails (a deploy while the tab was open, issue 22): one retry, then 'a new
// version is available' with a reload button in the user's language — never a white screen.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../AppProviders';
import { setLang } from '../i18n';
import { ChunkLoadError, lazyPage, loadChunk } from './chunks';
import { RouteErrorBoundary } from './RouteErrorBoundary';

const gone = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/Page-1a2b3c.js');

/** An import that fails `failures` times, then loads a page saying 'the page'. */
function flakyImport(failures: number) {
  let calls = 0;
  const load = vi.fn(async () => {
    calls++;
    if (calls <= failures) throw gone();
    return { default: () => <p>the page</p> };
  });
  return load;
}

function renderRoute(load: ReturnType<typeof flakyImport>) {
  const router = createMemoryRouter([{ path: '/', lazy: lazyPage(load), errorElement: <RouteErrorBoundary />, HydrateFallback: () => null }], { initialEntries: ['/'] });
  return render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

beforeEach(() => setLang('en'));
afterEach(() => vi.restoreAllMocks());

describe('loadChunk', () => {
  it('tries a failed import once more', async () => {
    const load = flakyImport(1);
    const mod = await loadChunk(load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(mod.default).toBeTypeOf('function');
  });

  it('rejects as a ChunkLoadError after the second failure, and keeps other errors as they are', async () => {
    const load = flakyImport(2);
    await expect(loadChunk(load)).rejects.toBeInstanceOf(ChunkLoadError);
    expect(load).toHaveBeenCalledTimes(2);
    const bug = new RangeError('a bug in the module');
    await expect(loadChunk(() => Promise.reject(bug))).rejects.toBe(bug);
  });
});

describe('a route whose chunk fails', () => {
  it('loads on the retry', async () => {
    const load = flakyImport(1);
    renderRoute(load);
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fails twice: a new version is available, with a reload button (English and Chinese)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute(flakyImport(2));
    const notice = await screen.findByTestId('new-version-reload');
    expect(notice.textContent).toContain('A new version is available');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    setLang('zh');
    expect(await screen.findByText('发现新版本')).toBeTruthy();
    expect(screen.getByRole('button', { name: '刷新' })).toBeTruthy();
  });
});
