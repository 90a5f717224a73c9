import { z } from "zod";
import { optionalText, v } from "~/lib/validation";
import { MAX_RECORD_ID } from "~/lib/record-id";

/** Most characters of the instructor's comment and of the next step (a paragraph each, on one page). */
export const MAX_NOTE = 1200;

const id = z.number({ error: v.invalid }).int(v.invalid).min(1, v.invalid).max(MAX_RECORD_ID, v.invalid);

/** POST /api/teaching/sections/:id/progress-reports/notes: each child's comment and next step (a child named once). */
export const reportNotesSchema = z
  .object({
    notes: z
      .array(z.object({ enrolmentId: id, comment: optionalText(MAX_NOTE), nextStep: optionalText(MAX_NOTE) }), { error: v.invalid })
      .min(1, v.required)
      .max(500, v.tooLong),
  })
  .refine((value) => new Set(value.notes.map((note) => note.enrolmentId)).size === value.notes.length, { message: v.invalid, path: ["notes"] });
export type ReportNotes = z.output<typeof reportNotesSchema>["notes"];

/** POST /api/teaching/sections/:id/progress-reports/issue: nothing to say (who may issue when is the server's rule). */
export const issueReportsSchema = z.object({});
