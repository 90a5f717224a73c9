import { loadConfig } from "~server/config";
import { openDatabase } from "~server/db/db";
import { startBackgroundJobs } from "~server/jobs/background-jobs";
import { createLogger } from "~server/logger";
import { queuePush } from "~/features/push/push.server";

/**
 * Another instance of the app in its own process (decision 131's test): on a test server's data
 * (DATABASE_URL, DATA_DIR: the same VAPID keys) it queues the same EVENTS events as the other
 * instances (each to push-guardian-<i>@example.com) and runs its job worker until no push job is
 * queued or running, then prints how many of its queueings stored a notification.
 */
const env = process.env;
const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR });
const db = openDatabase(config.database);
const worker = startBackgroundJobs({ config, db, logger: createLogger("silent") }, { pollMs: 50, dailyJobs: false, periodicJobs: false });
let stored = 0;
for (let i = 0; i < Number(env.EVENTS ?? 10); i++) {
  const queued = await queuePush(db, {
    event: `certificate:${i}`,
    email: `push-guardian-${i}@example.com`,
    category: "certificate",
    template: "certificate_issued",
    params: { child: `Child ${i}`, course: "Robotics" },
    url: "/account",
  });
  if (queued) stored += 1;
}
const deadline = Date.now() + 60_000;
while (Date.now() < deadline) {
  const open = await db
    .selectFrom("jobs")
    .select("id")
    .where("kind", "=", "push-send")
    .where((eb) => eb.or([eb("status", "=", "running"), eb.and([eb("status", "=", "queued"), eb("run_at", "<=", new Date().toISOString())])]))
    .executeTakeFirst();
  if (!open) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
await worker.stop();
await db.destroy();
console.log(JSON.stringify({ stored }));
