import type { Lang } from "~/i18n/lang";
/** A course as the API and the pages see it (specification section 3). */
export interface Course {
  _id: string;
  key: string;
  slug: string;
  courseName: string;
  courseDescription: string;
  courseDuration: number;
  coursePrice: number;
  /** ISO 4217 code of coursePrice (whole units; decision 101). */
  currency: string;
  instructorName: string;
  courseImage: string;
  courseRating?: number;
  ageGroup: { min: number; max: number };
  /** The language of the name and description: English on an Arabic page when no Arabic was entered. */
  lang: Lang;
}

/** Months shown on a card: one month per 20 sessions, rounded up. */
export const courseMonths = (sessions: number): number => Math.ceil(sessions / 20);
