import { loadConfig } from "~server/config";
import { openDatabase } from "~server/db/db";
import { startBackgroundJobs } from "~server/jobs/background-jobs";
import { createLogger } from "~server/logger";
import { sweepDueReminders } from "~/features/booking/reminders.server";
import { sweepMeetingReminders } from "~/features/makeups/meeting-reminders.server";
import { sweepInstalmentReminders } from "~/features/billing/index.server";

/**
 * Another instance of the app in its own process, on a test server's data (DATABASE_URL and
 * DATA_DIR): its own connection and job worker with the periodic reminder
 * sweeps on, as a second `npm start` would run. It also sweeps SWEEPS times at once (SWEEP=meeting:
 * the class reminders of decision 076; SWEEP=instalment: the instalment reminders of decision 091;
 * else the demo reminders), waits until no job is left, and
 * prints how many reminders its direct sweeps claimed. Its own process because
 * two SQLite connections in one Node process would block each other (better-sqlite3 waits for a
 * lock synchronously, stopping the event loop of the very transaction it waits for).
 */
// The payment keys and public address too, as every instance of one site shares them (the instalment reminders' pay link).
const env = process.env;
const config = loadConfig({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  DATABASE_URL: env.DATABASE_URL,
  DATA_DIR: env.DATA_DIR,
  PUBLIC_URL: env.PUBLIC_URL || undefined,
  STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY || undefined,
  STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET || undefined,
  STRIPE_API_URL: env.STRIPE_API_URL || undefined,
});
const db = openDatabase(config.database);
const worker = startBackgroundJobs({ config, db, logger: createLogger("silent") }, { pollMs: 50, dailyJobs: false });
const sweeps = { meeting: sweepMeetingReminders, instalment: sweepInstalmentReminders } as const;
const sweep = sweeps[process.env.SWEEP as keyof typeof sweeps] ?? sweepDueReminders;
const claims = await Promise.all(Array.from({ length: Number(process.env.SWEEPS ?? 10) }, () => sweep(db)));
for (let idle = 0; idle < 5;) {
  const busy = await db.selectFrom("jobs").select("id").where("status", "in", ["queued", "running"]).executeTakeFirst();
  idle = busy ? 0 : idle + 1;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
await worker.stop();
await db.destroy();
console.log(JSON.stringify({ claimed: claims.reduce((sum, n) => sum + n, 0) }));
