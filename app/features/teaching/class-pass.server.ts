import QRCode from "qrcode";
import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { signToken, verifyToken } from "~server/security/signed";
import type { SessionUser } from "~server/security/session";
import type { Lang } from "~/i18n/lang";
import { localizePath } from "~/i18n/lang";
import { pick } from "~/i18n/localized";
import { addDays, zonedParts, zonedToUtc } from "~/lib/zoned-time";
import { ownerOf } from "~/features/family/account-owner.server";
import { formatDateLabel, formatTimeLabel } from "~/kernel/slot-format";
import { takeAttendance } from "./attendance.server";
import { assertTeachesMeeting } from "./teaching-access.server";
import { enrolmentWithCourse, ownedEnrolmentsInRunningGroups } from "~/features/enrolments/queries.server";
import { sectionMeetingsBetween } from "~/features/sections/queries.server";

/**
 * A child's class pass (issue 45 item 4, decision 141): a token signed for one enrolment, shown as
 * a QR code of the check-in page's URL, so an instructor's phone camera opens the page with no app
 * and no scanner script. The pass on screen rotates: it is made for the academy's day and expires
 * at the next midnight. The printed pass lasts until the group's last class, since paper cannot
 * rotate. Either only lets a signed-in instructor of the child's group mark the child arrived.
 */
const PURPOSE = "class-pass";
/** Most passes one family's page shows (its current enrolments). */
const MAX_PASSES = 40;

export type PassKind = "day" | "term";

export interface ClassPass {
  enrolmentId: number;
  childName: string;
  course: string;
  /** When the pass stops working, in the academy's words. */
  validUntil: string;
  url: string;
  /** The QR code of `url`, an SVG document (no script, no external reference). */
  qrSvg: string;
}

/** The check-in page's URL for a token (the logs redact `token` query values, server/logger.ts). */
export const checkInPath = (token: string, lang: Lang) => `${localizePath("/teaching/check-in", lang)}?token=${token}`;

/** The academy's next midnight after `now`, as a UTC instant. */
export function nextMidnight(timeZone: string, now = new Date()): Date {
  return zonedToUtc(addDays(zonedParts(now, timeZone).date, 1), "00:00", timeZone);
}

/** The family's passes for its children's current groups, for the screen (`day`) or for printing (`term`). */
export async function familyPasses(
  db: DB,
  userId: number,
  options: { kind: PassKind; lang: Lang; timeZone: string; secret: string; publicUrl: string },
): Promise<ClassPass[]> {
  const owner = await ownerOf(db, userId);
  const rows = await ownedEnrolmentsInRunningGroups(db, owner, nowIso(), MAX_PASSES);
  const dayEnd = nextMidnight(options.timeZone);
  return Promise.all(
    rows.map(async (row) => {
      // The term pass lasts to the end of the group's last class.
      const expires = options.kind === "day" ? dayEnd : new Date(Date.parse(row.ends_at) + row.duration_minutes * 60_000);
      const url = `${options.publicUrl}${checkInPath(signToken(options.secret, PURPOSE, [row.id], expires), options.lang)}`;
      return {
        enrolmentId: row.id,
        childName: row.child_name,
        course: pick({ name_en: row.name_en, name_ar: row.name_ar }, "name", options.lang),
        validUntil: `${formatDateLabel(expires.toISOString(), options.timeZone, options.lang)} ${formatTimeLabel(expires.toISOString(), options.timeZone, options.lang)}`,
        url,
        qrSvg: await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2 }),
      };
    }),
  );
}

export type CheckInRefusal = "invalid" | "expired" | "notEnrolled" | "noClassToday" | "cancelled";

export type PassLookup =
  | { ok: true; enrolmentId: number; childName: string; course: string; meeting: { id: number; time: string; date: string } }
  | { ok: false; reason: CheckInRefusal };

/**
 * What a pass names: the child, and the class of its group today (academy time) nearest to now.
 * The instructor must teach that class (assertTeachesMeeting throws 403, as on the roster).
 */
export async function readPass(
  db: DB,
  user: Pick<SessionUser, "id" | "role">,
  token: string,
  options: { secret: string; timeZone: string; lang: Lang },
): Promise<PassLookup> {
  const checked = verifyToken(options.secret, PURPOSE, token, 1);
  if (!checked.ok) return { ok: false, reason: checked.reason };
  const enrolment = await enrolmentWithCourse(db, Number(checked.fields[0]));
  if (!enrolment || enrolment.status !== "enrolled") return { ok: false, reason: "notEnrolled" };
  const today = zonedParts(new Date(), options.timeZone).date;
  const from = zonedToUtc(today, "00:00", options.timeZone).toISOString();
  const to = zonedToUtc(addDays(today, 1), "00:00", options.timeZone).toISOString();
  const meetings = await sectionMeetingsBetween(db, enrolment.section_id, from, to);
  if (meetings.length === 0) return { ok: false, reason: "noClassToday" };
  const now = Date.now();
  const nearest = meetings.reduce((best, m) => (Math.abs(Date.parse(m.starts_at) - now) < Math.abs(Date.parse(best.starts_at) - now) ? m : best));
  if (nearest.status === "cancelled") return { ok: false, reason: "cancelled" };
  await assertTeachesMeeting(db, user, nearest.id);
  return {
    ok: true,
    enrolmentId: enrolment.id,
    childName: enrolment.child_name,
    course: pick({ name_en: enrolment.name_en, name_ar: enrolment.name_ar }, "name", options.lang),
    meeting: {
      id: nearest.id,
      date: formatDateLabel(nearest.starts_at, options.timeZone, options.lang),
      time: formatTimeLabel(nearest.starts_at, options.timeZone, options.lang),
    },
  };
}

/** Marks the pass's child present at today's class (audited like every mark); `already` when it was. */
export async function checkIn(db: DB, user: Pick<SessionUser, "id" | "role">, token: string, options: { secret: string; timeZone: string; lang: Lang }) {
  const pass = await readPass(db, user, token, options);
  if (!pass.ok) return pass;
  // The note already written for the child (a late arrival, say) stays.
  const earlier = await db
    .selectFrom("meeting_attendance")
    .select(["note"])
    .where("meeting_id", "=", pass.meeting.id)
    .where("enrolment_id", "=", pass.enrolmentId)
    .executeTakeFirst();
  const marks = [{ enrolmentId: pass.enrolmentId, status: "present" as const, note: earlier?.note ?? "" }];
  const result = await takeAttendance(db, pass.meeting.id, { marks }, user.id, options.timeZone);
  if (!result.ok) return { ok: false as const, reason: result.reason === "cancelled" ? ("cancelled" as const) : ("noClassToday" as const) };
  return { ...pass, already: result.changed === 0 };
}
