import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';

const storeConfig = JSON.parse(
  readFileSync(new URL('./fixtures/store.json', import.meta.url), 'utf8'),
) as unknown;

export default defineConfig({
  define: {
    __STORE_CONFIG__: JSON.stringify(storeConfig),
    __DEMO__: 'false',
    __COUNTRIES_BASE__: JSON.stringify(''),
    __APP_VERSION__: JSON.stringify('test'),
  },
  plugins: [react()],
  resolve: { tsconfigPaths: true }, // the #contract/, #server/, #web/ … aliases of tsconfig.json
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'contract/**/*.test.ts',
            'server/**/*.test.ts',
            'mock-api/**/*.test.ts',
            'fixtures/**/*.test.ts',
            'lint/**/*.test.ts',
          ],
          testTimeout: 30_000,
        },
      },
      {
        // The Koa suites and the kill -9 tests again, on PostgreSQL (issue 16): every server gets a database of its own.
        extends: true,
        test: {
          name: 'node-pg',
          environment: 'node',
          include: [
            'server/http/contract-koa.test.ts',
            'server/http/fuzz-koa.test.ts',
            'server/http/text-rule-batch.test.ts',
            'server/http/hardening.test.ts',
            'server/http/security.test.ts',
            'server/durability.test.ts',
            'server/activity-durability.test.ts',
            'server/notify-cap-race.test.ts',
          ],
          globalSetup: ['server/test/pg-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
