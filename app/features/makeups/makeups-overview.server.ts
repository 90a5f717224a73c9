import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import type { Lang } from "~/i18n/lang";
import { pick } from "~/i18n/localized";
import { formatDateLabel, formatTimeLabel, formatDateTimeLabel } from "~/kernel/slot-format";
import { noticeDeadline, type MakeupRules } from "./makeups.server";
import { liveEnrolmentsWithCourse } from "~/features/enrolments/queries.server";
import { comingMeetingsWithAbsence, makeupChoicesFor } from "~/features/sections/queries.server";

/** How many coming classes per child, and make-up choices per credit, a page lists (bounded). */
const COMING_PER_CHILD = 8;
const CHOICES_PER_CREDIT = 12;
const CREDITS_SHOWN = 50;

export interface ComingMeeting {
  id: number;
  date: string;
  time: string;
  /** Reported: with a credit (in time) or without (late); null when not reported. */
  absence: { withNotice: boolean } | null;
  /** Still before the notice window: a report now earns a credit. */
  inNotice: boolean;
  /** The notice window's start (academy date and time). */
  deadline: string;
}

export interface ChildGroup {
  enrolmentId: number;
  childName: string;
  courseName: string;
  meetings: ComingMeeting[];
}

export interface CreditView {
  id: number;
  childName: string;
  courseName: string;
  /** The missed class the credit came from. */
  earnedFor: string;
  expires: string;
  status: "available" | "booked" | "used" | "expired";
  /** The make-up class (booked or used). */
  makeup: string | null;
  /** A booked make-up still cancellable (before the notice window). */
  cancellable: boolean;
  choices: { id: number; label: string; placesLeft: number }[];
}

const label = (iso: string, timeZone: string, lang: Lang) => `${formatDateTimeLabel(iso, timeZone, lang)}`;

const courseNameOf = (row: { name_en: string | null; name_ar: string | null }, lang: Lang) =>
  row.name_en !== null && row.name_ar !== null ? pick({ name_en: row.name_en, name_ar: row.name_ar }, "name", lang) : "";

/** Each live enrolment's coming classes (its own group's), with what was reported for them. */
export async function comingMeetings(
  db: DB,
  enrolmentIds: readonly number[],
  rules: Pick<MakeupRules, "absenceNoticeHours">,
  timeZone: string,
  lang: Lang,
): Promise<ChildGroup[]> {
  if (enrolmentIds.length === 0) return [];
  const now = nowIso();
  const enrolments = await liveEnrolmentsWithCourse(db, enrolmentIds);
  const groups: ChildGroup[] = [];
  for (const enrolment of enrolments) {
    const meetings = await comingMeetingsWithAbsence(db, enrolment.section_id, enrolment.id, now, COMING_PER_CHILD);
    if (meetings.length === 0) continue;
    groups.push({
      enrolmentId: enrolment.id,
      childName: enrolment.child_name,
      courseName: courseNameOf(enrolment, lang),
      meetings: meetings.map((m) => {
        const deadline = noticeDeadline(m.starts_at, rules.absenceNoticeHours);
        return {
          id: m.id,
          date: formatDateLabel(m.starts_at, timeZone, lang),
          time: formatTimeLabel(m.starts_at, timeZone, lang),
          absence: m.with_notice === null ? null : { withNotice: m.with_notice === 1 },
          inNotice: now <= deadline,
          deadline: label(deadline, timeZone, lang),
        };
      }),
    });
  }
  return groups;
}

/** The family's credits, newest first: earned for which class, expiry, where spent; and the classes each unspent one can buy. */
export async function familyCredits(db: DB, enrolmentIds: readonly number[], rules: MakeupRules, timeZone: string, lang: Lang): Promise<CreditView[]> {
  if (enrolmentIds.length === 0) return [];
  const now = nowIso();
  const rows = await db
    .selectFrom("makeup_credits as k")
    .innerJoin("section_enrolments as e", "e.id", "k.enrolment_id")
    .innerJoin("meeting_absences as a", "a.id", "k.absence_id")
    .innerJoin("section_meetings as missed", "missed.id", "a.meeting_id")
    .leftJoin("section_meetings as m", "m.id", "k.meeting_id")
    .leftJoin("courses as c", "c.id", "k.course_id")
    .select([
      "k.id",
      "k.course_id",
      "k.expires_at",
      "k.meeting_id",
      "e.section_id",
      "e.status as enrolment_status",
      "e.child_name",
      "c.name_en",
      "c.name_ar",
      "missed.starts_at as missed_at",
      "m.starts_at as makeup_at",
    ])
    .where("k.enrolment_id", "in", enrolmentIds)
    .orderBy("k.id", "desc")
    .limit(CREDITS_SHOWN)
    .execute();
  const views: CreditView[] = [];
  for (const row of rows) {
    const status: CreditView["status"] = row.makeup_at ? (row.makeup_at > now ? "booked" : "used") : row.expires_at <= now ? "expired" : "available";
    const choices =
      status === "available" && row.enrolment_status === "enrolled" && rules.makeupAllowance > 0
        ? await makeupChoicesFor(
            db,
            { courseId: row.course_id, sectionId: row.section_id, expiresAt: row.expires_at },
            { now, allowance: rules.makeupAllowance, limit: CHOICES_PER_CREDIT },
          )
        : [];
    views.push({
      id: row.id,
      childName: row.child_name,
      courseName: courseNameOf(row, lang),
      earnedFor: label(row.missed_at, timeZone, lang),
      expires: label(row.expires_at, timeZone, lang),
      status,
      makeup: row.makeup_at ? label(row.makeup_at, timeZone, lang) : null,
      cancellable: status === "booked" && row.makeup_at !== null && now <= noticeDeadline(row.makeup_at, rules.absenceNoticeHours),
      choices: choices.map((m) => ({ id: m.id, label: label(m.starts_at, timeZone, lang), placesLeft: rules.makeupAllowance - m.makeup_guests })),
    });
  }
  return views;
}
