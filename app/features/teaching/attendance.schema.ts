import { z } from "zod";
import { optionalText, v } from "~/lib/validation";
import { ATTENDANCE_STATUSES } from "./attendance-forms";
import { MAX_RECORD_ID } from "~/lib/record-id";

/** Most marks one request carries: a whole roster (a group's seats and its make-up guests). */
export const MAX_MARKS = 520;

export const attendanceMarkSchema = z.object({
  enrolmentId: z.number({ error: v.invalid }).int(v.invalid).min(1, v.invalid).max(MAX_RECORD_ID, v.invalid),
  status: z.enum(ATTENDANCE_STATUSES, { error: v.choice }),
  note: optionalText(500),
});

/**
 * POST /api/teaching/meetings/:id/attendance: `allPresent` marks every child not marked yet as
 * present (the quick first step); `marks` sets each named child's mark and note (the exceptions,
 * or the whole roster). At least one of them; a child named twice is refused.
 */
export const attendanceSchema = z
  .object({
    allPresent: z.boolean({ error: v.invalid }).optional(),
    marks: z.array(attendanceMarkSchema, { error: v.invalid }).max(MAX_MARKS, v.tooLong).optional().default([]),
  })
  .refine((value) => value.allPresent === true || value.marks.length > 0, { message: v.required, path: ["marks"] })
  .refine((value) => new Set(value.marks.map((mark) => mark.enrolmentId)).size === value.marks.length, { message: v.invalid, path: ["marks"] });

export type AttendanceInput = z.output<typeof attendanceSchema>;
