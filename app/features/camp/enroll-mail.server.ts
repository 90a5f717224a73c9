import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import { serverT } from "~server/i18n";
import type { Logger } from "~server/logger";
import { sendMail } from "~server/mail/mailer";
import { formatCampDate } from "./camp";
import { getSiteSettings } from "~/features/site/site.server";
import { getEnrollmentByReference } from "./enroll.server";
import { enrollConfirmedPath } from "./paths";
import { formatPhone } from "~/lib/validation";

/**
 * The parent's confirmation of a camp enrollment, in the language they enrolled in (like the demo
 * booking's): the details, the next steps and a link to the confirmation page.
 */
export async function sendEnrollmentConfirmation(deps: { db: DB; config: Config; logger: Logger }, reference: string): Promise<void> {
  const first = await getEnrollmentByReference(deps.db, reference, "en");
  if (!first) return;
  const enrollment = first.lang === "en" ? first : ((await getEnrollmentByReference(deps.db, reference, first.lang)) ?? first);
  const { lang } = enrollment;
  const settings = await getSiteSettings(deps.db);
  const t = (key: string, values?: Record<string, string | number>) => serverT(lang, "camp", key, values);
  const pageUrl = deps.config.publicUrl + enrollConfirmedPath(reference, lang);
  const details: [string, string][] = [
    [t("confirmed.camp"), enrollment.campTitle],
    [t("confirmed.session"), enrollment.session],
    [t("confirmed.student"), enrollment.studentName],
    [t("confirmed.parent"), enrollment.parentName],
    // U+2066/U+2069 (left-to-right isolate) keep the number in its order inside Arabic text.
    [t("confirmed.phone"), `\u2066${formatPhone(enrollment.phoneNumber)}\u2069`],
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
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    t("confirmed.nextSteps"),
    ...steps.map((step, i) => `${i + 1}. ${step}`),
    "",
    t("mail.view"),
    pageUrl,
    "",
    t("mail.signoff"),
  ].join("\n");
  await sendMail(deps, { to: enrollment.email, subject: t("mail.subject", { camp: enrollment.campTitle }), text });
}
