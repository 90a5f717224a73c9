import type { DB } from "~server/db/db";
import { priceQuote, type Offer, type QuoteFamily, type QuoteTax } from "./quote.server";
import type { PriceLine } from "./price-lines";
import type { CurrencyCode } from "~/lib/money";

export { PromoRefused } from "./promo.server";
export { promoProblemMessage } from "./discounts.api";

/** What an enrolment costs as priced when it was made: billing turns these lines into its invoice at the join. */
export interface PricedEnrolment {
  currency: CurrencyCode;
  lines: PriceLine[];
  tax: QuoteTax | null;
  /** What the invoice asks, tax included. */
  totalMinor: number;
  promoCode: string | null;
}

/**
 * Prices an enrolment inside its own transaction (`trx`) and uses the code typed, if any, tied to
 * the enrolment (`enrolmentId`: the section enrolment's or camp enrolment's row). Throws
 * PromoRefused for a code that cannot be used, so the caller's transaction rolls back and the form
 * says why beside the code field (decision 087: a clear refusal, never a silent full price).
 */
export async function priceEnrolment(
  trx: DB,
  enrolment: { offer: Offer; enrolmentId: number; family: QuoteFamily & { email: string }; code: string },
): Promise<PricedEnrolment> {
  const quote = await priceQuote(
    trx,
    { offer: enrolment.offer, family: enrolment.family, code: enrolment.code },
    { redeem: { enrolmentId: enrolment.enrolmentId } },
  );
  if (!quote) throw new Error(`no price for ${enrolment.offer.kind} ${enrolment.offer.id}`);
  return { currency: quote.currency, lines: quote.lines, tax: quote.tax, totalMinor: quote.totalMinor, promoCode: quote.promo?.code ?? null };
}
