import { existsSync } from "node:fs";
import os from "node:os";
import { defineConfig, devices } from "@playwright/test";

// Global setup starts the server on a free port and publishes its address in this variable; the
// workers start after it and read it here.
const baseURL = process.env.CERTAME_E2E_BASE_URL ?? "http://127.0.0.1:3100";

// Debian's old headless shell (package chromium-headless-shell, the build Playwright itself runs headless)
// when installed: without the browser's UI, extensions and Debian's forced GPU rasterisation it spends
// about a fifth less CPU than the full /usr/bin/chromium, the browser phase's largest cost (issue 32,
// docs/decisions.md). The full browser still serves a machine without it.
const CHROMIUM = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));

export default defineConfig({
  testDir: "./tests",
  globalSetup: "./global-setup.ts",
  fullyParallel: true,
  // One worker per core, the same for a newcomer as in CI: a room test drives three or four browsers
  // and the server and PostgreSQL share the machine, so more workers only queue on the CPU.
  // E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS) || Math.max(1, os.availableParallelism()),
  forbidOnly: true,
  retries: 0,
  // Generous bounds: a passing test never waits them out, and CI shares 2 cores with the server and PostgreSQL.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    ...devices["Desktop Chrome"],
    baseURL,
    locale: "pt-BR",
    // The app honours it (theme respectReducedMotion): no panel or modal is still moving when a test
    // clicks in it (a press and a release on different places lose the click).
    reducedMotion: "reduce",
    timezoneId: "America/Sao_Paulo",
    viewport: { width: 1366, height: 860 },
    // Recording a trace (DOM snapshots and a screencast of every action) costs a third of the suite's
    // CPU on 2 cores; E2E_TRACE=retain-on-failure turns it back on to debug a failure.
    trace: (process.env.E2E_TRACE as "retain-on-failure" | undefined) ?? "off",
    screenshot: "only-on-failure",
    headless: true,
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
