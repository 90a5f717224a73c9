import { pick } from "~/i18n/localized";
import { freeSeatIn } from "~/features/booking/waitlist-offers.server";
import { onEnrolment } from "~/features/enrolments/events.server";
import { ENROLMENT_MAIL, queueEnrolmentMail } from "./enrolment-mail.server";
import { SECTION_LINE } from "./section-waitlist.server";

/**
 * The course groups' part of an enrolment's life (decision 100), in its transaction: a seat given
 * back goes on to the group's line at once (decision 066), and a payment that confirms a held seat
 * (online or at the desk) sends the family the confirmation the hold held back.
 */
export const sectionsEnrolmentSubscriber = onEnrolment("sections", {
  async EnrolmentEnded(trx, { enrolment, seatTaken, at }) {
    if (enrolment.offerKind === "section" && seatTaken) await freeSeatIn(trx, SECTION_LINE, enrolment.offerId, at);
  },
  async EnrolmentConfirmed(trx, { enrolment }) {
    if (enrolment.offerKind !== "section" || enrolment.reference === null) return;
    const course = await trx
      .selectFrom("course_sections as s")
      .innerJoin("courses as c", "c.id", "s.course_id")
      .select(["c.name_en", "c.name_ar"])
      .where("s.id", "=", enrolment.offerId)
      .executeTakeFirstOrThrow();
    await queueEnrolmentMail(
      trx,
      ENROLMENT_MAIL,
      { reference: enrolment.reference, email: enrolment.email, lang: enrolment.lang },
      pick(course, "name", enrolment.lang),
    );
  },
});
