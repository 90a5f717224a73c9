import { z } from "zod";
import { optionalText, requiredText, v } from "~/lib/validation";

/** A parent's or a child's testimonial on the home page, edited in both languages (issue 28). */
export const testimonialSchema = z.object({
  kind: z.enum(["parent", "child"], { error: v.invalid }),
  nameEn: requiredText(120),
  nameAr: optionalText(120),
  /** A child's age (shown on the students' testimonials); empty for a parent. */
  age: z.number({ error: v.invalid }).int(v.invalid).min(3, v.invalid).max(30, v.invalid).nullable(),
  courseEn: requiredText(150),
  courseAr: optionalText(150),
  reviewEn: requiredText(1000),
  reviewAr: optionalText(1000),
  /** Position on the page, smallest first. */
  sort: z.number({ error: v.required }).int(v.invalid).min(0, v.invalid).max(100_000, v.tooLong),
});

export type TestimonialInput = z.input<typeof testimonialSchema>;
export type TestimonialValues = z.output<typeof testimonialSchema>;
