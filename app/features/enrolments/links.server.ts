import { rowLink } from "~/kernel/row-link.server";

/**
 * The parents' links to a section enrolment (decisions 066, 085, 146): the kernel's row link, the
 * row's id and a MAC under SESSION_SECRET over its reference (random, never changed, unique), so a
 * mail sent later rebuilds the link from the row. They were MACs from the start: no stored token
 * opens them. The purposes are the ones booking's link-tokens used, so links already sent still open.
 */

/** The enrolment's own page: move or drop it (sections' manage page). */
export const enrolmentLink = rowLink("enrolment-link", "section_enrolments", "reference");

/** A held enrolment's payment page (decision 085): opens paying for it, not moving or dropping it. */
export const enrolmentPaymentLink = rowLink("enrolment-payment-link", "section_enrolments", "reference");

/** The enrolment's confirmation page (issue 42): shows it and how to pay, changes nothing. */
export const enrolmentReceiptLink = rowLink("enrolment-receipt-link", "section_enrolments", "reference");
