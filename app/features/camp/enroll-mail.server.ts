import { serverT } from "~server/i18n";
import { defineMail } from "~server/mail/mail-queue";
import { detailsTable, html } from "~/lib/mail/html";
import { formatCampDate } from "./camp";
import { enrollmentConfirmationMail } from "./camp.mails.server";
import { getSiteSettings } from "~/features/site/site.server";
import { getEnrollmentByReference } from "./enroll.server";
import { enrollConfirmedPath } from "./paths";
import { formatPhone } from "~/lib/validation";

/**
 * The parent's confirmation of a camp enrollment, in the language they enrolled in (like the demo
 * booking's): the details, the next steps and a link to the confirmation page; HTML in the
 * parent's language and direction, with the same text as its plain part.
 */
export const enrollmentConfirmation = defineMail(enrollmentConfirmationMail, async (deps, { reference }) => {
  const first = await getEnrollmentByReference(deps.db, reference, "en");
  if (!first) return null;
  const enrollment = first.lang === "en" ? first : ((await getEnrollmentByReference(deps.db, reference, first.lang)) ?? first);
  const { lang } = enrollment;
  const settings = await getSiteSettings(deps.db);
  const t = (key: string, values?: Record<string, string | number>) => serverT(lang, "camp", key, values);
  const pageUrl = deps.config.publicUrl + enrollConfirmedPath(reference, lang);
  // [label, value, left-to-right value]: the phone keeps its order inside Arabic text.
  const details: [string, string, boolean?][] = [
    [t("confirmed.camp"), enrollment.campTitle],
    [t("confirmed.session"), enrollment.session],
    [t("confirmed.student"), enrollment.studentName],
    [t("confirmed.parent"), enrollment.parentName],
    [t("confirmed.phone"), formatPhone(enrollment.phoneNumber), true],
  ];
  const steps = [
    t("confirmed.step1", { phone: settings.phone }),
    t("confirmed.step2", { date: formatCampDate(settings.campStartDate, lang) }),
    t("confirmed.step3"),
  ];
  const text = [
    t("mail.greeting", { name: enrollment.parentName }),
    "",
    t("mail.intro", { student: enrollment.studentName, camp: enrollment.campTitle }),
    "",
    // U+2066/U+2069 (left-to-right isolate) do for plain text what dir="ltr" does in HTML.
    ...details.map(([label, value, ltr]) => `${label}: ${ltr ? `\u2066${value}\u2069` : value}`),
    "",
    t("confirmed.nextSteps"),
    ...steps.map((step, i) => `${i + 1}. ${step}`),
    "",
    t("mail.view"),
    pageUrl,
    "",
    t("mail.signoff"),
  ].join("\n");
  const body = html`<p>${t("mail.greeting", { name: enrollment.parentName })}</p>
<p>${t("mail.intro", { student: enrollment.studentName, camp: enrollment.campTitle })}</p>
${detailsTable(details, lang)}
<p>${t("confirmed.nextSteps")}</p>
<ol>${steps.map((step) => html`<li>${step}</li>`)}</ol>
<p>${t("mail.view")} <a href="${pageUrl}" dir="ltr" style="unicode-bidi:isolate">${pageUrl}</a></p>
<p>${t("mail.signoff")}</p>`;
  return { lang, subject: t("mail.subject", { camp: enrollment.campTitle }), text, html: body };
});
