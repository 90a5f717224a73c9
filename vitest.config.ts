import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Files that change or count what is process-wide by design, so they run in a fresh module graph of
 * their own (decision 123): the data-key ring adds every app's keys (a test of a missing key must
 * not see another file's); the metrics registry counts every app's requests and payments (in one
 * shuffled order its page-cache counts did not move when other files had run first in the worker).
 */
const ownModules = [
  "app/features/consent/children-data.api.test.ts",
  "server/http/metrics.test.ts",
  "app/features/billing/payments/payment-metrics.api.test.ts",
];

const include = ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"];
// PostgreSQL-only tests (*.pg.test.ts) run in the PostgreSQL run, never as skipped tests in the SQLite one.
// The randomised money test (issue 38) is part of the run (decision 101, amended); `npm run test:money` runs it alone.
const exclude = ["**/node_modules/**", ...(process.env.TEST_DATABASE_URL ? [] : ["**/*.pg.test.ts"])];

// Unit and integration tests sit beside the code they test (*.test.ts); browser tests live in tests/e2e.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app"), "~server": path.resolve(import.meta.dirname, "server") } },
  test: {
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // PostgreSQL runs share one server; keep the number of parallel files modest on 2 cores.
    maxWorkers: 2,
    // PostgreSQL: one migrated and seeded template database per run, copied for each test server (decision 119).
    globalSetup: ["server/test/global-setup.ts"],
    projects: [
      // The files of one worker share its modules (decision 123): importing the app once per worker,
      // not once per file, was most of the leg's time.
      { extends: true, test: { name: "shared", isolate: false, include, exclude: [...exclude, ...ownModules] } },
      { extends: true, test: { name: "own", include: ownModules, exclude } },
    ],
  },
});
