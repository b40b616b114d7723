import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the built app served by the real server (started by global-setup.ts on free
 * ports, fresh database, simulator on), in Debian's Chromium.
 */
export default defineConfig({
  testDir: './specs',
  globalSetup: './global-setup.ts',
  timeout: 90_000,
  expect: { timeout: 20_000 },
  workers: 1,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    screenshot: 'only-on-failure',
    // Recording a trace costs a quarter of the suite's time (fleet + polish specs: 102 s with, 77 s
    // without); CI keeps no artefacts, so there only the failure's message and screenshot count.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
      ],
    },
  },
});
