import { z } from "zod";
import { optionalText, requiredText, v } from "~/lib/validation";
import { contentBlocksField, optionalImageUrlField } from "./content-blocks.schema";
import { slugField } from "./slug";

/** A calendar date, YYYY-MM-DD, that exists. */
const dateField = z
  .string({ error: v.required })
  .trim()
  .min(1, v.required)
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    v.date,
  );

const languageFields = (suffix: "En" | "Ar") =>
  ({
    [`title${suffix}`]: optionalText(200),
    [`description${suffix}`]: optionalText(1000),
    [`category${suffix}`]: optionalText(80),
    [`metaTitle${suffix}`]: optionalText(200),
    [`metaDescription${suffix}`]: optionalText(400),
    [`metaKeywords${suffix}`]: optionalText(400),
    [`content${suffix}`]: contentBlocksField,
  }) as {
    [
      K in
        | `title${typeof suffix}`
        | `description${typeof suffix}`
        | `category${typeof suffix}`
        | `metaTitle${typeof suffix}`
        | `metaDescription${typeof suffix}`
        | `metaKeywords${typeof suffix}`
    ]: ReturnType<typeof optionalText>;
  } & { [K in `content${typeof suffix}`]: typeof contentBlocksField };

/**
 * A blog post as the editor sends it: shared fields plus an English and an Arabic version.
 * A post needs a title (and a description for its card) in at least one language.
 */
export const blogPostSchema = z
  .object({
    slug: slugField,
    status: z.enum(["draft", "published"], { error: v.choice }),
    author: requiredText(120),
    publishDate: dateField,
    imageUrl: optionalImageUrlField,
    ...languageFields("En"),
    ...languageFields("Ar"),
  })
  .superRefine((post, ctx) => {
    if (post.titleEn === "" && post.titleAr === "") ctx.addIssue({ code: "custom", path: ["titleEn"], message: v.required });
    for (const lang of ["En", "Ar"] as const) {
      if (post[`title${lang}`] !== "" && post[`description${lang}`] === "") {
        ctx.addIssue({ code: "custom", path: [`description${lang}`], message: v.required });
      }
    }
  });

export type BlogPostInput = z.input<typeof blogPostSchema>;
export type BlogPostValues = z.output<typeof blogPostSchema>;
