import { onEnrolment } from "~/features/enrolments/events.server";
import { releasePromoUses } from "./promo.server";

/**
 * Discounts' part of an enrolment's life (decision 100): a code's use is reserved while the hold
 * lasts (redeemed when the enrolment is priced) and given back in the same transaction when the
 * enrolment ends (dropped, hold run out, cancelled, erased) with nothing paid.
 */
export const promoReleaseSubscriber = onEnrolment("discounts", {
  async EnrolmentEnded(trx, { enrolment, paidNothing }) {
    if (paidNothing) await releasePromoUses(trx, enrolment);
  },
});
