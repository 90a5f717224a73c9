import type { DB } from "~server/db/db";
import { serverT } from "~server/i18n";
import { z } from "zod";
import { defineMail, queueMail } from "~server/mail/mail-queue";
import { pick } from "~/i18n/localized";
import { localizePath, type Lang } from "~/i18n/lang";
import { html } from "~/lib/mail/html";
import { timeZoneOf } from "~/features/site/academy-zone.server";
import { getSiteSettings } from "~/features/site/site.server";
import { buildCalendarFile } from "~/kernel/ics";
import { formatZoneLabel, formatDateTimeLabel } from "~/kernel/slot-format";
import type { FamilyToTell } from "./meeting-change.server";
import { enrolmentForMail } from "./sections.server";
import { inBoth } from "~/features/messaging/index.server";
import { notifyFamily } from "~/features/push/index.server";
import { enrolmentAboutMeeting } from "~/features/enrolments/queries.server";

export const MEETING_CANCELLED_MAIL = "section-meeting-cancelled";
export const MEETING_MOVED_MAIL = "section-meeting-moved";

const meetingMailData = z.object({
  reference: z.string(),
  meetingId: z.number().int(),
  /** The class's start before the change (UTC). */
  from: z.string(),
});

const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "sections", key, values);

/** Queues one family's e-mail about a changed class, in the transaction that changed it (decision 053). */
export async function queueMeetingMail(
  trx: DB,
  kind: typeof MEETING_CANCELLED_MAIL | typeof MEETING_MOVED_MAIL,
  family: FamilyToTell,
  data: { meetingId: number; from: string; course: string },
) {
  const subject = say(family.lang, kind === MEETING_CANCELLED_MAIL ? "meetingMail.cancelledSubject" : "meetingMail.movedSubject", { course: data.course });
  await queueMail(trx, kind === MEETING_CANCELLED_MAIL ? meetingCancelledMail : meetingMovedMail, {
    to: family.email,
    subject,
    data: { reference: family.reference, meetingId: data.meetingId, from: data.from },
  });
  // At once on WhatsApp or SMS and the phones, for guardians who chose them (decisions 127, 143): urgent, past quiet hours.
  const about = await enrolmentAboutMeeting(trx, family.reference, data.meetingId);
  if (!about) return;
  const timeZone = timeZoneOf(await getSiteSettings(trx));
  const cancelled = kind === MEETING_CANCELLED_MAIL;
  const when = cancelled ? data.from : about.starts_at;
  await notifyFamily(trx, {
    event: cancelled ? `meeting-cancelled:${data.meetingId}:${about.id}` : `meeting-moved:${data.meetingId}:${about.starts_at}:${about.id}`,
    email: family.email,
    template: cancelled ? "class_cancelled" : "class_moved",
    params: {
      ...(cancelled ? { child: about.child_name } : {}),
      ...inBoth("course", (lang) => pick(about, "name", lang)),
      ...inBoth("date", (lang) => formatDateTimeLabel(when, timeZone, lang)),
    },
    ownMail: true,
    push: { category: "schedule", url: "/account" },
  });
}

/**
 * A family told, in their language, that one class of their child's group was cancelled or moved:
 * the class's old time, its new time (moved), and an .ics that replaces the class's event in their
 * calendar (the same UID as the enrolment's timetable, a higher SEQUENCE; cancelled: STATUS:CANCELLED).
 */
const meetingMail = (name: string, kind: "cancelled" | "moved") =>
  defineMail(name, meetingMailData, async ({ db, config }, data) => {
    const found = await enrolmentForMail(db, data.reference);
    const meeting = found?.meetings.find((m) => m.id === data.meetingId);
    if (!found || !meeting) return null;
    const timeZone = timeZoneOf(await getSiteSettings(db));
    const lang = found.lang;
    const t = (key: string, values?: Record<string, string | number>) => say(lang, key, values);
    const course = pick(found, "name", lang);
    const when = (instant: string) => `${formatDateTimeLabel(instant, timeZone, lang)} (${formatZoneLabel(instant, timeZone, lang)})`;
    const coursePage = config.publicUrl + localizePath(`/courses/${found.slug}`, lang);
    const lines =
      kind === "cancelled"
        ? [t("meetingMail.cancelledIntro", { name: found.child_name, course, when: when(data.from) })]
        : [
            t("meetingMail.movedIntro", { name: found.child_name, course }),
            `${t("meetingMail.was")}: ${when(data.from)}`,
            `${t("meetingMail.now")}: ${when(meeting.starts_at)}`,
          ];
    const start = new Date(kind === "cancelled" ? data.from : meeting.starts_at);
    const ics = buildCalendarFile(
      [
        {
          uid: `meeting-${meeting.id}-${found.reference}@${new URL(config.publicUrl).hostname}`,
          start,
          end: new Date(start.getTime() + meeting.duration_minutes * 60_000),
          sequence: Math.floor(Date.now() / 1000) % 2_000_000_000,
          summary: course,
          description: [t("ics.description", { name: found.child_name }), coursePage].join("\n"),
          url: coursePage,
          ...(kind === "cancelled" ? { cancelled: true } : {}),
        },
      ],
      "Course enrolment",
    );
    const text = [t("mail.greeting", { name: found.parent_name }), "", ...lines, "", t("meetingMail.others"), coursePage, "", t("mail.signoff")].join("\n");
    const body = html`<p>${t("mail.greeting", { name: found.parent_name })}</p>
${lines.map((line) => html`<p>${line}</p>`)}
<p>${t("meetingMail.others")} <a href="${coursePage}">${course}</a></p>
<p>${t("mail.signoff")}</p>`;
    return {
      lang,
      text,
      html: body,
      attachments: [{ filename: "class-change.ics", content: ics, contentType: "text/calendar; charset=utf-8; method=PUBLISH" }],
    };
  });

export const meetingCancelledMail = meetingMail(MEETING_CANCELLED_MAIL, "cancelled");
export const meetingMovedMail = meetingMail(MEETING_MOVED_MAIL, "moved");
