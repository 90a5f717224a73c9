import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import type { Lang } from "~/i18n/lang";
import { enrolmentPaymentLink } from "~/features/enrolments/links.server";
import { formatDateLabel, formatTimeLabel } from "~/kernel/slot-format";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { enqueue } from "~server/jobs/queue";
import { checkoutCheckJob } from "./payment-events.server";
import { checkoutOf, enrolmentForPayment, payStateOf } from "./checkouts.server";
import { formatMoney } from "~/lib/money";
import { paymentProviderOf } from "./payment-provider.server";

/** A Stripe checkout session id as its success URL brings it back (anything else is ignored). */
const SESSION_ID = /^cs_[\w-]{1,200}$/;

/**
 * The payment page's view of a held enrolment (its payment link's token). Back from the provider
 * with `session_id` while the checkout is still open here, the page says "confirming" (and reloads
 * itself) and queues a `checkout-check` job (once per session) that reads the session from the
 * provider, in case its event is late or lost: a page GET never calls the provider (decision 094).
 * Undefined: no such enrolment (404).
 */
export async function paymentPageData(db: DB, config: Config, token: string, lang: Lang, returned: { sessionId: string | null; cancelled: boolean }) {
  const id = await enrolmentPaymentLink.open(db, config.sessionSecret, token);
  if (id === undefined) return undefined;
  const enrolment = await enrolmentForPayment(db, id, lang);
  if (!enrolment) return undefined;
  const provider = paymentProviderOf(config);
  let confirming = false;
  if (provider && !enrolment.paid && returned.sessionId && SESSION_ID.test(returned.sessionId)) {
    const checkout = await checkoutOf(db, returned.sessionId, id);
    if (checkout && (checkout.status === "open" || checkout.status === "expired")) {
      confirming = true;
      await enqueue(db, checkoutCheckJob, { sessionId: returned.sessionId }, { uniqueKey: `checkout-check:${returned.sessionId}`, maxAttempts: 5 });
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
