import { z } from "zod";
import { v } from "~/lib/validation";
import { submissionStatuses } from "./submission-kinds";

/** What staff change on a submission: its follow-up status and internal notes (either or both). */
export const submissionUpdateSchema = z
  .object({
    status: z.enum(submissionStatuses, { error: v.choice }).optional(),
    // A NUL character cannot be stored in PostgreSQL text.
    notes: z
      .string({ error: v.invalid })
      .max(5000, v.tooLong)
      .refine((text) => !text.includes("\u0000"), v.invalid)
      .optional(),
  })
  .refine((value) => value.status !== undefined || value.notes !== undefined, { message: v.required, path: ["status"] });

export type SubmissionUpdate = z.output<typeof submissionUpdateSchema>;
