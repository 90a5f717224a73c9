import { z } from "zod";
import { languages } from "~/i18n/lang";
import { v } from "~/lib/validation";

const positiveWhole = (max: number) => z.coerce.number({ error: v.invalid }).int(v.invalid).min(1, v.invalid).max(max, v.tooLong);

/** Query of GET /api/blogs: optional page (1-based) and page size, optional language. */
export const blogListQuerySchema = z.object({
  page: positiveWhole(100_000).optional(),
  limit: positiveWhole(50).optional(),
  lang: z.enum(languages, { error: v.choice }).optional(),
});
