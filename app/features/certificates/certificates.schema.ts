import { z } from "zod";
import { v } from "~/lib/validation";
import { MAX_RECORD_ID } from "~/lib/record-id";

/** Path ids (a group, a certificate): digits only, else 404. */
/** A certificate's (or a group's) path id: the shared record-id rule. */
export { idParams } from "~/lib/record-id";

/** A threshold asked in a query string (the rates lists say who qualifies under it). */
export const thresholdQuery = z
  .string()
  .regex(/^\d{1,3}$/)
  .transform(Number)
  .pipe(z.number().max(100))
  .optional();

/** The attendance threshold a page starts with. */
export const DEFAULT_THRESHOLD = 80;

/** Issue certificates in a group: to every qualifying child, or to the one enrolment named. */
export const issueSchema = z.object({
  threshold: z.number({ error: v.required }).int(v.invalid).min(0, v.invalid).max(100, v.invalid),
  language: z.enum(["family", "en", "ar"], { error: v.choice }).optional().default("family"),
  enrolmentId: z.number({ error: v.invalid }).int(v.invalid).positive(v.invalid).max(MAX_RECORD_ID, v.invalid).optional(),
});

/** Revoke a certificate: the reason is kept and shown to staff (not on the public page). */
export const revokeSchema = z.object({ reason: z.string({ error: v.required }).trim().min(1, v.required).min(3, v.tooShort).max(300, v.tooLong) });

/** A code as typed in a URL (normalised by normalizeCode). */
export const codeParams = z.object({ code: z.string().max(40) });

/** A camp period's `session`: one of its batches as the enrolments store it, e.g. "1 July - 20th July". */
const session = z.string({ error: v.required }).trim().min(1, v.required).max(100, v.tooLong);

/** GET the rates of a camp period (query strings: the camp's id in digits). */
export const campRatesQuery = z.object({
  camp: z
    .string({ error: v.required })
    .regex(/^\d{1,9}$/, v.invalid)
    .transform(Number),
  session,
  threshold: thresholdQuery,
});

/** Issue certificates in a camp period: to every qualifying child, or to the one camp enrolment named. */
export const campIssueSchema = issueSchema.extend({
  camp: z.number({ error: v.invalid }).int(v.invalid).positive(v.invalid).max(MAX_RECORD_ID, v.invalid),
  session,
});
