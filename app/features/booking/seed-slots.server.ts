import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { addDays, weekdayOf, zonedParts, zonedToUtc } from "~/lib/zoned-time";

/** The original site's demo times (academy time), on weekdays. */
const SEED_TIMES = ["10:00", "11:00", "12:00", "13:00", "14:00"];
const SEED_WEEKS = 4;

/**
 * Starter demo slots for every course, from tomorrow for four weeks, only while there are no
 * slots at all: dated from "now", so a fresh database always has bookable times.
 */
export async function seedDemoSlots(db: DB): Promise<void> {
  const any = await db.selectFrom("demo_slots").select("id").limit(1).executeTakeFirst();
  if (any) return;
  const timeZone = await academyTimeZone(db);
  const today = zonedParts(new Date(), timeZone).date;
  const now = nowIso();
  const rows = [];
  for (let i = 1; i <= SEED_WEEKS * 7; i++) {
    const date = addDays(today, i);
    const weekday = weekdayOf(date);
    if (weekday === 0 || weekday === 6) continue;
    for (const time of SEED_TIMES) {
      rows.push({
        starts_at: zonedToUtc(date, time, timeZone).toISOString(),
        duration_minutes: 60,
        capacity: 5,
        course_id: null,
        status: "open" as const,
        created_at: now,
        updated_at: now,
      });
    }
  }
  await db.insertInto("demo_slots").values(rows).execute();
}
