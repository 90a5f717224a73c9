/**
 * One line of a price shown before paying, and of the invoice billing makes from it (issue 31; the
 * same type as app/features/billing/price-lines.ts, the join keeps one). Amounts are integer minor
 * units of the quote's currency: a price is positive, a discount negative, so the lines add up to
 * the total (decision 087).
 */
export interface PriceLine {
  kind: "price" | "discount" | "tax";
  label_en: string;
  label_ar: string;
  amountMinor: number;
}

/** The sum of the lines, never below zero (a discount cannot make the academy pay). */
export const totalOf = (lines: readonly PriceLine[]): number => Math.max(0, lines.reduce((sum, line) => sum + line.amountMinor, 0));
