import { z } from "zod";
import { bookingAgeField } from "~/features/booking/booking.schema";
import { httpUrlField, v } from "~/lib/validation";
import { MAX_RECORD_ID } from "~/lib/record-id";

const id = z.number({ error: v.required }).int(v.invalid).positive(v.invalid).max(MAX_RECORD_ID, v.invalid);
const isoDate = z.iso.date({ error: v.date });
const clockTime = z.string({ error: v.required }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, v.time);
/** A wall-clock moment in the academy's zone, as <input type="datetime-local"> sends it. */
const localMoment = z.string({ error: v.date }).regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, v.date);
const age = z.number({ error: v.required }).int(v.invalid).min(1, v.invalid).max(99, v.invalid);

/** Most meetings one section may have (two years of a weekly class, more than any term). */
export const MAX_MEETINGS = 104;
/** Most closure dates one section may list. */
export const MAX_CLOSURES = 60;

/**
 * Staff: a section of a course (issue 29). Omitted meetings and ages default to the course's; an
 * omitted opening means open now, an omitted closing means until the first meeting starts.
 */
export const sectionSchema = z
  .object({
    courseId: id,
    teacherId: id.nullable().optional().default(null),
    weekdays: z
      .array(z.number({ error: v.choice }).int(v.choice).min(0, v.choice).max(6, v.choice), { error: v.choice })
      .min(1, v.choice)
      .max(7, v.invalid)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    startTime: clockTime,
    durationMinutes: z.number({ error: v.required }).int(v.invalid).min(15, v.invalid).max(480, v.invalid),
    firstDate: isoDate,
    meetings: z.number({ error: v.invalid }).int(v.invalid).min(1, v.invalid).max(MAX_MEETINGS, v.invalid).nullable().optional().default(null),
    closures: z
      .array(isoDate, { error: v.date })
      .max(MAX_CLOSURES, v.tooLong)
      .optional()
      .default([])
      .transform((dates) => [...new Set(dates)].sort()),
    mode: z.enum(["academy", "online"], { error: v.choice }).optional().default("academy"),
    meetingUrl: httpUrlField(500).optional().default(""),
    capacity: z.number({ error: v.required }).int(v.invalid).min(1, v.invalid).max(500, v.invalid),
    minAge: age.nullable().optional().default(null),
    maxAge: age.nullable().optional().default(null),
    language: z.enum(["en", "ar"], { error: v.choice }).optional().default("en"),
    registrationOpensAt: localMoment.nullable().optional().default(null),
    registrationClosesAt: localMoment.nullable().optional().default(null),
  })
  .refine((s) => s.mode !== "online" || s.meetingUrl !== "", { path: ["meetingUrl"], message: v.required })
  .refine((s) => s.minAge === null || s.maxAge === null || s.maxAge >= s.minAge, { path: ["maxAge"], message: "ageRange" })
  .refine((s) => s.registrationOpensAt === null || s.registrationClosesAt === null || s.registrationClosesAt > s.registrationOpensAt, {
    path: ["registrationClosesAt"],
    message: v.date,
  });
export type SectionInput = z.output<typeof sectionSchema>;

/** Staff: open a closed section again, or close it to new enrolments. */
export const sectionStatusSchema = z.object({ status: z.enum(["open", "closed"], { error: v.choice }) });

/** Staff: cancel a section (every enrolment ends; each family is e-mailed). */
export const sectionCancelSchema = z.object({ confirm: z.literal(true, { error: v.required }) });

/** A group's path id: the shared record-id rule. */
export { idParams as sectionParams } from "~/lib/record-id";

/** A child's enrolment: the demo booking's fields without the slot (the section is in the path). */
export const enrolmentFields = {
  childAge: bookingAgeField,
  childId: id.nullable().optional().default(null),
  /** The demo follow-up link's token (`?demo=`, decision 069), carried by the course page's form; checked by the endpoint. */
  demo: z
    .string()
    .max(200, v.invalid)
    .regex(/^[\w.-]*$/, v.invalid)
    .optional()
    .default(""),
  /** A promo code typed on the form (issue 31 part 5): used in the enrolment's own transaction, checked there. */
  promoCode: z.string({ error: v.invalid }).max(64, v.tooLong).optional().default(""),
};
