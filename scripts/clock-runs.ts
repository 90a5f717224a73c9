import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * The suite with the clock moved (issue 40): each moment below, Vitest (SQLite) runs under
 * libfaketime (Debian's `faketime` package: `apt-get install faketime`), so the test runner, the
 * servers it starts and their jobs all read that date and time, which then runs on as usual.
 * `npm run test:clock` runs the whole Vitest suite at each moment; arguments after `--` narrow it
 * (`npm run test:clock -- app/features/booking`). CLOCK_E2E=1 runs the browser tests instead
 * (Chromium keeps the real clock, and tests/e2e/fixtures.ts gives its pages the moved time: decision 155).
 */
const library = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";
if (!existsSync(library)) {
  console.error(`libfaketime not found at ${library}: apt-get install faketime`);
  process.exit(2);
}

// UTC instants. The academy's seeded time zone is Asia/Kolkata (UTC+05:30).
const moments = [
  { name: "a Saturday morning (10:00 academy time)", at: "2026-12-05 04:30:00" },
  { name: "a Sunday noon (12:00 academy time)", at: "2026-12-06 06:30:00" },
  { name: "a weekday at 23:30 academy time", at: "2026-12-02 18:00:00" },
  { name: "just after midnight (00:05 academy time)", at: "2026-12-02 18:35:00" },
  { name: "the last day of a month, 23:30 academy time", at: "2027-02-28 18:00:00" },
  { name: "the last day of the year, 23:30 academy time", at: "2026-12-31 18:00:00" },
];

/** libfaketime's relative form: "+N" or "-N" seconds from the real clock, to reach `at` (UTC) now. */
const offsetTo = (at: string) => {
  const seconds = Math.round((Date.parse(`${at.replace(" ", "T")}Z`) - Date.now()) / 1000);
  return `${seconds >= 0 ? "+" : ""}${seconds}`;
};

const args = process.argv.slice(2);
const command = process.env.CLOCK_E2E === "1" ? ["tsx", "scripts/e2e.ts", ...args] : ["vitest", "run", ...args];
const results: string[] = [];
for (const moment of moments) {
  const started = Date.now();
  console.log(`\n== clock at ${moment.at} UTC: ${moment.name}`);
  const run = spawnSync("npx", command, {
    stdio: "inherit",
    env: {
      ...process.env,
      LD_PRELOAD: library,
      // An offset from the real clock, the same for every process the run starts, so the runner,
      // its workers and the servers they start later all read one time (the "@" form starts each
      // process's clock at the moment when that process starts: a server started 20 s after the
      // runner was 20 s behind it, and an authenticator code made by the test was refused).
      // Timers and timeouts keep real time.
      FAKETIME: offsetTo(moment.at),
      FAKETIME_DONT_FAKE_MONOTONIC: "1",
      TZ: "UTC",
    },
  });
  results.push(`${run.status === 0 ? "passed" : "FAILED"} in ${Math.round((Date.now() - started) / 1000)} s: ${moment.name} (${moment.at} UTC)`);
}
console.log(`\n${results.join("\n")}`);
process.exit(results.some((line) => line.startsWith("FAILED")) ? 1 : 0);
