import type { DB } from "~server/db/db";
import { serverT } from "~server/i18n";
import { z } from "zod";
import { defineMail, queueMail, type MailDefinition } from "~server/mail/mail-queue";
import { pick, pickPair } from "~/i18n/localized";
import { localizePath, type Lang } from "~/i18n/lang";
import { detailsTable, html } from "~/lib/mail/html";
import { formatPhone } from "~/lib/validation";
import { getSiteSettings } from "~/features/site/site.server";
import { timeZoneOf } from "~/features/site/academy-zone.server";
import { buildCalendarFile } from "~/kernel/ics";
import { formatZoneLabel, formatDateTimeLabel } from "~/kernel/slot-format";
import { enrolmentLink } from "~/features/enrolments/links.server";
import { enrolmentManagePath } from "./paths";
import { enrolmentForMail } from "./sections.server";

export const ENROLMENT_MAIL = "section-enrolment";
export const SECTION_CANCELLED_MAIL = "section-cancelled";
/** A child moved to another group of the course: the new timetable and .ics (decision 066). */
export const SECTION_MOVED_MAIL = "section-moved";
/** An enrolment dropped by staff or the parent, with the reason (decision 066). */
export const SECTION_DROPPED_MAIL = "section-dropped";
export type EnrolmentMailKind = typeof ENROLMENT_MAIL | typeof SECTION_CANCELLED_MAIL | typeof SECTION_MOVED_MAIL | typeof SECTION_DROPPED_MAIL;
const SUBJECT: Record<EnrolmentMailKind, string> = {
  [ENROLMENT_MAIL]: "mail.subject",
  [SECTION_CANCELLED_MAIL]: "cancelMail.subject",
  [SECTION_MOVED_MAIL]: "movedMail.subject",
  [SECTION_DROPPED_MAIL]: "dropMail.subject",
};

const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "sections", key, values);

/** Queues a family's e-mail about their enrolment (in the transaction that wrote it, decision 053). */
export async function queueEnrolmentMail(trx: DB, kind: EnrolmentMailKind, enrolment: { reference: string; email: string; lang: Lang }, course: string) {
  const subject = say(enrolment.lang, SUBJECT[kind], { course });
  await queueMail(trx, MAILS[kind], { to: enrolment.email, subject, data: { reference: enrolment.reference } });
}

/** What each of these mails is queued with: the enrolment's reference (the rest is read when sent). */
const enrolmentReference = z.object({ reference: z.string() });

/**
 * The confirmation of an enrolment (or of its move to another group, `intro` "movedMail"), in the
 * parent's language: the term's details and timetable, the link to change it, and an .ics file with
 * every meeting (one event each, UID per meeting, so a later moved or cancelled meeting can replace
 * its event).
 */
const timetableMail = (name: string, intro: "mail" | "movedMail") =>
  defineMail(name, enrolmentReference, async ({ db, config }, { reference }) => {
    const found = await enrolmentForMail(db, reference);
    if (!found) return null;
    const settings = await getSiteSettings(db);
    const timeZone = timeZoneOf(settings);
    const lang = found.lang;
    const t = (key: string, values?: Record<string, string | number>) => say(lang, key, values);
    const course = pick(found, "name", lang);
    const address = pickPair(settings.address, lang);
    const where = found.mode === "online" ? `${t("mode.online")}: ${found.meeting_url}` : `${t("mode.academy")}: ${address}`;
    const coursePage = config.publicUrl + localizePath(`/courses/${found.slug}`, lang);
    const meetings = found.meetings.filter((m) => m.status === "scheduled");
    const timetable = meetings.map((m, i) => `${i + 1}. ${formatDateTimeLabel(m.starts_at, timeZone, lang)}`);
    const details: [string, string, boolean?][] = [
      [t("details.code"), found.code, true],
      [t("details.course"), course],
      [t("details.meetings"), String(meetings.length)],
      [t("details.zone"), formatZoneLabel(meetings[0]?.starts_at ?? new Date(), timeZone, lang)],
      [t("details.duration"), t("details.minutes", { count: found.duration_minutes })],
      [t("details.where"), where],
      ...(found.teacher_en
        ? [[t("details.instructor"), pick({ name_en: found.teacher_en, name_ar: found.teacher_ar ?? found.teacher_en }, "name", lang)] as [string, string]]
        : []),
      [t("details.language"), t(`language.${found.language}`)],
      [t("details.childName"), found.child_name],
      [t("details.childAge"), String(found.child_age)],
      [t("details.parentName"), found.parent_name],
      [t("details.email"), found.email, true],
      [t("details.phone"), formatPhone(found.phone), true],
    ];
    const host = new URL(config.publicUrl).hostname;
    const manageUrl = config.publicUrl + enrolmentManagePath(enrolmentLink.token(config.sessionSecret, found), lang);
    const ics = enrolmentClassesCalendar(found, meetings, { t, course, address, coursePage, host });
    const text = [
      t("mail.greeting", { name: found.parent_name }),
      "",
      t(`${intro}.intro`, { name: found.child_name, course }),
      "",
      ...details.map(([label, value, ltr]) => `${label}: ${ltr ? `\u2066${value}\u2069` : value}`),
      "",
      t("mail.timetable"),
      ...timetable,
      "",
      t("mail.calendar"),
      "",
      t("mail.manage"),
      manageUrl,
      "",
      t("mail.signoff"),
    ].join("\n");
    const body = html`<p>${t("mail.greeting", { name: found.parent_name })}</p>
<p>${t(`${intro}.intro`, { name: found.child_name, course })}</p>
${detailsTable(details, lang)}
<p>${t("mail.timetable")}</p>
<ol>${timetable.map((line) => html`<li>${line.replace(/^\d+\. /, "")}</li>`)}</ol>
<p>${t("mail.calendar")}</p>
<p>${t("mail.manage")} <a href="${manageUrl}">${t("mail.manageLink")}</a></p>
<p>${t("mail.signoff")}</p>`;
    return {
      lang,
      text,
      html: body,
      attachments: [{ filename: "course-timetable.ics", content: ics, contentType: "text/calendar; charset=utf-8; method=PUBLISH" }],
    };
  });

