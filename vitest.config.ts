import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { catalogParts } from './scripts/lib/catalog-parts';

// Two projects: the server and shared code run in Node against a real database;
// the SPA's components run in jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [catalogParts(), react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
