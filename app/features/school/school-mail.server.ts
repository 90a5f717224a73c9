import type { DB } from "~server/db/db";
import { serverT } from "~server/i18n";
import { queueMail } from "~server/mail/mail-queue";
import { getSiteSettings } from "~/features/site/site.server";
import type { SchoolEnquiry } from "./school.schema";

/**
 * Queues the e-mail that tells staff (the site's contact e-mail) about a new school enquiry. Call
 * it in the transaction that stores the enquiry; the background worker sends it (SMTP, else the
 * local outbox) and retries on failure.
 */
export async function queueSchoolEnquiryMail(db: DB, enquiry: SchoolEnquiry, id: number): Promise<void> {
  const settings = await getSiteSettings(db);
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
  await queueMail(db, {
    to: settings.email,
    subject: serverT("en", "school", "mail.subject", { school: enquiry.schoolName, city: enquiry.city }),
    text: lines.join("\n"),
  });
}
