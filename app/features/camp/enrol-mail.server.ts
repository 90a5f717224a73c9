import { serverT } from "~server/i18n";
import { defineMail } from "~server/mail/mail-queue";
import { detailsTable, html } from "~/lib/mail/html";
import { formatCampDate } from "./camp";
import { campEnrolmentConfirmationMail } from "./camp.mails.server";
import { getSiteSettings } from "~/features/site/site.server";
import { getCampEnrolmentByReference } from "./enrol.server";
import { campEnrolConfirmedPath } from "./paths";
import { formatPhone } from "~/lib/validation";

/**
 * The parent's confirmation of a camp enrolment, in the language they enrolled in (like the demo
 * booking's): the details, the next steps and a link to the confirmation page; HTML in the
 * parent's language and direction, with the same text as its plain part.
 */
export const campEnrolmentConfirmation = defineMail(campEnrolmentConfirmationMail, async (deps, { reference }) => {
  const first = await getCampEnrolmentByReference(deps.db, reference, "en");
  if (!first) return null;
  const enrolment = first.lang === "en" ? first : ((await getCampEnrolmentByReference(deps.db, reference, first.lang)) ?? first);
  const { lang } = enrolment;
  const settings = await getSiteSettings(deps.db);
  const t = (key: string, values?: Record<string, string | number>) => serverT(lang, "camp", key, values);
  const pageUrl = deps.config.publicUrl + campEnrolConfirmedPath(reference, lang);
  // [label, value, left-to-right value]: the phone keeps its order inside Arabic text.
  const details: [string, string, boolean?][] = [
    [t("confirmed.camp"), enrolment.campTitle],
    [t("confirmed.session"), enrolment.session],
    [t("confirmed.student"), enrolment.studentName],
    [t("confirmed.parent"), enrolment.parentName],
    [t("confirmed.phone"), formatPhone(enrolment.phoneNumber), true],
  ];
  const steps = [
    t("confirmed.step1", { phone: settings.phone }),
    t("confirmed.step2", { date: formatCampDate(settings.campStartDate, lang) }),
    t("confirmed.step3"),
  ];
  const text = [
    t("mail.greeting", { name: enrolment.parentName }),
    "",
    t("mail.intro", { student: enrolment.studentName, camp: enrolment.campTitle }),
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
  const body = html`<p>${t("mail.greeting", { name: enrolment.parentName })}</p>
<p>${t("mail.intro", { student: enrolment.studentName, camp: enrolment.campTitle })}</p>
${detailsTable(details, lang)}
<p>${t("confirmed.nextSteps")}</p>
<ol>${steps.map((step) => html`<li>${step}</li>`)}</ol>
<p>${t("mail.view")} <a href="${pageUrl}" dir="ltr" style="unicode-bidi:isolate">${pageUrl}</a></p>
<p>${t("mail.signoff")}</p>`;
  return { lang, subject: t("mail.subject", { camp: enrolment.campTitle }), text, html: body };
});
