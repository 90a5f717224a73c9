import transliterate from "@sindresorhus/transliterate";
import { z } from "zod";
import { v } from "~/lib/validation";

/** Lower-case words joined by hyphens, as the public blog and course URLs use. */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A URL slug made from a title: Arabic (and other scripts) written in Latin letters, accents
 * dropped, lower-case, anything else becomes a hyphen. An Arabic-only post gets a readable address
 * ("لماذا الروبوتات" → "lmadha-alrwbwtat") instead of one staff must type.
 */
export function slugify(text: string): string {
  return transliterate(text)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120)
    .replace(/-+$/, "");
}

export const slugField = z.string({ error: v.required }).trim().toLowerCase().min(1, v.required).max(120, v.tooLong).regex(SLUG_PATTERN, "slug");
