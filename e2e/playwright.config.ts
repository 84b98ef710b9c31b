import { defineConfig } from '@playwright/test';

// The composed product (gateway + api + built remotes) is started by support/global-setup.ts
// on its own ports with a fresh database, then driven in Debian's Chromium (never a downloaded browser).
const PORT = Number(process.env.E2E_PORT ?? 3300);

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // one worker per product: `npm test` runs E2E_SHARDS Playwright processes side by side, each with its own product
  // (global-setup), and a test that fails once is a failure (no retry hides a flaky test)
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
    locale: 'fr-FR',
    // desktop layout (the spec's tablet range ends at 1280 px)
    viewport: { width: 1440, height: 900 },
  },
});
