import { z } from "zod";
import { emailField, honeypotField, httpUrlField, phoneCountryField, phoneField, requiredText, v } from "~/lib/validation";
import { ageOutsideCourse, BOOKING_MAX_AGE, BOOKING_MIN_AGE, CHILD_MAX_AGE, CHILD_MIN_AGE } from "./booking-ages";
import { MAX_RECORD_ID } from "~/lib/record-id";

export { ageOutsideCourse, BOOKING_MAX_AGE, BOOKING_MIN_AGE, CHILD_MAX_AGE, CHILD_MIN_AGE };

/** A child's age on a booking or enrolment: a whole number the course check then judges. */
export const bookingAgeField = z.number({ error: v.required }).int("age").min(BOOKING_MIN_AGE, "age").max(BOOKING_MAX_AGE, "age");

const id = z.number({ error: v.required }).int(v.invalid).positive(v.invalid).max(MAX_RECORD_ID, v.invalid);

/** A parent's demo class booking: shared by the booking form and POST /api/demo-bookings. */
export const bookingSchemaFor = (phoneCountry: string) => {
  // Built once per country: building a zod schema costs more than using it (issue 27).
  let schema = bookingSchemas.get(phoneCountry);
  if (!schema) {
    schema = buildBookingSchema(phoneCountry);
    bookingSchemas.set(phoneCountry, schema);
  }
  return schema;
};

const buildBookingSchema = (phoneCountry: string) =>
  z.object({
    slotId: id,
    childName: requiredText(100),
    childAge: bookingAgeField,
    parentName: requiredText(100),
    // Stored lower-cased so one e-mail cannot take two seats by changing its case.
    email: emailField.transform((email) => email.toLowerCase()),
    phone: phoneField(phoneCountry),
    phoneCountry: phoneCountryField,
    // The parent's "yes, book anyway" when the child's age is outside the course's range.
    ageConfirmed: z.boolean({ error: v.invalid }).optional(),
    // The WhatsApp / SMS opt-in beside the form (decision 132): a ticked box is consent for that channel.
    messagingWhatsapp: z.boolean({ error: v.invalid }).optional(),
    messagingSms: z.boolean({ error: v.invalid }).optional(),
    website: honeypotField,
  });

/** Per phone country (a fixed list the settings accept). */
const bookingSchemas = new Map<string, ReturnType<typeof buildBookingSchema>>();

export const cancelSchema = z.object({ token: z.string({ error: v.required }).trim().min(1, v.required).max(100, v.tooLong) });

/** A parent moves their booking (the cancel link's token) to another time of its course. */
export const rescheduleSchema = z.object({ token: cancelSchema.shape.token, slotId: id });

const isoDate = z.iso.date({ error: v.date });
const clockTime = z.string({ error: v.required }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, v.time);
const duration = z.number({ error: v.required }).int(v.invalid).min(15, v.invalid).max(480, v.invalid);
const capacity = z.number({ error: v.required }).int(v.invalid).min(1, v.invalid).max(500, v.invalid);
const courseId = id.nullable().optional().default(null);

/** Where a slot's class happens; online ones need their meeting link (http or https). */
const place = {
  mode: z.enum(["academy", "online"], { error: v.choice }).optional().default("academy"),
  meetingUrl: httpUrlField(500).optional().default(""),
};
const onlineNeedsLink = (slot: { mode: string; meetingUrl: string }) => slot.mode !== "online" || slot.meetingUrl !== "";
const linkIssue = { path: ["meetingUrl"], message: v.required };

/** Staff: one slot on a date at a start time, both in the academy's time zone. */
export const slotCreateSchema = z
  .object({
    date: isoDate,
    time: clockTime,
    durationMinutes: duration,
    capacity,
    courseId,
    ...place,
  })
  .refine(onlineNeedsLink, linkIssue);
export const MAX_SERIES_SLOTS = 500;

/** Staff: every chosen weekday and time between two dates (inclusive). */
export const seriesCreateSchema = z
  .object({
    from: isoDate,
    to: isoDate,
    weekdays: z.array(z.number().int().min(0).max(6), { error: v.choice }).min(1, v.choice).max(7, v.invalid),
    times: z.array(clockTime, { error: v.required }).min(1, v.required).max(24, v.tooLong),
    durationMinutes: duration,
    capacity,
    courseId,
    ...place,
  })
  .refine((series) => series.to >= series.from, { path: ["to"], message: v.date })
  .refine(onlineNeedsLink, linkIssue);
/** Staff: change a slot's capacity and/or open or close it. */
export const slotUpdateSchema = z
  .object({
    capacity: capacity.optional(),
    status: z.enum(["open", "closed"], { error: v.choice }).optional(),
  })
  .refine((change) => change.capacity !== undefined || change.status !== undefined, { path: ["capacity"], message: v.required });

/** How many slots one bulk action may change (a few weeks of a busy timetable). */
export const MAX_BULK_SLOTS = 200;

/**
 * Staff: close, reopen or delete several slots at once. `confirm: true` is the staff member's
 * "yes, cancel their bookings and e-mail the parents" for slots that hold live bookings.
 */
export const bulkSlotsSchema = z.object({
  action: z.enum(["close", "reopen", "delete"], { error: v.choice }),
  ids: z
    .array(id, { error: v.required })
    .min(1, v.required)
    .max(MAX_BULK_SLOTS, v.tooLong)
    .transform((ids) => [...new Set(ids)]),
  confirm: z.boolean({ error: v.invalid }).optional().default(false),
});

/** Staff: attendance of a booking (cancelling has its own endpoint, it frees the seat). */
export const attendanceSchema = z.object({ status: z.enum(["booked", "attended", "no_show"], { error: v.choice }) });

/** Query of the slot lists: a date range in the academy's time zone. */
export const rangeSchema = z.object({ from: isoDate.optional(), to: isoDate.optional() });

/** Staff: a booking's short code (any case, spaces ignored), as parents read it out on the phone. */
const bookingCodeSchema = z
  .string({ error: v.invalid })
  .transform((code) => code.replace(/\s+/g, "").toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{6}$/, v.invalid));

/** Query of the staff search by booking code. */
export const codeQuerySchema = z.object({ code: bookingCodeSchema });
