import { z } from "zod";
import { requiredText, v } from "~/lib/validation";

export { CONSENT_KINDS } from "./consent-kinds";
import { CONSENT_KINDS } from "./consent-kinds";
import { MAX_RECORD_ID } from "~/lib/record-id";

/** A form as staff write it: both languages (the Arabic may follow later: it falls back to the English). */
export const consentFormSchema = z.object({
  kind: z.enum(CONSENT_KINDS, { error: v.choice }),
  required: z.boolean({ error: v.invalid }),
  titleEn: requiredText(120),
  titleAr: z.string({ error: v.invalid }).trim().max(120, v.tooLong).default(""),
  bodyEn: requiredText(5000),
  bodyAr: z.string({ error: v.invalid }).trim().max(5000, v.tooLong).default(""),
});
export type ConsentFormInput = z.output<typeof consentFormSchema>;

/** A form's edit: its texts (a new version when they change), whether it is required, whether it is still asked. */
export const consentFormUpdateSchema = consentFormSchema.omit({ kind: true }).extend({ active: z.boolean({ error: v.invalid }) });
export type ConsentFormUpdate = z.output<typeof consentFormUpdateSchema>;

/** A consent form's path id: the shared record-id rule. */
export { idParams as consentFormParams } from "~/lib/record-id";

/** Whose forms are missing: one group, or one camp's batch. */
export const missingQuery = z.union([
  z.object({ section: z.coerce.number({ error: v.invalid }).int().min(1).max(MAX_RECORD_ID) }),
  z.object({ camp: z.coerce.number({ error: v.invalid }).int().min(1).max(MAX_RECORD_ID), session: requiredText(60) }),
]);
export type MissingQuery = z.output<typeof missingQuery>;

const id = z.number({ error: v.invalid }).int(v.invalid).min(1, v.invalid).max(MAX_RECORD_ID, v.invalid);
/** The reminders' JSON body: the same choice as missingQuery, numbers as numbers (a query string's text is coerced, a body's is not). */
export const remindersInput = z.union([z.object({ section: id }), z.object({ camp: id, session: requiredText(60) })]);
