import { loadConfig } from "~server/config";
import { openDatabase } from "~server/db/db";
import { startBackgroundJobs } from "~server/jobs/background-jobs";
import { createLogger } from "~server/logger";
import { queueMessage } from "~/features/messaging/index.server";

/**
 * Another instance of the app in its own process (decision 127's test): on a test server's data
 * (DATABASE_URL, DATA_DIR) with the messaging stand-ins' settings, it queues the same EVENTS events
 * as the other instances (each to guardian-<i>@example.com) and runs its job worker until no
 * outgoing message is queued or held, then prints how many of its queueings stored a message.
 */
const env = process.env;
const config = loadConfig({
  ...Object.fromEntries(Object.entries(env).filter(([key]) => /^(WHATSAPP|TWILIO)_/.test(key))),
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  DATABASE_URL: env.DATABASE_URL,
  DATA_DIR: env.DATA_DIR,
});
const db = openDatabase(config.database);
const worker = startBackgroundJobs({ config, db, logger: createLogger("silent") }, { pollMs: 50, dailyJobs: false, periodicJobs: false });
let stored = 0;
for (let i = 0; i < Number(env.EVENTS ?? 10); i++) {
  if (
    await queueMessage(db, {
      event: `certificate:${i}`,
      email: `guardian-${i}@example.com`,
      template: "certificate_issued",
      params: { child: `Child ${i}`, course: "Robotics" },
    })
  )
    stored += 1;
}
const deadline = Date.now() + 60_000;
while (Date.now() < deadline) {
  const open = await db.selectFrom("messages").select("id").where("direction", "=", "out").where("status", "in", ["queued", "held"]).executeTakeFirst();
  if (!open) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
await worker.stop();
await db.destroy();
console.log(JSON.stringify({ stored }));
