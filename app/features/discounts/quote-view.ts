import type { Lang } from "~/i18n/lang";
import { formatMoney } from "./money";
import type { PriceLine } from "./price-lines";

/** A quote as a page shows it: each line's label in the page's language and every amount in words. */
export interface QuoteView {
  lines: { kind: PriceLine["kind"]; label: string; amount: string }[];
  total: string;
  /** The code that gave a discount (normalised), for the "applied" note. */
  code: string | null;
}

/** The page's view of a quote (priceQuote's result, or the quote endpoint's answer). */
export function quoteView(quote: { currency: string; lines: PriceLine[]; totalMinor: number; promo?: { code: string } | null }, lang: Lang): QuoteView {
  return {
    lines: quote.lines.map((line) => ({ kind: line.kind, label: lang === "ar" ? line.label_ar : line.label_en, amount: formatMoney(line.amountMinor, quote.currency, lang) })),
    total: formatMoney(quote.totalMinor, quote.currency, lang),
    code: quote.promo?.code ?? null,
  };
}

/** A quote view carried back in a form's state (the "Apply code" post), or undefined. */
export const servedQuote = (state: unknown): QuoteView | undefined => {
  const quote = (state as { quote?: QuoteView } | null)?.quote;
  return quote && Array.isArray(quote.lines) ? quote : undefined;
};
