import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import { serverT } from "~server/i18n";
import type { Logger } from "~server/logger";
import { sendMail } from "~server/mail/mailer";
import { pickPair } from "~/i18n/localized";
import { getSiteSettings } from "~/features/site/site.server";
import { academyTimeZone } from "./academy-zone.server";
import { findCourse, getBookingForMail } from "./booking.server";
import { bookingEvent } from "./booking-event";
import { buildIcs, calendarLinks } from "./ics";
import { bookingPagePath, cancelPath, confirmationPath } from "./paths";
import { formatDateLabel, formatTimeLabel, formatZoneLabel } from "./slot-format";
import type { StaffCancelMail } from "./staff-cancel.server";
import { localizePath } from "~/i18n/lang";
import { formatPhone } from "~/lib/validation";

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/**
 * The confirmation e-mail, in the language the parent booked in: the details, a link to the
 * confirmation page, a link that cancels the booking, and an .ics calendar file.
 */
export async function sendBookingConfirmation(deps: { db: DB; config: Config; logger: Logger }, reference: string): Promise<void> {
  const [settings, timeZone] = await Promise.all([getSiteSettings(deps.db), academyTimeZone(deps.db)]);
  const found = await getBookingForMail(deps.db, reference, timeZone);
  if (!found) return;
  const { view: booking, cancelToken, lang } = found;
  const t = (key: string, values?: Record<string, string | number>) => serverT(lang, "booking", key, values);
  const base = deps.config.publicUrl;
  const confirmationUrl = base + confirmationPath(booking.courseSlug ?? String(booking.courseId ?? "course"), booking.reference, lang);
  const cancelUrl = base + cancelPath(cancelToken, lang);
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
    t("mail.intro", { name: booking.childName }),
    "",
    // U+2066/U+2069 (left-to-right isolate) do for plain text what dir="ltr" does in HTML.
    ...details.map(([label, value, ltr]) => `${label}: ${ltr ? `\u2066${value}\u2069` : value}`),
    "",
    t("mail.view"),
    confirmationUrl,
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

  const dir = lang === "ar" ? "rtl" : "ltr";
  // Mail clients do not know align="start": name the side.
  const align = lang === "ar" ? "right" : "left";
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><body style="font-family:sans-serif;color:#0f172a">
<p>${escapeHtml(t("mail.greeting", { name: booking.parentName }))}</p>
<p>${escapeHtml(t("mail.intro", { name: booking.childName }))}</p>
<table cellpadding="4">${details
    .map(([label, value, ltr]) => `<tr><th align="${align}">${escapeHtml(label)}</th><td align="${align}">${ltr ? `<span dir="ltr" style="unicode-bidi:isolate">${escapeHtml(value)}</span>` : escapeHtml(value)}</td></tr>`)
    .join("")}</table>
<p><a href="${escapeHtml(confirmationUrl)}">${escapeHtml(t("mail.viewLink"))}</a></p>
<p>${escapeHtml(t("mail.cancel"))} <a href="${escapeHtml(cancelUrl)}">${escapeHtml(t("mail.cancelLink"))}</a></p>
<p>${escapeHtml(t("mail.calendar"))} <a href="${escapeHtml(links.google)}">${escapeHtml(t("calendar.google"))}</a> · <a href="${escapeHtml(links.outlook)}">${escapeHtml(t("calendar.outlook"))}</a></p>
<p>${escapeHtml(t("mail.signoff"))}</p>
</body></html>`;

  const ics = buildIcs({ uid: `${booking.reference}@${new URL(base).hostname}`, ...event });

  await sendMail(deps, {
    to: booking.email,
    subject: t("mail.subject", { course: booking.courseName, date: booking.dateLabel }),
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
export async function sendStaffCancellation(deps: { db: DB; config: Config; logger: Logger }, mail: StaffCancelMail): Promise<void> {
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
  const paragraphs = [t("staffCancelMail.intro", { name: mail.childName }), t("staffCancelMail.apology")];

  const text = [
    t("mail.greeting", { name: mail.parentName }),
    "",
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    t("staffCancelMail.bookAgain"),
    bookUrl,
    "",
    t("staffCancelMail.signoff"),
  ].join("\n");

  const dir = lang === "ar" ? "rtl" : "ltr";
  const align = lang === "ar" ? "right" : "left";
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><body style="font-family:sans-serif;color:#0f172a">
<p>${escapeHtml(t("mail.greeting", { name: mail.parentName }))}</p>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n")}
<table cellpadding="4">${details.map(([label, value]) => `<tr><th align="${align}">${escapeHtml(label)}</th><td align="${align}">${escapeHtml(value)}</td></tr>`).join("")}</table>
<p>${escapeHtml(t("staffCancelMail.bookAgain"))} <a href="${escapeHtml(bookUrl)}">${escapeHtml(t("staffCancelMail.bookAgainLink"))}</a></p>
<p>${escapeHtml(t("staffCancelMail.signoff"))}</p>
</body></html>`;

  await sendMail(deps, { to: mail.email, subject: t("staffCancelMail.subject", { course: courseName, date }), text, html });
}
