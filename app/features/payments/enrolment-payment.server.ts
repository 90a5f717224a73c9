import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import type { Lang } from "~/i18n/lang";
import { linkedId } from "~/features/booking/link-tokens.server";
import { formatDateLabel, formatTimeLabel } from "~/features/booking/slot-format";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { onCheckoutPaid } from "./checkout-paid.server";
import { checkoutOf, enrolmentForPayment, payStateOf } from "./checkouts.server";
import { formatMoney } from "~/lib/money";
import { paymentProviderOf } from "./payment-provider.server";

/** A Stripe checkout session id as its success URL brings it back (anything else is ignored). */
const SESSION_ID = /^cs_[\w-]{1,200}$/;

/**
 * The payment page's view of a held enrolment (its payment link's token). Back from the provider
 * with `session_id`, the session is read from the provider and, when paid, confirmed through
 * onCheckoutPaid at once: the family sees the paid enrolment even before the webhook arrives (the
 * webhook then records nothing more). Undefined: no such enrolment (404).
 */
export async function paymentPageData(db: DB, config: Config, token: string, lang: Lang, returned: { sessionId: string | null; cancelled: boolean }) {
  const id = await linkedId(db, config.sessionSecret, "enrolment-payment", token);
  if (id === undefined) return undefined;
  let enrolment = await enrolmentForPayment(db, id, lang);
  if (!enrolment) return undefined;
  const provider = paymentProviderOf(config);
  let confirming = false;
  if (provider && !enrolment.paid && returned.sessionId && SESSION_ID.test(returned.sessionId)) {
    const checkout = await checkoutOf(db, returned.sessionId, id);
    if (checkout && (checkout.status === "open" || checkout.status === "expired")) {
      const state = await provider.retrieveCheckout(returned.sessionId).catch(() => null);
      if (state?.paid) await onCheckoutPaid(db, provider, { sessionId: state.sessionId, paymentRef: state.paymentRef, amountMinor: state.amountMinor, currency: state.currency });
      else confirming = true;
      enrolment = (await enrolmentForPayment(db, id, lang))!;
    }
  }
  const timeZone = await academyTimeZone(db);
  // Date and time in the academy's zone, as the enrolment's own page shows them.
  const when = (instant: string) => `${formatDateLabel(instant, timeZone, lang)}${lang === "ar" ? "،" : ","} ${formatTimeLabel(instant, timeZone, lang)}`;
  const state = payStateOf(enrolment);
  return {
    state,
    online: provider !== null,
    confirming: confirming && state === "held",
    cancelled: returned.cancelled && state === "held",
    courseName: enrolment.courseName,
    courseSlug: enrolment.courseSlug,
    childName: enrolment.childName,
    code: enrolment.code,
    firstClass: when(enrolment.startsAt),
    amount: formatMoney(enrolment.amountMinor, enrolment.currency, lang),
    paidAmount: enrolment.paid ? formatMoney(enrolment.paid.amountMinor, enrolment.paid.currency, lang) : null,
    heldUntil: enrolment.holdUntil ? when(enrolment.holdUntil) : null,
  };
}
