import type { Lang } from "~/i18n/lang";
import { formatMinor } from "~/lib/money";

/** The currencies offers are priced in: courses in US dollars, the summer camp in Indian rupees (original-site-facts). */
export const CURRENCIES = ["USD", "INR"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** What is being priced: a course section (its course's price) or a summer camp. */
export type OfferKind = "section" | "camp";

/**
 * The currency of an offer. One small function so the billing branch's per-offer `currency`
 * column replaces it at the join (billing-contract.md).
 */
export const currencyOfOffer = (kind: OfferKind): Currency => (kind === "camp" ? "INR" : "USD");

/** Both currencies have two decimals (cents, paise). */
export const MINOR_PER_MAJOR = 100;

/** A stored whole-unit price (courses.price, camps.price) in minor units. */
export const toMinor = (major: number): number => Math.round(major * MINOR_PER_MAJOR);

/**
 * `percent` of an amount in minor units, rounded half up to a whole minor unit in integers
 * (no floating point: 4999 × 15 % = 749.85 → 750).
 */
export const percentOf = (amountMinor: number, percent: number): number => Math.floor((amountMinor * percent + 50) / 100);

/** "12.50" or "12" (major units as typed on a staff form) → minor units, or null when it is not such a number. */
export function parseMajor(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * MINOR_PER_MAJOR + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Minor units as a major-unit text for a staff form field: 1250 → "12.50", 1200 → "12". */
export const majorText = (minor: number): string => (minor % MINOR_PER_MAJOR === 0 ? String(minor / MINOR_PER_MAJOR) : (minor / MINOR_PER_MAJOR).toFixed(2));

/** An amount for people, as the site writes prices (app/lib/money.ts): "$4,999", "-$999.20", "₹8,999"; a discount keeps its minus sign. */
export const formatMoney = (amountMinor: number, currency: string, lang: Lang): string => formatMinor(amountMinor, currency === "INR" ? "INR" : "USD", lang);