export const enrolmentMail = timetableMail(ENROLMENT_MAIL, "mail");
export const sectionMovedMail = timetableMail(SECTION_MOVED_MAIL, "movedMail");

/**
 * A family told, in their language, that the academy cancelled the section their child was in
 * (`kind` "cancelMail"), or that the enrolment was dropped, with the reason ("dropMail").
 */
const endedMail = (name: string, kind: "cancelMail" | "dropMail") =>
  defineMail(name, enrolmentReference, async ({ db, config }, { reference }) => {
    const found = await enrolmentForMail(db, reference);
    if (!found) return null;
    const lang = found.lang;
    const t = (key: string, values?: Record<string, string | number>) => say(lang, key, values);
    const course = pick(found, "name", lang);
    const coursePage = config.publicUrl + localizePath(`/courses/${found.slug}`, lang);
    const reason = kind === "dropMail" && found.drop_reason ? t("dropMail.reason", { reason: found.drop_reason }) : "";
    const text = [
      t("mail.greeting", { name: found.parent_name }),
      "",
      t(`${kind}.intro`, { name: found.child_name, course }),
      ...(reason ? ["", reason] : []),
      "",
      t("cancelMail.again"),
      coursePage,
      "",
      t("mail.signoff"),
    ].join("\n");
    const body = html`<p>${t("mail.greeting", { name: found.parent_name })}</p>
<p>${t(`${kind}.intro`, { name: found.child_name, course })}</p>
${reason ? html`<p>${reason}</p>` : ""}
<p>${t("cancelMail.again")} <a href="${coursePage}">${course}</a></p>
<p>${t("mail.signoff")}</p>`;
    return { lang, text, html: body };
  });

export const sectionCancelledMail = endedMail(SECTION_CANCELLED_MAIL, "cancelMail");
export const sectionDroppedMail = endedMail(SECTION_DROPPED_MAIL, "dropMail");

const MAILS: Record<EnrolmentMailKind, MailDefinition<typeof enrolmentReference>> = {
  [ENROLMENT_MAIL]: enrolmentMail,
  [SECTION_CANCELLED_MAIL]: sectionCancelledMail,
  [SECTION_MOVED_MAIL]: sectionMovedMail,
  [SECTION_DROPPED_MAIL]: sectionDroppedMail,
};

/**
 * Every scheduled class of a group enrolment as one iCalendar file: the e-mail's attachment and the
 * confirmation page's calendar link (issue 42) give the same events and UIDs, so both add each class once.
 */
export function enrolmentClassesCalendar(
  found: NonNullable<Awaited<ReturnType<typeof enrolmentForMail>>>,
  meetings: NonNullable<Awaited<ReturnType<typeof enrolmentForMail>>>["meetings"],
  words: { t: (key: string, values?: Record<string, string | number>) => string; course: string; address: string; coursePage: string; host: string },
): string {
  const { t, course, address, coursePage, host } = words;
  return buildCalendarFile(
    meetings.map((m, i) => {
      const start = new Date(m.starts_at);
      return {
        uid: `meeting-${m.id}-${found.reference}@${host}`,
        start,
        end: new Date(start.getTime() + m.duration_minutes * 60_000),
        summary: t("ics.summary", { course, n: i + 1, count: meetings.length }),
        description: [t("ics.description", { name: found.child_name }), `${t("details.code")}: ${found.code}`, coursePage].join("\n"),
        location: found.mode === "online" ? found.meeting_url : address,
        url: coursePage,
      };
    }),
    "Course enrolment",
  );
}
