import { defineConfig } from 'vitest/config';

// End-to-end journeys: a real server process on a fresh embedded database, driven through Debian
// chromium by playwright-core. Not part of `npm test`; run with `npm run e2e`.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // expect.poll's default second is a flake on a busy 2-core machine (a screen that needs two
    // round trips); a poll still fails as soon as its time is up.
    expect: { poll: { timeout: 15_000 } },
  },
});
