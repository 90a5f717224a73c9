import { z } from "zod";
import { v } from "./validation";

/** The largest record id: PostgreSQL's `serial` ids are 32-bit signed (server/db/portable.ts withId), so no id passes beyond it. */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record's id as a path carries it: 1 to 10 digits, a positive 32-bit integer. The one id rule
 * of the JSON routes (an endpoint's `params`) and of the staff pages (idOr404Page).
 */
export const recordId = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_RECORD_ID));

/** The params of a route with one `:id`: `/api/admin/media/:id`. */
export const idParams = z.object({ id: recordId });

/** The id, or null when the value is not one. */
export function parseRecordId(value: unknown): number | null {
  const parsed = recordId.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A record id as a form or a multipart body posts it (text of digits) or as JSON (a number), with the form's messages. */
export const postedRecordId = z
  .union(
    [
      z.number({ error: v.invalid }),
      z
        .string({ error: v.invalid })
        .trim()
        .regex(/^\d{1,10}$/, v.invalid)
        .transform(Number),
    ],
    { error: v.invalid },
  )
  .pipe(z.number({ error: v.invalid }).int(v.invalid).min(1, v.invalid).max(MAX_RECORD_ID, v.invalid));
