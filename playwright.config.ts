import { defineConfig, devices } from "@playwright/test";

// Run through `npm run test:e2e` (scripts/e2e.ts), which builds the site and finds Chromium first.
const port = Number(process.env.E2E_PORT ?? 3210);
// The headless shell by default, as scripts/e2e.ts finds it (decision 137).
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

export default defineConfig<{ waitForHydrationOnLoad: boolean }>({
  testDir: "tests/e2e",
  // Each lane of scripts/e2e.ts keeps its own artifacts (Playwright empties this folder when it starts).
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: false,
  workers: 1,
  // One retry: a test that fails twice fails the run; one that passes on retry is reported as
  // "flaky" in the output, to be fixed, instead of sinking a whole CI run on a loaded machine.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // results.json: per-test durations, which scripts/e2e.ts sums per spec file to balance its lanes.
  reporter: [["list"], ["json", { outputFile: `${process.env.E2E_OUTPUT_DIR ?? "test-results"}/results.json` }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    // Smooth scrolling (Lenis) animates the page while Playwright scrolls a target into view and
    // clicks it, so a click can land beside its target; the site turns Lenis off for this setting.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: chromium,
      // The clock runs (scripts/clock-runs.ts) move the runner's and the server's clock with
      // libfaketime; Chromium keeps the real one (tests/e2e/fixtures.ts gives its pages the moved time).
      ...(process.env.FAKETIME
        ? {
            env: Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "LD_PRELOAD" && !name.startsWith("FAKETIME"))) as Record<
              string,
              string
            >,
          }
        : {}),
      // The machine's network is closed: stop Chromium from calling home.
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
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, testIgnore: /\.no-js\.spec\.ts$/ },
    // Every form without JavaScript (issue 14): real posts to the page, refusals rendered back.
    {
      name: "no-js",
      use: { ...devices["Desktop Chrome"], channel: undefined, javaScriptEnabled: false, waitForHydrationOnLoad: false },
      testMatch: /\.no-js\.spec\.ts$/,
    },
  ],
  webServer: {
    command: "npx tsx server/index.ts",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BUILD_DIR: process.env.BUILD_DIR ?? "build-e2e",
      DATA_DIR: process.env.E2E_DATA_DIR ?? "data-e2e",
      UPLOADS_DIR: `${process.env.E2E_DATA_DIR ?? "data-e2e"}/uploads`,
      LOG_LEVEL: "warn",
      // Hundreds of sign-ins, bookings and form posts from one address in minutes: the shipped
      // limits would refuse them. The shipped limits are proven by the API tests (rate-limit tests).
      RATE_LIMIT_MULTIPLIER: "100",
      // The page cache runs as shipped (PAGE_CACHE_SECONDS unset: 30 s). A test that writes the
      // database directly says so with contentChanged (content-changed.ts), as a staff edit would.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Google sign-in against the local OpenID provider that tests/e2e/accounts.spec.ts starts.
      GOOGLE_CLIENT_ID: "e2e-client",
      GOOGLE_CLIENT_SECRET: "e2e-secret",
      GOOGLE_ISSUER: `http://127.0.0.1:${port + 1000}`,
      // Passkeys need a domain, not an IP: tests/e2e/passkeys.spec.ts opens its pages on http://localhost:PORT.
      WEBAUTHN_RP_ID: "localhost",
    },
  },
});
