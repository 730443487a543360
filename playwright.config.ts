import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./tests/support/chromium";

/**
 * Browser journeys against the built server (npm run build first; npm run test:e2e does),
 * on a fresh SQLite database in .e2e/, with mail going to a real SMTP server (tests/support/mail-sink.ts).
 */
// E2E_PORT shifts every port and folder, so several runs can share one machine.
const OFFSET = Number(process.env.E2E_PORT ?? 3100) - 3100;
export const APP_PORT = 3100 + OFFSET;
export const SINK_SMTP_PORT = 2626 + OFFSET;
export const SINK_HTTP_PORT = 2627 + OFFSET;
const DATA_DIR = OFFSET ? `.e2e/data-${OFFSET}` : ".e2e/data";

const chromium = { executablePath: CHROMIUM_PATH, args: ["--headless", ...CHROMIUM_FLAGS] };

export default defineConfig<{ slowPhone: boolean }>({
  testDir: "tests/e2e",
  outputDir: OFFSET ? `test-results-${OFFSET}` : "test-results",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI_REPORT_DIR
    ? [["list"], ["json", { outputFile: `${process.env.CI_REPORT_DIR}/playwright.json` }]]
    : [["list"]],
  use: {
    baseURL: `http://localhost:${APP_PORT}`,
    launchOptions: chromium,
    // Recording a trace of every test (to keep the failures') made the suite a third slower on
    // two cores; a failure keeps its screenshot. To debug one: npx playwright test <file> --trace=on
    trace: "off",
    screenshot: "only-on-failure",
  },
  // What runs at which width (decision 0077): a person's journeys on both; the back office's
  // journeys and attacks that do not depend on the screen (@desktop-only) on a wide screen, with
  // every back-office screen swept at phone width (@phone-only).
  projects: [
    {
      name: "phone",
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions: chromium },
      grepInvert: /@desktop-only/,
      testIgnore: /slow-phone\.spec\.ts$/,
    },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
      grepInvert: /@phone-only/,
      testIgnore: /slow-phone\.spec\.ts$/,
    },
    {
      // A mid-range phone: 4x slower CPU and a slow 4G network (tests/e2e/support/fixtures.ts),
      // tapping and typing the moment a page is painted.
      name: "slow-phone",
      use: {
        ...devices["Pixel 7"],
        viewport: { width: 390, height: 844 },
        launchOptions: chromium,
        slowPhone: true,
      },
      testMatch: /slow-phone\.spec\.ts$/,
      timeout: 90_000,
      expect: { timeout: 20_000 },
    },
  ],
  webServer: [
    {
      command: "npx tsx tests/support/mail-sink.ts",
      url: `http://127.0.0.1:${SINK_HTTP_PORT}/health`,
      env: { SINK_SMTP_PORT: String(SINK_SMTP_PORT), SINK_HTTP_PORT: String(SINK_HTTP_PORT) },
      reuseExistingServer: false,
      stdout: "ignore",
    },
    {
      command: `rm -rf ${DATA_DIR} && node --max-old-space-size=256 --max-semi-space-size=16 server.js`,
      // Ready once the demo store is complete (its pictures drawn: decision 0049), not as soon as it answers.
      url: `http://localhost:${APP_PORT}/readyz`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        NODE_ENV: "test",
        PORT: String(APP_PORT),
        HOST: "127.0.0.1",
        BASE_URL: `http://localhost:${APP_PORT}`,
        DATA_DIR,
        SMTP_URL: `smtp://127.0.0.1:${SINK_SMTP_PORT}`,
        STORE_INBOX: "inbox@store.test",
        SEED_DEMO: "true",
        DATABASE_URL: "",
        RATE_LIMIT_FACTOR: "20",
        LOG_LEVEL: "warn",
      },
    },
  ],
});
