import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import { serverT } from "~server/i18n";
import type { Logger } from "~server/logger";
import { sendMail } from "~server/mail/mailer";
import { pickPair } from "~/i18n/localized";
import { getSiteSettings } from "~/features/site/site.server";
import { academyTimeZone } from "./academy-zone.server";
import type { ReminderMail, StaffCancelMail } from "./booking.jobs.server";
import { findCourse, getBookingForMail } from "./booking.server";
import { linkToken } from "./link-tokens.server";
import { bookingEvent } from "./booking-event";
import { buildIcs, calendarLinks } from "./ics";
import { bookingPagePath, cancelPath, confirmationPath, reschedulePath } from "./paths";
import { formatDateLabel, formatTimeLabel, formatZoneLabel } from "./slot-format";
import { dirOf, localizePath, type Lang } from "~/i18n/lang";
import { formatPhone } from "~/lib/validation";

export const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

type MailDeps = { db: DB; config: Config; logger: Logger };

/** A booking e-mail's HTML document in the parent's language and direction. */
export function htmlMail(lang: Lang, body: string): string {
  return `<!doctype html><html lang="${lang}" dir="${dirOf(lang)}"><body style="font-family:sans-serif;color:#0f172a">
${body}
</body></html>`;
}

/** Label / value rows; `ltr` values (phones, codes) are isolated left to right inside Arabic text. */
export function detailsTable(details: readonly (readonly [label: string, value: string, ltr?: boolean])[], lang: Lang): string {
  // Mail clients do not know align="start": name the side.
  const align = lang === "ar" ? "right" : "left";
  const cell = (value: string, ltr?: boolean) => (ltr ? `<span dir="ltr" style="unicode-bidi:isolate">${escapeHtml(value)}</span>` : escapeHtml(value));
  return `<table cellpadding="4">${details.map(([label, value, ltr]) => `<tr><th align="${align}">${escapeHtml(label)}</th><td align="${align}">${cell(value, ltr)}</td></tr>`).join("")}</table>`;
}

/** The confirmation e-mail, sent when a booking is made (booking.server.ts queues it). */
export function sendBookingConfirmation(deps: MailDeps, reference: string): Promise<void> {
  return sendBookingMail(deps, reference, "confirmation");
}

/** The new time of a booking the parent moved (reschedule.server.ts queues it). */
export function sendRescheduledMail(deps: MailDeps, mail: { reference: string; startsAt: string }): Promise<void> {
  return sendBookingMail(deps, mail.reference, "rescheduled", mail.startsAt);
}

/** The reminder a day before the class (reminders.server.ts queues it). */
export function sendBookingReminder(deps: MailDeps, mail: ReminderMail): Promise<void> {
  return sendBookingMail(deps, mail.reference, "reminder", mail.startsAt);
}

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
async function sendBookingMail(deps: MailDeps, reference: string, kind: keyof typeof MAIL_TEXTS, startsAt?: string): Promise<void> {
  const [settings, timeZone] = await Promise.all([getSiteSettings(deps.db), academyTimeZone(deps.db)]);
  const found = await getBookingForMail(deps.db, reference, timeZone);
  if (!found) return;
  const { view: booking, id, lang } = found;
  // Rebuilt from the row and SESSION_SECRET: the database keeps no usable link (decision 044).
  const cancelToken = linkToken(deps.config.sessionSecret, "booking", { id, reference: booking.reference });
  if (startsAt !== undefined && (booking.status !== "booked" || booking.startsAt !== startsAt || Date.parse(startsAt) <= Date.now())) return;
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

  const html = htmlMail(lang, `<p>${escapeHtml(t("mail.greeting", { name: booking.parentName }))}</p>
<p>${escapeHtml(t(`${texts}.intro`, { name: booking.childName }))}</p>
${detailsTable(details, lang)}
<p><a href="${escapeHtml(confirmationUrl)}">${escapeHtml(t("mail.viewLink"))}</a></p>
<p>${escapeHtml(t("mail.reschedule"))} <a href="${escapeHtml(rescheduleUrl)}">${escapeHtml(t("mail.rescheduleLink"))}</a></p>
<p>${escapeHtml(t("mail.cancel"))} <a href="${escapeHtml(cancelUrl)}">${escapeHtml(t("mail.cancelLink"))}</a></p>
<p>${escapeHtml(t("mail.calendar"))} <a href="${escapeHtml(links.google)}">${escapeHtml(t("calendar.google"))}</a> · <a href="${escapeHtml(links.outlook)}">${escapeHtml(t("calendar.outlook"))}</a></p>
<p>${escapeHtml(t("mail.signoff"))}</p>`);

  // Seconds since 1970 only grow, so each later e-mail's event replaces the earlier one.
  const sequence = kind === "confirmation" ? undefined : Math.floor(Date.now() / 1000);
  const ics = buildIcs({ uid: `${booking.reference}@${new URL(base).hostname}`, ...event, sequence });

  await sendMail(deps, {
    to: booking.email,
    subject: t(`${texts}.subject`, { course: booking.courseName, date: booking.dateLabel, time: booking.timeLabel }),
    text,
    html,
    attachments: [{ filename: "demo-class.ics", content: ics, contentType: "text/calendar; charset=utf-8; method=PUBLISH" }],
  });
}

/**
 * The e-mail telling a parent the academy cancelled their demo class, in the language they booked
 * in: the course, the class's date and time in the academy's zone, an apology, and where to book
 * another time (the course's booking page while the course exists, else the course list).
 */
export async function sendStaffCancellation(
  deps: { db: DB; config: Config; logger: Logger },
  mail: StaffCancelMail,
  // The same e-mail, worded for a waitlist place the academy ended (waitlist-close.server.ts).
  texts: "staffCancelMail" | "waitlist.closedMail" = "staffCancelMail",
): Promise<void> {
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

  const html = htmlMail(lang, `<p>${escapeHtml(t("mail.greeting", { name: mail.parentName }))}</p>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n")}
${detailsTable(details, lang)}
<p>${escapeHtml(t(`${texts}.bookAgain`))} <a href="${escapeHtml(bookUrl)}">${escapeHtml(t(`${texts}.bookAgainLink`))}</a></p>
<p>${escapeHtml(t(`${texts}.signoff`))}</p>`);

  await sendMail(deps, { to: mail.email, subject: t(`${texts}.subject`, { course: courseName, date }), text, html });
}
