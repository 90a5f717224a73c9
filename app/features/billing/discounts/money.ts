/** What is being priced: a course section (its course's price) or a summer camp. */
export type OfferKind = "section" | "camp";

/**
 * `percent` of an amount in minor units, rounded half up to a whole minor unit in integers
 * (no floating point: 4999 × 15 % = 749.85 → 750). Currency-free: a percent of minor units is
 * minor units of the same currency.
 */
export const percentOf = (amountMinor: number, percent: number): number => Math.floor((amountMinor * percent + 50) / 100);
