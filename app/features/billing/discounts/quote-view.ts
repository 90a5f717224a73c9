import type { Lang } from "~/i18n/lang";
import { formatMoney } from "~/lib/money";
import type { PriceLine } from "./price-lines";
import type { QuoteTax } from "./quote.server";

/** A quote as a page shows it: each line's label in the page's language and every amount in words. */
export interface QuoteView {
  lines: { kind: PriceLine["kind"]; label: string; amount: string }[];
  /** The total to pay, tax included (the invoice's total). */
  total: string;
  /** Tax inside the total (prices inclusive): shown under it; exclusive tax is a line above it. */
  taxIncluded: { label: string; amount: string } | null;
  /** The code that gave a discount (normalised), for the "applied" note. */
  code: string | null;
}

/** The page's view of a quote (priceQuote's result, or the quote endpoint's answer). */
export function quoteView(
  quote: { currency: string; lines: PriceLine[]; tax?: QuoteTax | null; totalMinor: number; promo?: { code: string } | null },
  lang: Lang,
): QuoteView {
  const money = (minor: number) => formatMoney(minor, quote.currency, lang);
  const lines = quote.lines.map((line) => ({ kind: line.kind, label: lang === "ar" ? line.label_ar : line.label_en, amount: money(line.amountMinor) }));
  const tax = quote.tax ?? null;
  const taxLabel = tax ? (lang === "ar" ? tax.label_ar : tax.label_en) : "";
  if (tax && !tax.inclusive) lines.push({ kind: "tax", label: taxLabel, amount: money(tax.amountMinor) });
  return {
    lines,
    total: money(quote.totalMinor),
    taxIncluded: tax?.inclusive ? { label: taxLabel, amount: money(tax.amountMinor) } : null,
    code: quote.promo?.code ?? null,
  };
}

/** A quote view carried back in a form's state (the "Apply code" post), or undefined. */
export const servedQuote = (state: unknown): QuoteView | undefined => {
  const quote = (state as { quote?: QuoteView } | null)?.quote;
  return quote && Array.isArray(quote.lines) ? quote : undefined;
};
