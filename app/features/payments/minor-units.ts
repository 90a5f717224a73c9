import type { Lang } from "~/i18n/lang";

/** Minor units per major unit of the currencies fees are in (both have two decimals). */
const DIGITS: Record<string, number> = { usd: 2, inr: 2 };

/** An amount in integer minor units as money in the page's language (Western digits in Arabic). */
export function formatMinor(amountMinor: number, currency: string, lang: Lang): string {
  const code = currency.toLowerCase();
  const digits = DIGITS[code] ?? 2;
  const locale = lang === "ar" ? "ar-u-nu-latn" : code === "inr" ? "en-IN" : "en-US";
  const whole = amountMinor % 10 ** digits === 0;
  return new Intl.NumberFormat(locale, { style: "currency", currency: code.toUpperCase(), currencyDisplay: "narrowSymbol", minimumFractionDigits: whole ? 0 : digits, maximumFractionDigits: digits }).format(amountMinor / 10 ** digits);
}
