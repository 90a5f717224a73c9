import { z } from "zod";
import { optionalText, requiredText, v } from "~/lib/validation";
import { imageUrlField } from "./content-blocks.schema";

export const productSchema = z.object({
  nameEn: requiredText(150),
  nameAr: optionalText(150),
  descriptionEn: requiredText(1000),
  descriptionAr: optionalText(1000),
  price: z.number({ error: v.required }).int(v.invalid).min(0, v.invalid).max(10_000_000, v.tooLong),
  imageUrl: imageUrlField,
  /** Position in the public list, smallest first. */
  sort: z.number({ error: v.required }).int(v.invalid).min(0, v.invalid).max(100_000, v.tooLong),
});

export type ProductInput = z.input<typeof productSchema>;
export type ProductValues = z.output<typeof productSchema>;
