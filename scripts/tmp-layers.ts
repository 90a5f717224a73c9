import { processCpuMs, startBenchServer } from "~server/test/server-process";
import { mkdtempSync } from "node:fs"; import { tmpdir } from "node:os"; import path from "node:path";
import { openDatabase } from "~server/db/db";
const N = 500;
const dir = mkdtempSync(path.join(tmpdir(), "layers-"));
const server = await startBenchServer(3499, { LOG_LEVEL: "error", TRUST_PROXY: "1", RATE_LIMIT_MULTIPLIER: "1", DATABASE_URL: `sqlite:${dir}/app.db` }, { dataDir: dir });
const db = openDatabase({ kind: "sqlite", file: `${dir}/app.db` });
const course = await db.selectFrom("courses").select(["id", "slug", "min_age"]).orderBy("id").executeTakeFirstOrThrow();
const now = new Date().toISOString();
const slot = await db.insertInto("demo_slots").values({ starts_at: new Date(Date.now() + 36 * 3600000).toISOString(), duration_minutes: 60, capacity: 0, course_id: course.id, status: "open", created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
const body = (i: number) => JSON.stringify({ slotId: slot.id, childName: `C ${i}`, childAge: course.min_age, parentName: "P", email: `b-${i}-${Math.random()}@example.com`, phone: "9876543210" });
const cases: [string, string, string, (i: number) => string | undefined][] = [
  ["GET /healthz", "GET", "/healthz", () => undefined],
  ["POST /api/nope (404)", "POST", "/api/nope", body],
  ["POST booking, bad course (404)", "POST", `/api/courses/no-such/demo-bookings`, body],
  ["POST booking, invalid body (400)", "POST", `/api/courses/${course.slug}/demo-bookings`, () => "{}"],
  ["POST booking, full slot (409)", "POST", `/api/courses/${course.slug}/demo-bookings`, body],
];
let ip = 0;
for (const rep of [0, 1, 2]) for (const [label, method, p, b] of cases) {
  const before = server.cpuMs();
  const statuses = new Map<number, number>();
  await Promise.all(Array.from({ length: N }, async (_, i) => {
    ip++;
    const r = await fetch(server.url + p, { method, headers: { "content-type": "application/json", "x-forwarded-for": `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}` }, body: b(i) });
    await r.arrayBuffer(); statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  }));
  if (rep > 0) console.log(label.padEnd(36), ((server.cpuMs() - before) / N).toFixed(2), "ms", JSON.stringify([...statuses]));
}
await db.destroy(); await server.stop();
