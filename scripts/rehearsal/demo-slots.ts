import type { DB } from "~server/db/db";
import { createSlot } from "~/features/booking/slots-admin.server";

/**
 * What the crash-safety script and the deploy rehearsal book into: the first course a child of
 * `childAge` fits (others need the parent's confirmation) and `count` open demo slots of it, one an
 * hour from 48 hours ahead. Made through the booking feature, which owns demo_slots (decision 145),
 * in UTC so each slot starts at the instant written.
 */
export async function courseWithDemoSlots(
  db: DB,
  { count, capacity, childAge }: { count: number; capacity: number; childAge: number },
): Promise<{ course: { id: number; slug: string }; slotIds: number[] }> {
  const course = await db
    .selectFrom("courses")
    .select(["id", "slug"])
    .where("min_age", "<=", childAge)
    .where("max_age", ">=", childAge)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const slotIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const startsAt = new Date(Date.now() + (48 + i) * 3_600_000).toISOString();
    const slot = await createSlot(
      db,
      { date: startsAt.slice(0, 10), time: startsAt.slice(11, 16), durationMinutes: 60, capacity, courseId: course.id, mode: "academy", meetingUrl: "" },
      "UTC",
    );
    if (!slot.ok) throw new Error(`demo slot not created: ${slot.reason}`);
    slotIds.push(slot.id);
  }
  return { course, slotIds };
}
