import type { Lang } from "~/i18n/lang";

/**
 * A price in the page's language: "$4,254" / "₹9,999" in English (Indian grouping for rupees),
 * Arabic's own currency format with Western digits (locale "ar-u-nu-latn") in Arabic. Courses are priced in dollars,
 * the summer camp in rupees (specification section 9).
 */
export function formatPrice(amount: number, currency: "USD" | "INR", lang: Lang): string {
  const locale = lang === "ar" ? "ar-u-nu-latn" : currency === "INR" ? "en-IN" : "en-US";
  return new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: "narrowSymbol", maximumFractionDigits: 0 }).format(amount);
}

/** Just the number, grouped the same way (the brochure's font has no rupee sign, so it spells the unit). */
export function formatAmount(amount: number, currency: "USD" | "INR", lang: Lang): string {
  const locale = lang === "ar" ? "ar-u-nu-latn" : currency === "INR" ? "en-IN" : "en-US";
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(amount);
}

/**
 * An amount in minor units (cents, paise) as formatPrice writes prices, with its two decimals only
 * when it has some: "$4,999", "-$999.20", "₹8,999" (issue 31's prices before paying).
 */
export function formatMinor(amountMinor: number, currency: "USD" | "INR", lang: Lang): string {
  const locale = lang === "ar" ? "ar-u-nu-latn" : currency === "INR" ? "en-IN" : "en-US";
  const digits = amountMinor % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: "narrowSymbol", minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amountMinor / 100);
}
