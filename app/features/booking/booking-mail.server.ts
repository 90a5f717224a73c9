import type { Config } from "../../../server/config";
import type { DB } from "../../../server/db/db";
import { serverT } from "../../../server/i18n";
import type { Logger } from "../../../server/logger";
import { sendMail } from "../../../server/mail/mailer";
import { pickPair } from "~/i18n/localized";
import { getSiteSettings } from "../site/site.server";
import { academyTimeZone } from "./academy-zone.server";
import { getBookingForMail } from "./booking.server";
import { buildIcs } from "./ics";
import { cancelPath, confirmationPath } from "./paths";

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

  // [label, value, left-to-right value]: e-mail, phone and reference stay in their own order
  // inside an Arabic (right-to-left) e-mail instead of "11111 98765 91+".
  const details: [string, string, boolean?][] = [
    [t("details.course"), booking.courseName],
    [t("details.date"), booking.dateLabel],
    [t("details.time"), when],
    [t("details.duration"), t("details.minutes", { count: booking.durationMinutes })],
    [t("details.childName"), booking.childName],
    [t("details.childAge"), String(booking.childAge)],
    [t("details.parentName"), booking.parentName],
    [t("details.email"), booking.email, true],
    [t("details.phone"), booking.phone, true],
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
<p>${escapeHtml(t("mail.calendar"))}</p>
<p>${escapeHtml(t("mail.signoff"))}</p>
</body></html>`;

  const start = new Date(booking.startsAt);
  const ics = buildIcs({
    uid: `${booking.reference}@${new URL(base).hostname}`,
    start,
    end: new Date(start.getTime() + booking.durationMinutes * 60_000),
    summary: t("ics.summary", { course: booking.courseName }),
    description: `${t("ics.description", { name: booking.childName })}\n${t("details.reference")}: ${booking.reference}\n${confirmationUrl}`,
    location: pickPair(settings.address, lang),
    url: confirmationUrl,
  });

  await sendMail(deps, {
    to: booking.email,
    subject: t("mail.subject", { course: booking.courseName, date: booking.dateLabel }),
    text,
    html,
    attachments: [{ filename: "demo-class.ics", content: ics, contentType: "text/calendar; charset=utf-8; method=PUBLISH" }],
  });
}
