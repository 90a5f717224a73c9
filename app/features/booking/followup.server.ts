import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { serverT } from "~server/i18n";
import { defineMail, queueMail, type MailDeps, type RenderedMail } from "~server/mail/mail-queue";
import { localizePath } from "~/i18n/lang";
import { html, joinHtml } from "~/lib/mail/html";
import { getSiteSettings } from "~/features/site/site.server";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { bookingFollowupMail } from "./booking.jobs.server";
import { getBookingForMail } from "./booking.server";
import { fillPlaceholders } from "~/features/site/followup-texts";
import { demoPrefillToken } from "./demo-link.server";

/**
 * Claims a booking's follow-up e-mail and queues it, inside the transaction that marks it attended
 * (decision 033). The claim is a conditional UPDATE (`followup_sent_at` still null, the booking
 * attended), so however often staff toggle the attendance, and however many do it at once, one
 * e-mail is queued per booking. Returns whether this call queued it. Its WhatsApp / SMS / e-mail
 * message comes later, from the trial follow-up automation (N days on, the child not enrolled; decision 140).
 */
export async function claimFollowup(trx: DB, bookingId: number): Promise<boolean> {
  const claimed = await trx
    .updateTable("demo_bookings")
    .set({ followup_sent_at: nowIso() })
    .where("id", "=", bookingId)
    .where("status", "=", "attended")
    .where("followup_sent_at", "is", null)
    .returning(["reference", "email"])
    .executeTakeFirst();
  if (!claimed) return false;
  await queueMail(trx, bookingFollowup, { to: claimed.email, data: { reference: claimed.reference } });
  return true;
}

/**
 * The follow-up e-mail, in the booking's language: the staff's subject and body (settings, with
 * the parent's, child's and course's names in their placeholders), the course page's link, the
 * course's open groups with the child's details filled in (decision 069), and the contact page. A
 * booking no longer marked attended when the job runs (staff corrected a mistake at once) gets
 * nothing, and its claim is released so a later "attended" sends it.
 */
export const bookingFollowup = defineMail(bookingFollowupMail, (deps, { reference }) => renderFollowupMail(deps, reference));

async function renderFollowupMail(deps: MailDeps, reference: string): Promise<RenderedMail | null> {
  const [settings, timeZone] = await Promise.all([getSiteSettings(deps.db), academyTimeZone(deps.db)]);
  const found = await getBookingForMail(deps.db, reference, timeZone);
  if (!found) return null;
  const { view: booking, lang, id: bookingId } = found;
  if (booking.status !== "attended") {
    const released = await deps.db
      .updateTable("demo_bookings")
      .set({ followup_sent_at: null })
      .where("reference", "=", reference)
      .where("status", "<>", "attended")
      .executeTakeFirst();
    // Nothing released: staff marked it attended again after the read above, and that change
    // found the claim still held and queued nothing, so this job is the one that sends.
    if (Number(released.numUpdatedRows) > 0) return null;
  }
  const t = (key: string) => serverT(lang, "booking", `followupMail.${key}`);
  const values = { parent: booking.parentName, child: booking.childName, course: booking.courseName };
  const subject = fillPlaceholders(settings.followupMail.subject[lang], values).replace(/[\r\n]+/g, " ");
  const paragraphs = fillPlaceholders(settings.followupMail.body[lang], values)
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const base = deps.config.publicUrl;
  const courseUrl = base + (booking.courseSlug ? localizePath(`/courses/${encodeURIComponent(booking.courseSlug)}`, lang) : localizePath("/courses", lang));
  const enrolUrl = base + localizePath("/contact-us", lang);
  // The course's open groups with the child's details filled in (decision 069): the link carries a
  // signed booking id, never the names or the e-mail.
  const sectionsUrl = booking.courseSlug ? `${courseUrl}?demo=${demoPrefillToken(deps.config.sessionSecret, bookingId)}#enrol` : undefined;
  const enrolWords = { child: booking.childName };

  const text = [
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    `${t("course")}: ${courseUrl}`,
    ...(sectionsUrl ? [`${serverT(lang, "timetable", "followup.enrol", enrolWords)}: ${sectionsUrl}`] : []),
    `${t("enroll")}: ${enrolUrl}`,
  ].join("\n");
  const htmlBody = html`${joinHtml(
    paragraphs.map(
      (paragraph) =>
        html`<p>${joinHtml(
          paragraph.split("\n").map((line) => html`${line}`),
          "<br>",
        )}</p>`,
    ),
    "\n",
  )}
<p><a href="${courseUrl}">${t("courseLink")}</a></p>
${sectionsUrl ? html`<p><a href="${sectionsUrl}">${serverT(lang, "timetable", "followup.enrolLink", enrolWords)}</a></p>` : ""}
<p><a href="${enrolUrl}">${t("enrollLink")}</a></p>`;
  return { lang, subject, text, html: htmlBody };
}
