import type { DB } from "~server/db/db";
import { defineJob } from "~server/jobs/job";
import { queueStaffNotice } from "~/features/admin-kit/staff-notice.server";
import { getSiteSettings } from "~/features/site/site.server";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { formatDateTimeLabel } from "~/kernel/slot-format";
import { notCollectedAtClassesBetween } from "~/features/sections/queries.server";

/**
 * Late pickup (issue 45 item 4, decision 142): a child marked present or late at a class in the
 * academy (not online) who has not been collected `latePickupMinutes` after the class ends. Staff
 * see them on the dashboard's today and on the roster; the sweep e-mails staff once per child and
 * class, whichever instance claims the `late_pickup_alerts` row first.
 */
export const latePickupJob = defineJob("late-pickup-sweep");
export const LATE_PICKUP_EVERY_MS = 5 * 60_000;
/** Classes looked back at: a child left behind is news for the day, not for the week. */
const LOOKBACK_MS = 12 * 3_600_000;

export interface NotCollected {
  meetingId: number;
  enrolmentId: number;
  childName: string;
  parentPhone: string;
  courseEn: string;
  courseAr: string;
  endsAt: string;
}

/** The children present at an in-person class that ended more than `minutes` ago (within the look-back), not collected yet. */
export async function notCollected(db: DB, minutes: number, now = new Date()): Promise<NotCollected[]> {
  const rows = await notCollectedAtClassesBetween(db, new Date(now.getTime() - LOOKBACK_MS).toISOString(), now.toISOString(), 200);
  return rows
    .map((row) => ({ row, endsAt: new Date(Date.parse(row.starts_at) + row.duration_minutes * 60_000) }))
    .filter(({ endsAt }) => endsAt.getTime() + minutes * 60_000 <= now.getTime())
    .map(({ row, endsAt }) => ({
      meetingId: row.meetingId,
      enrolmentId: row.enrolmentId,
      childName: row.child_name,
      parentPhone: row.phone,
      courseEn: row.name_en,
      courseAr: row.name_ar,
      endsAt: endsAt.toISOString(),
    }));
}

/**
 * Claims each child not collected in time (insert of the unique (meeting, child) row) and queues
 * one staff e-mail per class for the children it claimed, in one transaction: of instances sweeping
 * at once, each row goes to one of them, so staff hear of each child once. Returns how many.
 */
export async function sweepLatePickups(db: DB, publicUrl: string, now = new Date()): Promise<number> {
  const settings = await getSiteSettings(db);
  const late = await notCollected(db, settings.latePickupMinutes, now);
  if (late.length === 0) return 0;
  const zone = await academyTimeZone(db);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto("late_pickup_alerts")
      .values(late.map((child) => ({ meeting_id: child.meetingId, enrolment_id: child.enrolmentId, alerted_at: now.toISOString() })))
      .onConflict((oc) => oc.columns(["meeting_id", "enrolment_id"]).doNothing())
      .returning(["meeting_id", "enrolment_id"])
      .execute();
    const mine = late.filter((child) => claimed.some((c) => c.meeting_id === child.meetingId && c.enrolment_id === child.enrolmentId));
    for (const meetingId of new Set(mine.map((child) => child.meetingId))) {
      const children = mine.filter((child) => child.meetingId === meetingId);
      const first = children[0]!;
      await queueStaffNotice(trx, publicUrl, {
        kind: "latePickup",
        subject: { count: children.length, course: first.courseEn },
        details: [
          ["course", `${first.courseEn} / ${first.courseAr}`],
          ["ended", formatDateTimeLabel(first.endsAt, zone, "en")],
          ...children.map((child): [string, string] => ["child", `${child.childName} (${child.parentPhone})`]),
        ],
        path: `/teaching/meetings/${meetingId}`,
      });
    }
    return mine.length;
  });
}
