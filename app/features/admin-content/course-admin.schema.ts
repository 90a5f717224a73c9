import { z } from "zod";
import { optionalText, requiredText, v } from "~/lib/validation";
import { contentBlocksField, imageUrlField } from "./content-blocks.schema";
import { slugField } from "./slug";
import { CURRENCY_CODES, fitsCurrency } from "~/lib/money";

const whole = (min: number, max: number) => z.number({ error: v.required }).int(v.invalid).min(min, v.invalid).max(max, v.tooLong);
const amount = (min: number, max: number) => z.number({ error: v.required }).min(min, v.invalid).max(max, v.tooLong);

/** One FAQ, asked and answered in English and (optionally) Arabic. */
const faqSchema = z.object({
  questionEn: requiredText(300),
  answerEn: requiredText(2000),
  questionAr: optionalText(300),
  answerAr: optionalText(2000),
});

/**
 * Every field of a course (specification section 3 and the original's editor). `price` is what a
 * family pays; with `discounted`, `originalPrice` is the higher price shown struck through.
 */
export const courseSchema = z
  .object({
    key: z
      .string({ error: v.required })
      .trim()
      .min(1, v.required)
      .max(60, v.tooLong)
      .regex(/^[a-z0-9]+(?:_[a-z0-9]+)*$/, "courseKey"),
    slug: slugField,
    nameEn: requiredText(150),
    nameAr: optionalText(150),
    descriptionEn: requiredText(1000),
    descriptionAr: optionalText(1000),
    sessions: whole(1, 1000),
    minAge: whole(1, 99),
    maxAge: whole(1, 99),
    // Major units of the course's currency, with up to its decimals (KWD 12.345, USD 49.9, JPY 4999): checked below.
    price: amount(0, 10_000_000),
    // Optional so clients that predate it keep saving: a new course then takes the defaultCurrency setting, a saved one keeps its own (decision 101).
    currency: z.enum(CURRENCY_CODES, { error: v.choice }).optional(),
    discounted: z.boolean({ error: v.invalid }).optional().default(false),
    originalPrice: amount(0, 10_000_000).nullable().optional().default(null),
    instructor: requiredText(120),
    rating: whole(0, 5).nullable().optional().default(null),
    imageUrl: imageUrlField,
    contentEn: contentBlocksField,
    contentAr: contentBlocksField,
    faqs: z.array(faqSchema, { error: v.invalid }).max(50, v.tooLong).optional().default([]),
    metaTitle: optionalText(200),
    metaDescription: optionalText(400),
    metaKeywords: optionalText(400),
  })
  .superRefine((course, ctx) => {
    if (course.maxAge < course.minAge) ctx.addIssue({ code: "custom", path: ["maxAge"], message: "ageRange" });
    // Decimals as the currency has them (app/lib/money.ts, the one rule). A client that names no
    // currency (one that predates it) sends whole units, as it always did.
    for (const field of ["price", "originalPrice"] as const) {
      const value = course[field];
      if (value !== null && value !== undefined && !(course.currency ? fitsCurrency(value, course.currency) : Number.isInteger(value))) {
        ctx.addIssue({ code: "custom", path: [field], message: "priceDecimals" });
      }
    }
    if (course.discounted && (course.originalPrice === null || course.originalPrice <= course.price)) {
      ctx.addIssue({ code: "custom", path: ["originalPrice"], message: "originalPrice" });
    }
  });

export type CourseInput = z.input<typeof courseSchema>;
export type CourseValues = z.output<typeof courseSchema>;
