import { serverT } from "~server/i18n";
import { defineMail, type MailDeps, type RenderedMail } from "~server/mail/mail-queue";
import { pickPair } from "~/i18n/localized";
import { getSiteSettings } from "~/features/site/site.server";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import {
  bookingConfirmationMail,
  bookingReminderMail,
  bookingRescheduledMail,
  staffCancelMailKind,
  waitlistClosedMail,
  type StaffCancelMail,
} from "./booking.jobs.server";
import { findCourse, getBookingForMail } from "./booking.server";
import { linkToken } from "./link-tokens.server";
import { bookingEvent } from "./booking-event";
import { buildIcs, calendarLinks } from "~/kernel/ics";
import { bookingPagePath, cancelPath, confirmationPath, reschedulePath } from "./paths";
import { formatDateLabel, formatTimeLabel, formatZoneLabel } from "~/kernel/slot-format";
import { localizePath } from "~/i18n/lang";
import { detailsTable, html, joinHtml } from "~/lib/mail/html";
import { formatPhone } from "~/lib/validation";

/** The confirmation e-mail, sent when a booking is made (booking.server.ts queues it). */
export const bookingConfirmation = defineMail(bookingConfirmationMail, (deps, { reference }) => renderBookingMail(deps, reference, "confirmation"));

/** The new time of a booking the parent moved (reschedule.server.ts queues it). */
export const bookingRescheduled = defineMail(bookingRescheduledMail, (deps, mail) => renderBookingMail(deps, mail.reference, "rescheduled", mail.startsAt));

/** The reminder a day before the class (reminders.server.ts queues it). */
export const bookingReminder = defineMail(bookingReminderMail, (deps, mail) => renderBookingMail(deps, mail.reference, "reminder", mail.startsAt));

/** The academy cancelled a demo class (staff-cancel.server.ts queues it). */
export const staffCancellation = defineMail(staffCancelMailKind, (deps, mail) => renderStaffCancellation(deps, mail));

/** Staff closed the slot a parent waited for (waitlist-close.server.ts queues it). */
export const waitlistClosed = defineMail(waitlistClosedMail, (deps, mail) => renderStaffCancellation(deps, mail, "waitlist.closedMail"));

/** Each kind's own subject and first paragraph; the rest of the e-mail is the same. */
const MAIL_TEXTS = {
  confirmation: "mail",
  rescheduled: "rescheduleMail",
  reminder: "reminderMail",
} as const;

/**
 * A booking's e-mail, in the language the parent booked in: the details, a link to the
 * confirmation page, links that move or cancel the booking, and an .ics calendar file (the same
 * UID each time, with a newer SEQUENCE after a move, so calendars update the one event).
 * `startsAt`: the class time the e-mail was queued about; when the booking has since been moved
 * or cancelled, or the class has begun, the e-mail is stale and is dropped (a move queues its own).
 */
