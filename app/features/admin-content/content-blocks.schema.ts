import { z } from "zod";
import { safeUrl } from "~/lib/safe-url";
import { optionalText, requiredText, v } from "~/lib/validation";

/** An image address staff may store: an upload (/uploads/...), a site image or an http(s) URL. */
export const imageUrlField = z
  .string({ error: v.required })
  .trim()
  .min(1, v.required)
  .max(2000, v.tooLong)
  .refine((value) => safeUrl(value) !== undefined, v.invalid);

export const optionalImageUrlField = z
  .string({ error: v.invalid })
  .trim()
  .max(2000, v.tooLong)
  .refine((value) => value === "" || safeUrl(value) !== undefined, v.invalid)
  .optional()
  .default("");

/** Code keeps its indentation (no trim), but must not be blank. */
const codeText = z
  .string({ error: v.required })
  .max(20000, v.tooLong)
  .refine((value) => value.trim() !== "", v.required);

/** One item per line in the editor; blank lines are dropped. */
const listItems = z
  .array(z.string({ error: v.invalid }).max(1000, v.tooLong), { error: v.invalid })
  .max(300, v.tooLong)
  .transform((items) => items.map((item) => item.trim()).filter((item) => item !== ""))
  .refine((items) => items.length > 0, v.required);

/** The six block types of specification section 3, as the editor sends them. */
export const contentBlockSchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("heading"),
      value: requiredText(300),
      level: z.number({ error: v.invalid }).int(v.invalid).min(1, v.invalid).max(6, v.invalid),
    }),
    z.object({ type: z.literal("paragraph"), value: requiredText(20000) }),
    z.object({ type: z.literal("image"), value: imageUrlField, alt: optionalText(300) }),
    z.object({ type: z.literal("list"), items: listItems }),
    z.object({ type: z.literal("quote"), value: requiredText(5000) }),
    z.object({ type: z.literal("code"), value: codeText }),
  ],
  { error: v.invalid },
);

export const contentBlocksField = z.array(contentBlockSchema, { error: v.invalid }).max(200, v.tooLong).optional().default([]);

export type ContentBlockInput = z.input<typeof contentBlockSchema>;
export type BlockType = ContentBlockInput["type"];
export const BLOCK_TYPES: readonly BlockType[] = ["heading", "paragraph", "image", "list", "quote", "code"];

/** A new, empty block of a type, as the editor adds it. */
export function emptyBlock(type: BlockType): ContentBlockInput {
  switch (type) {
    case "heading":
      return { type, value: "", level: 2 };
    case "image":
      return { type, value: "", alt: "" };
    case "list":
      return { type, items: [""] };
    default:
      return { type, value: "" };
  }
}
