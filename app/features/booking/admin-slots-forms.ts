import { z } from "zod";
import { seriesCreateSchema, slotCreateSchema, slotUpdateSchema } from "./booking.schema";

/** What the slots bulk form shows after a post: the server's answer, or the question before a delete or close. */
export type BulkState =
  | { form: "bulk"; ok: boolean; message: string }
  | { form: "bulk"; none: true }
  | { form: "bulk"; ask: { action: "close" | "delete"; ids: number[]; slots: number; bookings: number; waitlisted: number } };

/** What the chosen-bookings form shows after a post: the answer, or the question before cancelling. */
export type BookingsBulkState =
  { form: "bookings-bulk"; ok: boolean; message: string } | { form: "bookings-bulk"; none: true } | { form: "bookings-bulk"; ask: { ids: number[] } };

export const isBulkState = (value: unknown): value is BulkState => typeof value === "object" && value !== null && (value as BulkState).form === "bulk";
export const isBookingsBulkState = (value: unknown): value is BookingsBulkState =>
  typeof value === "object" && value !== null && (value as BookingsBulkState).form === "bookings-bulk";

/** The bookings' checkboxes name this form (they sit in the slots' tables, away from it). */
export const BOOKINGS_FORM_ID = "bookings-bulk";

// The forms hold texts; these turn them into the API's payload before the shared schema checks it.
export type SlotFormValues = Record<string, string | string[]>;
const text = (value: unknown) => (typeof value === "string" ? value : "");
const numberOrNull = (value: unknown) => (text(value) === "" ? null : Number(value));
const numberOrNaN = (value: unknown) => (text(value) === "" ? Number.NaN : Number(value));
const placeOf = (form: Record<string, unknown>) => ({ mode: text(form.mode) || "academy", meetingUrl: text(form.meetingUrl) });
export const slotPayload = (form: Record<string, unknown>) => ({
  date: form.date,
  time: form.time,
  durationMinutes: numberOrNaN(form.durationMinutes),
  capacity: numberOrNaN(form.capacity),
  courseId: numberOrNull(form.courseId),
  ...placeOf(form),
});
const seriesPayload = (form: Record<string, unknown>) => ({
  ...slotPayload(form),
  from: form.from,
  to: form.to,
  weekdays: ([] as unknown[]).concat(form.weekdays ?? []).map(Number),
  times: text(form.times)
    .split(/[\s,،]+/)
    .filter(Boolean),
});
/** The shared schema, checked on what the form's texts become. */
const fromForm = (toPayload: (form: Record<string, unknown>) => unknown, schema: z.ZodType) =>
  z.preprocess((form) => toPayload(form as Record<string, unknown>), schema) as unknown as z.ZodType<SlotFormValues, SlotFormValues>;
export const slotForm = fromForm(slotPayload, slotCreateSchema);
export const seriesForm = fromForm(seriesPayload, seriesCreateSchema);
export const capacityForm = fromForm((form) => ({ capacity: numberOrNaN(form.capacity) }), slotUpdateSchema);
