import type { Lang } from "~/i18n/lang";

/**
 * Money (decision 101): integer minor units with their ISO 4217 currency, upper case. The one table
 * of the currencies the academy can price in and their exponents (decimals): minor units per major
 * are 10^exponent, never a written 100. Adding a currency here also needs the CHECK constraints'
 * list widened by a migration (server/db/migrations/2026-12-01-00-currencies.ts).
 */
export const CURRENCIES = {
  INR: 2,
  USD: 2,
  AED: 2,
  SAR: 2,
  QAR: 2,
  KWD: 3,
  BHD: 3,
  OMR: 3,
  JPY: 0,
} as const satisfies Record<string, 0 | 2 | 3>;

export type CurrencyCode = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as CurrencyCode[];

export interface Money {
  amountMinor: number;
  currency: CurrencyCode;
}

export const isCurrencyCode = (value: unknown): value is CurrencyCode => typeof value === "string" && Object.hasOwn(CURRENCIES, value);

/** A stored or provider code ("usd", "KWD") as ours; throws on one we do not price in (a row the CHECK would refuse). */
export function currencyCode(value: string): CurrencyCode {
  const code = value.toUpperCase();
  if (!isCurrencyCode(code)) throw new Error(`unknown currency ${JSON.stringify(value)}`);
  return code;
}

export const exponentOf = (currency: string): number => CURRENCIES[currencyCode(currency)];
export const minorPerMajor = (currency: string): number => 10 ** exponentOf(currency);

/**
 * Whether a major-unit amount (a catalogue price as staff type it) has at most the currency's
 * decimals: 12.345 is a KWD price, not a USD one; 12.5 is no JPY price. The one rule for the admin
 * price fields (issue 38 part 2); a float's noise below a thousandth of a minor unit is ignored.
 */
export function fitsCurrency(major: number, currency: string): boolean {
  if (!Number.isFinite(major)) return false;
  const scaled = major * minorPerMajor(currency);
  return Math.abs(scaled - Math.round(scaled)) < 1e-3;
}

/** A stored catalogue price (courses.price, camps.price: major units, a course's up to its currency's decimals) in minor units. */
export const toMinor = (major: number, currency: string): number => Math.round(major * minorPerMajor(currency));

/**
 * "12.50", "12" or "12.345" (major units as typed on a staff form, "." or ",") → minor units, or null
 * when it is not such a number or has more decimals than the currency.
 */
export function parseMajor(text: string, currency: string): number | null {
  const digits = exponentOf(currency);
  const match = /^\s*(\d{1,9})(?:[.,](\d+))?\s*$/.exec(text);
  if (!match || (match[2] ?? "").length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? "").padEnd(digits, "0") || "0");
}

/**
 * Minor units as exact decimal text with every decimal of the currency: 123456 KWD → "123.456",
 * -5 USD → "-0.05", 1200 JPY → "1200". Integer arithmetic only (the accountant's CSV, PDFs).
 */
export function decimalString(amountMinor: number, currency: string): string {
  const digits = exponentOf(currency);
  const sign = amountMinor < 0 ? "-" : "";
  const abs = String(Math.abs(Math.trunc(amountMinor)));
  if (digits === 0) return sign + abs;
  const padded = abs.padStart(digits + 1, "0");
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/** Minor units as a major-unit text for a staff form field: "12.50", "12" (whole: no decimals), "12.500". */
export function majorText(amountMinor: number, currency: string): string {
  const digits = exponentOf(currency);
  return amountMinor % 10 ** digits === 0 ? String(amountMinor / 10 ** digits) : decimalString(amountMinor, currency);
}

/**
 * Decimals shown: a 3-decimal currency always shows its fils/baisa ("KWD 45.000", as prices are
 * written in the Gulf); a 2-decimal one only when the amount has cents ("$4,999", "$999.20").
 */
const shownDigits = (amountMinor: number, currency: CurrencyCode): number => {
  const digits = CURRENCIES[currency];
  if (digits === 3) return 3;
  return amountMinor % 10 ** digits === 0 ? 0 : digits;
};

const localeOf = (currency: CurrencyCode, lang: Lang) => (lang === "ar" ? "ar-u-nu-latn" : currency === "INR" ? "en-IN" : "en-US");

/**
 * The one money formatter (decision 101): an amount in minor units in the page's language, Western
 * digits in Arabic ("ar-u-nu-latn"), Indian grouping for rupees in English, always isolated left to
 * right (U+2066 … U+2069, decision 112): "⁦$4,999⁩", "⁦-$999.20⁩", "⁦₹8,999⁩", "⁦KWD 12.345⁩",
 * "⁦4,996 US$⁩" in Arabic. Intl's own right-to-left mark is dropped: it only isolated the amount when
 * the text around it was wrapped too, and the trailing "$" of "US$" then took the Arabic paragraph's
 * direction ("$US 4,996" on the course facts and invoices, review 2026-11-28). `code`: "4,999.00 USD"
 * with every decimal and no isolate (the PDFs, whose font has no currency signs nor controls).
 * On a page, the Money component (app/ui/Money.tsx) shows plainMoney in `<bdi dir="ltr">`.
 */
export function formatMoney(amountMinor: number, currency: string, lang: Lang, options: { display?: "symbol" | "code" } = {}): string {
  const code = currencyCode(currency);
  if (options.display === "code") {
    const digits = CURRENCIES[code];
    const number = new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
      Math.abs(amountMinor / 10 ** digits),
    );
    return `${amountMinor < 0 ? "-" : ""}${number} ${code}`;
  }
  return `\u2066${plainMoney(amountMinor, code, lang)}\u2069`;
}

/** The amount formatMoney isolates, without the isolate nor Intl's direction marks: only for an element that isolates it (`<bdi dir="ltr">`). */
export function plainMoney(amountMinor: number, currency: string, lang: Lang): string {
  const code = currencyCode(currency);
  const major = amountMinor / 10 ** CURRENCIES[code];
  const digits = shownDigits(amountMinor, code);
  return new Intl.NumberFormat(localeOf(code, lang), {
    style: "currency",
    currency: code,
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
    .format(major)
    .replace(/[\u061C\u200E\u200F]/g, "");
}

/** formatMoney, by its older name: text for sentences and mail (formatMoney now always isolates). */
export const moneyText = (amountMinor: number, currency: string, lang: Lang): string => formatMoney(amountMinor, currency, lang);

/** A catalogue price (whole major units, courses.price and camps.price) as formatMoney writes it. */
export const formatPrice = (amount: number, currency: string, lang: Lang): string => formatMoney(toMinor(amount, currency), currency, lang);

/** Just the number of a whole-unit price, grouped the same way (the brochure's font has no rupee sign, so it spells the unit). */
export function formatAmount(amount: number, currency: string, lang: Lang): string {
  const code = currencyCode(currency);
  return new Intl.NumberFormat(localeOf(code, lang), { maximumFractionDigits: 0 }).format(amount);
}

/** A currency as a staff select shows it: "KWD — Kuwaiti Dinar" / "KWD — دينار كويتي". */
export function currencyLabel(currency: CurrencyCode, lang: Lang): string {
  const name = new Intl.DisplayNames(lang === "ar" ? "ar-u-nu-latn" : "en-US", { type: "currency" }).of(currency);
  return name && name !== currency ? `${currency} — ${name}` : currency;
}
