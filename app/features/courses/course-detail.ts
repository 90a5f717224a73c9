import type { Course } from "./course";

export interface CourseFaq {
  question: string;
  answer: string;
}

/** What the course page shows: the card fields plus content, FAQs and the discount. */
export interface CourseDetail extends Course {
  /** Stored content blocks, rendered by the blog's ContentBlocks (unknown types are skipped). */
  blocks: unknown[];
  faqs: CourseFaq[];
  /** The struck-through price when the course is discounted. */
  originalPrice: number | null;
  metaTitle: string;
  metaDescription: string;
}
