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
export const totalOf = (lines: readonly PriceLine[]): number =>
  Math.max(
    0,
    lines.reduce((sum, line) => sum + line.amountMinor, 0),
  );

export interface TaxSettings {
  taxName: string;
  /** The name on Arabic documents; empty or absent: `taxName`. */
  taxNameAr?: string;
  taxRateBp: number;
  taxInclusive: boolean;
}

/** The tax's name in a document's language (each language its own, as the address). */
export const taxNameIn = (settings: Pick<TaxSettings, "taxName" | "taxNameAr">, lang: "en" | "ar"): string =>
  lang === "ar" && settings.taxNameAr?.trim() ? settings.taxNameAr.trim() : settings.taxName;

/**
 * The tax of an invoice from its priced lines (decision 082), in integers, rounded half up to a
 * minor unit. Prices inclusive: the total stays, the tax inside it is shown. Prices exclusive: a tax
 * line is added on the total after discounts. No name or a zero rate: no tax.
 */
export function invoiceTax(lines: readonly PriceLine[], settings: TaxSettings): { lines: PriceLine[]; totalMinor: number; taxMinor: number } {
  const net = totalOf(lines);
  const rate = settings.taxName === "" ? 0 : settings.taxRateBp;
  if (rate === 0 || net === 0) return { lines: [...lines], totalMinor: net, taxMinor: 0 };
  if (settings.taxInclusive) {
    const base = Math.floor((net * 10_000 + Math.floor((10_000 + rate) / 2)) / (10_000 + rate));
    return { lines: [...lines], totalMinor: net, taxMinor: net - base };
  }
  const taxMinor = Math.floor((net * rate + 5_000) / 10_000);
  const percent = (rate / 100).toString();
  return {
    lines: [
      ...lines,
      { kind: "tax", label_en: `${settings.taxName} ${percent}%`, label_ar: `${taxNameIn(settings, "ar")} ${percent}%`, amountMinor: taxMinor },
    ],
    totalMinor: net + taxMinor,
    taxMinor,
  };
}
