import { z } from "zod";
import { optionalText, v } from "~/lib/validation";

/** The alt texts of a library image, in both languages ("" when none: the image is then decorative). */
export const mediaAltSchema = z.object({
  altEn: optionalText(300),
  altAr: optionalText(300),
});

/** A file as either transport received it: its bytes, its declared type and name. */
export const receivedFile = z.object({ bytes: z.instanceof(Uint8Array), type: z.string(), name: z.string() });

/** An upload to the library: the image (missing: "choose a file", after the alt texts) and its alt texts. */
export const mediaUploadSchema = mediaAltSchema.extend({ file: receivedFile.optional() });

/** A change of alt text: either language or both (one left out keeps its text). */
export const mediaAltChangeSchema = z
  .object({
    altEn: z.string({ error: v.invalid }).trim().max(300, v.tooLong).optional(),
    altAr: z.string({ error: v.invalid }).trim().max(300, v.tooLong).optional(),
  })
  .refine((change) => change.altEn !== undefined || change.altAr !== undefined, { message: v.required, path: ["altEn"] });

/** One library image as the API answers and the screens show it. */
export interface MediaItem {
  id: number;
  url: string;
  width: number | null;
  height: number | null;
  altEn: string;
  altAr: string;
  uploadedBy: string | null;
  createdAt: string;
  /** The content that shows it (deleting it is refused while there is any). */
  usedBy: MediaUse[];
}

/** A record that shows a library image: its kind (an audit entity name), id, name, and its editor. */
export interface MediaUse {
  kind: "blog_post" | "course" | "teacher" | "product" | "camp" | "testimonial" | "settings";
  id: number | string;
  name: string;
  /** The staff page where it can be replaced (unprefixed path), when there is one. */
  editPath: string | null;
}

/** `?w=320`: which stored width of a private photo (portfolio, pickup) to send; the nearest one is chosen. */
export const photoWidthQuery = z.object({
  w: z
    .string()
    .regex(/^\d{1,4}$/)
    .transform(Number)
    .optional(),
});
