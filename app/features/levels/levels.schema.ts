import { z } from "zod";
import { requiredText, v } from "~/lib/validation";
import { MAX_RECORD_ID } from "~/lib/record-id";

export const SKILL_STATUSES = ["not_started", "working", "achieved"] as const;

/** Most marks one request carries: a group's children times a level's skills, bounded. */
export const MAX_MARKS = 2000;

const id = z.number({ error: v.invalid }).int(v.invalid).min(1, v.invalid).max(MAX_RECORD_ID, v.invalid);

/** A level of a course's ladder: its names and, optionally, the group teaching it now. */
export const levelSchema = z.object({
  nameEn: requiredText(120),
  nameAr: requiredText(120),
  sectionId: id.nullable().optional().default(null),
});

/** A level changed: names, group and its place on the ladder (1 = first). */
export const levelUpdateSchema = levelSchema.extend({
  position: z.number({ error: v.invalid }).int(v.invalid).min(1, v.invalid).max(1000, v.invalid),
});

/** An observable skill of a level, in both languages. */
export const skillSchema = z.object({ nameEn: requiredText(200), nameAr: requiredText(200) });

/** POST /api/teaching/sections/:id/skills: each child's skill marks (a child and skill named once). */
export const skillMarksSchema = z
  .object({
    marks: z
      .array(z.object({ enrolmentId: id, skillId: id, status: z.enum(SKILL_STATUSES, { error: v.choice }) }), { error: v.invalid })
      .min(1, v.required)
      .max(MAX_MARKS, v.tooLong),
  })
  .refine((value) => new Set(value.marks.map((mark) => `${mark.enrolmentId}:${mark.skillId}`)).size === value.marks.length, {
    message: v.invalid,
    path: ["marks"],
  });
