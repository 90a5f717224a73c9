import { z } from "zod";
import { optionalText, requiredText, v } from "~/lib/validation";
import { postedRecordId } from "~/lib/record-id";
import { receivedFile } from "~/features/media/media.schema";

/** Most photos one project holds, and children one photo names (a group's roster is at most 60 on one photo). */
export const MAX_PHOTOS = 6;
export const MAX_IN_PHOTO = 60;

/** A link to the child's work: http or https only (never javascript: or data:), or "" for none. */
export const projectLink = z
  .string({ error: v.invalid })
  .trim()
  .max(500, v.tooLong)
  .refine((value) => {
    if (value === "") return true;
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, v.invalid)
  .optional()
  .default("");

/** The children in a photo: one enrolment id or a list (a form's ticked boxes), each of the group's roster. */
const inPhoto = z
  .union([postedRecordId.transform((id) => [id]), z.array(postedRecordId, { error: v.invalid }).max(MAX_IN_PHOTO, v.tooLong)], { error: v.invalid })
  .optional()
  .default([]);

/** A project's own words: a title, a note, a link. */
const projectText = { title: requiredText(120), note: optionalText(1000), link: projectLink };

/**
 * POST /api/teaching/sections/:id/portfolio (multipart): a new project for a child of the group's
 * roster (`enrolmentId`, a title) with its first photo, or (with `projectId`) one more photo for a
 * project of the group. `inPhoto` names who is in the photo (enrolments of the group).
 */
export const teachingProjectSchema = z
  .object({
    projectId: postedRecordId.optional(),
    enrolmentId: postedRecordId.optional(),
    title: z.string({ error: v.invalid }).trim().max(120, v.tooLong).optional().default(""),
    note: projectText.note,
    link: projectText.link,
    inPhoto,
    file: receivedFile.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.projectId !== undefined) return;
    if (value.enrolmentId === undefined) ctx.addIssue({ code: "custom", message: v.required, path: ["enrolmentId"] });
    if (value.title === "") ctx.addIssue({ code: "custom", message: v.required, path: ["title"] });
  });
export type TeachingProjectInput = z.output<typeof teachingProjectSchema>;

/** POST /api/account/portfolio (multipart, when staff allow it): a project for one of the family's own children, one photo of that child. */
export const familyProjectSchema = z.object({ enrolmentId: postedRecordId, ...projectText, file: receivedFile.optional() });
export type FamilyProjectInput = z.output<typeof familyProjectSchema>;

/** POST /api/account/portfolio/:id: the family shows the project on the public site, or stops. */
export const projectShownSchema = z.object({ public: z.boolean({ error: v.invalid }) });
