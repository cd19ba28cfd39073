import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for the whole repo: pure core rules, server API tests over real HTTP on a real
// database (PGlite, or PostgreSQL when DATABASE_URL is set), and web units in jsdom.
export default defineConfig({
  test: {
    // Vitest's default leaves one core free: on a 2-core machine that is one file at a time.
    // The API tests wait on HTTP and the database as much as they compute, so use every core.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'core',
          environment: 'node',
          include: ['core/**/*.test.ts', 'areas/*/meta/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'areas/*/server/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file opens its own database from one migrated, seeded template (testing/templates.ts)
          // and its own Redis key prefix (testing/setup.ts), so files run side by side.
          setupFiles: ['server/src/testing/setup.ts'],
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}', 'areas/*/web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test-setup.ts'],
          // antd screens in jsdom take seconds on a busy 2-core machine; a slow run is not a failure.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
