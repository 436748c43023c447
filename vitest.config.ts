import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 300_000, // the global setup builds the whole catalogue (national tables and linking included) on a shared machine
    pool: 'forks',
  },
});
