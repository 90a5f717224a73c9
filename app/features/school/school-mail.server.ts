import type { Config } from "../../../server/config";
import type { DB } from "../../../server/db/db";
import type { Logger } from "../../../server/logger";
import { serverT } from "../../../server/i18n";
import { sendMail } from "../../../server/mail/mailer";
import { getSiteSettings } from "~/features/site/site.server";
import type { SchoolEnquiry } from "./school.schema";

/**
 * Tells staff (the site's contact e-mail) about a new school enquiry. Over SMTP when it is set up,
 * else into the local outbox. Failures are logged, never shown to the school.
 */
export async function notifyStaffOfSchoolEnquiry(deps: { db: DB; config: Config; logger: Logger }, enquiry: SchoolEnquiry, id: number): Promise<void> {
  try {
    const settings = await getSiteSettings(deps.db);
    const lines = [
      serverT("en", "school", "mail.intro"),
      "",
      `Reference: #${id}`,
      `Name: ${enquiry.name}`,
      `Designation: ${enquiry.designation}`,
      `School: ${enquiry.schoolName}`,
      `City: ${enquiry.city}`,
      `E-mail: ${enquiry.email}`,
      `Contact number: ${enquiry.contactNumber}`,
      `Preferred date and time: ${enquiry.preferredDate} ${enquiry.preferredTime}`,
      `Requirements: ${enquiry.requirements || "-"}`,
    ];
    await sendMail(deps, {
      to: settings.email,
      subject: serverT("en", "school", "mail.subject", { school: enquiry.schoolName, city: enquiry.city }),
      text: lines.join("\n"),
    });
  } catch (err) {
    deps.logger.warn({ err }, "school enquiry notification failed");
  }
}