async function renderBookingMail(deps: MailDeps, reference: string, kind: keyof typeof MAIL_TEXTS, startsAt?: string): Promise<RenderedMail | null> {
  const [settings, timeZone] = await Promise.all([getSiteSettings(deps.db), academyTimeZone(deps.db)]);
  const found = await getBookingForMail(deps.db, reference, timeZone);
  if (!found) return null;
  const { view: booking, id, lang } = found;
  // Rebuilt from the row and SESSION_SECRET: the database keeps no usable link (decision 044).
  const cancelToken = linkToken(deps.config.sessionSecret, "booking", { id, reference: booking.reference });
  if (startsAt !== undefined && (booking.status !== "booked" || booking.startsAt !== startsAt || Date.parse(startsAt) <= Date.now())) return null;
  const t = (key: string, values?: Record<string, string | number>) => serverT(lang, "booking", key, values);
  const texts = MAIL_TEXTS[kind];
  const base = deps.config.publicUrl;
  const confirmationUrl = base + confirmationPath(booking.courseSlug ?? String(booking.courseId ?? "course"), booking.reference, lang);
  const cancelUrl = base + cancelPath(cancelToken, lang);
  const rescheduleUrl = base + reschedulePath(cancelToken, lang);
  const when = `${booking.timeLabel} ${booking.zoneLabel}`;
  const address = pickPair(settings.address, lang);
  const event = bookingEvent(booking, { t, address, confirmationUrl });
  const links = calendarLinks(event);
  const where = booking.mode === "online" ? `${t("mode.online")}: ${booking.meetingUrl}` : `${t("mode.academy")}: ${address}`;

  // [label, value, left-to-right value]: e-mail, phone and reference stay in their own order
  // inside an Arabic (right-to-left) e-mail instead of "11111 98765 91+".
  const details: [string, string, boolean?][] = [
    ...(booking.code ? [[t("details.code"), booking.code, true] as [string, string, boolean]] : []),
    [t("details.course"), booking.courseName],
    [t("details.date"), booking.dateLabel],
    [t("details.time"), when],
    [t("details.duration"), t("details.minutes", { count: booking.durationMinutes })],
    [t("details.where"), where],
    [t("details.childName"), booking.childName],
    [t("details.childAge"), String(booking.childAge)],
    [t("details.parentName"), booking.parentName],
    [t("details.email"), booking.email, true],
    [t("details.phone"), formatPhone(booking.phone), true],
    [t("details.reference"), booking.reference, true],
  ];

  const text = [
    t("mail.greeting", { name: booking.parentName }),
    "",
    t(`${texts}.intro`, { name: booking.childName }),
    "",
    // U+2066/U+2069 (left-to-right isolate) do for plain text what dir="ltr" does in HTML.
    ...details.map(([label, value, ltr]) => `${label}: ${ltr ? `\u2066${value}\u2069` : value}`),
    "",
    t("mail.view"),
    confirmationUrl,
    "",
    t("mail.reschedule"),
    rescheduleUrl,
    "",
    t("mail.cancel"),
    cancelUrl,
    "",
    t("mail.calendar"),
    t("mail.calendarLinks"),
    `${t("calendar.google")}: ${links.google}`,
    `${t("calendar.outlook")}: ${links.outlook}`,
    "",
    t("mail.signoff"),
  ].join("\n");

  const htmlBody = html`<p>${t("mail.greeting", { name: booking.parentName })}</p>
<p>${t(`${texts}.intro`, { name: booking.childName })}</p>
${detailsTable(details, lang)}
<p><a href="${confirmationUrl}">${t("mail.viewLink")}</a></p>
<p>${t("mail.reschedule")} <a href="${rescheduleUrl}">${t("mail.rescheduleLink")}</a></p>
<p>${t("mail.cancel")} <a href="${cancelUrl}">${t("mail.cancelLink")}</a></p>
<p>${t("mail.calendar")} <a href="${links.google}">${t("calendar.google")}</a> · <a href="${links.outlook}">${t("calendar.outlook")}</a></p>
<p>${t("mail.signoff")}</p>`;

  // Seconds since 1970 only grow, so each later e-mail's event replaces the earlier one.
  const sequence = kind === "confirmation" ? undefined : Math.floor(Date.now() / 1000);
  const ics = buildIcs({ uid: `${booking.reference}@${new URL(base).hostname}`, ...event, sequence });

  return {
    lang,
    subject: t(`${texts}.subject`, { course: booking.courseName, date: booking.dateLabel, time: booking.timeLabel }),
    text,
    html: htmlBody,
    attachments: [{ filename: "demo-class.ics", content: ics, contentType: "text/calendar; charset=utf-8; method=PUBLISH" }],
  };
}

/**
 * The e-mail telling a parent the academy cancelled their demo class, in the language they booked
 * in: the course, the class's date and time in the academy's zone, an apology, and where to book
 * another time (the course's booking page while the course exists, else the course list).
 */
async function renderStaffCancellation(
  deps: MailDeps,
  mail: StaffCancelMail,
  // The same e-mail, worded for a waitlist place the academy ended (waitlist-close.server.ts).
  texts: "staffCancelMail" | "waitlist.closedMail" = "staffCancelMail",
): Promise<RenderedMail> {
  const { lang } = mail;
  const timeZone = await academyTimeZone(deps.db);
  const course = mail.courseId === null ? undefined : await findCourse(deps.db, String(mail.courseId), lang);
  const t = (key: string, values?: Record<string, string | number>) => serverT(lang, "booking", key, values);
  const courseName = course?.name ?? mail.courseName;
  const bookUrl = deps.config.publicUrl + (course ? bookingPagePath(course.slug, lang) : localizePath("/courses", lang));
  const date = formatDateLabel(mail.startsAt, timeZone, lang);
  const time = `${formatTimeLabel(mail.startsAt, timeZone, lang)} ${formatZoneLabel(mail.startsAt, timeZone, lang)}`;
  const details: [string, string][] = [
    [t("details.course"), courseName],
    [t("details.date"), date],
    [t("details.time"), time],
    [t("details.childName"), mail.childName],
  ];
  const paragraphs = [t(`${texts}.intro`, { name: mail.childName }), t(`${texts}.apology`)];

  const text = [
    t("mail.greeting", { name: mail.parentName }),
    "",
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    t(`${texts}.bookAgain`),
    bookUrl,
    "",
    t(`${texts}.signoff`),
  ].join("\n");

  const htmlBody = html`<p>${t("mail.greeting", { name: mail.parentName })}</p>
${joinHtml(
  paragraphs.map((paragraph) => html`<p>${paragraph}</p>`),
  "\n",
)}
${detailsTable(details, lang)}
<p>${t(`${texts}.bookAgain`)} <a href="${bookUrl}">${t(`${texts}.bookAgainLink`)}</a></p>
<p>${t(`${texts}.signoff`)}</p>`;

  return { lang, subject: t(`${texts}.subject`, { course: courseName, date }), text, html: htmlBody };
}
