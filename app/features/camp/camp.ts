/** A summer camp as the pages and the brochure see it, in one language. */
export interface Camp {
  id: number;
  slug: string;
  title: string;
  grades: string;
  duration: string;
  price: number;
  /** ISO 4217 code of price and oldPrice (whole units; decision 101). */
  currency: string;
  oldPrice: number;
  /** Percent off the old price. */
  discount: number;
  features: string[];
  /** `value` is what an enrolment stores (e.g. "1 July - 20th July"); `label` is for reading. */
  batches: { value: string; label: string }[];
  curriculum: { session: number; topic: string; activities: string; outcome: string }[];
}

/** A camp date (ISO yyyy-mm-dd) the way each language writes it: "1 July 2025", "1 يوليو 2025". */
export function formatCampDate(isoDate: string, lang: "en" | "ar"): string {
  return new Intl.DateTimeFormat(lang === "ar" ? "ar-u-nu-latn" : "en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/** The season's year from its start date (ISO yyyy-mm-dd), written the way formatCampDate writes years. */
export function formatCampYear(isoDate: string, lang: "en" | "ar"): string {
  return new Intl.DateTimeFormat(lang === "ar" ? "ar-u-nu-latn" : "en-GB", { year: "numeric", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));
}
