import { defineConfig } from '@playwright/test';

/**
 * The specs CI's embedded pass runs (E2E_SCOPE=embedded, set by scripts/test-all.mjs for TEST_PASS=embedded):
 * those whose path goes through the embedded engines themselves, as `npm start` runs them: aedes carrying
 * live values, commands and alarms, PGlite answering the history and report queries, the one node's OCPP
 * central system and ingest counters, the demo's SunSpec gateway. Every spec but EMBEDDED_ONLY runs in the
 * cluster pass (PostgreSQL, Mosquitto, two nodes behind nginx), and every spec on a developer's machine.
 */
const EMBEDDED_SPECS = [
  'live-station.spec.ts',
  'device-params.spec.ts',
  'alarms.spec.ts',
  'ingest-console.spec.ts',
  'ocpp-charger.spec.ts',
  'history-report.spec.ts',
  'gateway.spec.ts',
];

/**
 * Specs of what only the embedded engines do, left out of the cluster run (E2E_CLUSTER=1, Mosquitto): the
 * demo's SunSpec gateway runs only with the embedded broker, the one whose ingest takes a gateway's
 * announcements (docs/gateway.md, "Brokers" and "The demo").
 */
const EMBEDDED_ONLY = ['gateway.spec.ts'];

/**
 * Browser tests against the built app served by the real server (started by global-setup.ts on free
 * ports, fresh database, simulator on), in Debian's Chromium.
 */
export default defineConfig({
  testDir: './specs',
  testMatch: process.env.E2E_SCOPE === 'embedded' ? EMBEDDED_SPECS.map((f) => `**/${f}`) : '**/*.spec.ts',
  testIgnore: process.env.E2E_CLUSTER === '1' ? EMBEDDED_ONLY.map((f) => `**/${f}`) : [],
  globalSetup: './global-setup.ts',
  timeout: 90_000,
  expect: { timeout: 20_000 },
  workers: 1,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    screenshot: 'only-on-failure',
    // As a user who asked their system for reduced motion: antd's dialogs then open at their final size
    // (`motion.spec.ts`). With motion, a click that lands in a dialog's 0.2-s zoom hit an 11 × 5 px button
    // that grew under the pointer, and was lost (fleet.spec, plans.spec: a confirm that never ran).
    reducedMotion: 'reduce',
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
