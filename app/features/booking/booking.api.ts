import { Router } from "express";
import { z } from "zod";
import type { Lang } from "~/i18n/lang";
import type { DB } from "~server/db/db";
import { readDataVersions, type DataVersions } from "~server/db/data-versions";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { getSiteSettings, phoneCountryOf } from "~/features/site/site.server";
import type { SiteSettings } from "~/features/site/settings.schema";
import { academyTimeZone, timeZoneOf } from "~/features/site/academy-zone.server";
import { ageOutsideCourse, bookingSchemaFor, cancelSchema, rangeSchema, rescheduleSchema } from "./booking.schema";
import { bookSlot, cancelBooking, findCourse, getBookingByReference, listOpenSlots } from "./booking.server";
import { confirmationPath } from "./paths";
import { linkedId } from "./link-tokens.server";
import { rescheduleBooking } from "./reschedule.server";
import { formatDateLabel, formatTimeLabel } from "~/kernel/slot-format";
import { queueStaffNotice } from "~/features/admin-kit/staff-notice.server";
import { addDays, daysBetween, zonedParts } from "~/lib/zoned-time";

/** Longest date range one slot listing may ask for. */
const MAX_RANGE_DAYS = 92;

const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "booking", `api.${key}`, values);

/**
 * Why a parent can no longer cancel or move a class online: it has started, or it starts within the
 * cut-off (site setting demoChangeCutoffHours), with the academy's phone to call instead.
 */
export function changeRefusal(lang: Lang, reason: "started" | "tooLate", settings: SiteSettings): string {
  if (reason === "started") return say(lang, "startedCancel");
  return say(lang, "tooLate", { count: settings.demoChangeCutoffHours, phone: settings.phone });
}

/** The course of a path, in the caller's language, or 404. */
export async function courseOr404(db: DB, slug: string, lang: Lang, versions?: DataVersions) {
  const course = await findCourse(db, slug, lang, versions);
  if (!course) throw new HttpError(404, say(lang, "courseNotFound"));
  return course;
}

/**
 * The `load` of the booking form's endpoints (decision 159): the course of the path (404 before any
 * field is read) and the site's settings, whose country gives the phone rule. One query asks
 * whether the courses or the settings changed; both are usually in memory (decision 158).
 */
export async function courseBooking({ db }: EndpointDeps, slug: string, lang: Lang) {
  const versions = await readDataVersions(db);
  const [course, settings] = await Promise.all([courseOr404(db, slug, lang, versions), getSiteSettings(db, versions)]);
  return { course, settings };
}

/** The booking form's input: the shared schema of the academy's phone country (or the one chosen beside the phone field). */
export const bookingInput = async (_deps: EndpointDeps, raw: unknown, { loaded }: { loaded: { settings: SiteSettings } }) =>
  bookingSchemaFor(phoneCountryOf(loaded.settings, raw));

/** A 400 on the age field when the child's age is outside the course's range and the parent did not confirm it. */
export function assertAgeFits(input: { childAge: number; ageConfirmed?: boolean }, course: { minAge: number; maxAge: number }, lang: Lang): void {
  if (!ageOutsideCourse(input.childAge, course) || input.ageConfirmed === true) return;
  const message = say(lang, "ageOutside", { age: input.childAge, min: course.minAge, max: course.maxAge });
  throw new HttpError(400, message, { childAge: message });
}

export const courseParams = z.object({ course: z.string() });

/** POST /api/courses/:course/demo-bookings: a parent books a seat (decision 048: the page's form runs it too). */
export const bookDemo = defineEndpoint({
  method: "POST",
  path: "/api/courses/:course/demo-bookings",
  access: "anyone",
  limits: [{ name: "demo-booking", limit: 10, windowMs: 60_000 }],
  params: courseParams,
  load: (deps, caller, params) => courseBooking(deps, params.course, caller.lang),
  input: bookingInput,
  async run({ deps: { db, config }, caller, loaded: { course, settings } }, input) {
    const lang = caller.lang;
    assertAgeFits(input, course, lang);
    const timeZone = timeZoneOf(settings);
    const result = await bookSlot(db, input, {
      course,
      perFamily: settings.demoBookingsPerFamily,
      familyAccountId: caller.user?.role === "user" ? caller.user.id : null,
      userId: caller.user?.id ?? null,
      lang,
      timeZone,
      linkSecret: config.sessionSecret,
      notifyStaff: (trx, booking) =>
        queueStaffNotice(trx, config.publicUrl, {
          kind: "booking",
          subject: { child: input.childName, course: course.name },
          details: [
            ["reference", booking.code],
            ["course", course.name],
            ["when", `${formatDateLabel(booking.startsAt, timeZone, "en")} ${formatTimeLabel(booking.startsAt, timeZone, "en")} (${timeZone})`],
            ["child", `${input.childName} (${input.childAge})`],
            ["parent", input.parentName],
            ["email", input.email],
            ["phone", input.phone],
          ],
          path: "/admin/slots",
        }),
    });
    if (!result.ok) {
      if (result.reason === "notFound") throw new HttpError(404, say(lang, "slotNotFound"));
      const values = { child: input.childName, count: settings.demoBookingsPerFamily };
      return { status: 409, body: { message: say(lang, result.reason, values), reason: result.reason, remaining: result.remaining } };
    }
    return {
      status: 201,
      body: {
        message: say(lang, "booked"),
        reference: result.reference,
        code: result.code,
        confirmationUrl: confirmationPath(course.slug, result.reference, lang),
      },
    };
  },
});

/** POST /api/demo-bookings/cancel: the parent cancels with the e-mail link's token. */
export const cancelDemoBooking = defineEndpoint({
  method: "POST",
  path: "/api/demo-bookings/cancel",
  access: "anyone",
  limits: [{ name: "demo-cancel", limit: 20, windowMs: 60_000 }],
  input: cancelSchema,
  async run({ deps: { db, config }, caller }, { token }) {
    const settings = await getSiteSettings(db);
    const result = await cancelBooking(db, { id: await linkedId(db, config.sessionSecret, "booking", token) }, { cutoffHours: settings.demoChangeCutoffHours });
    if (result === "notFound") throw new HttpError(404, say(caller.lang, "bookingNotFound"));
    if (result === "started" || result === "tooLate") {
      return { status: 409, body: { message: changeRefusal(caller.lang, result, settings), reason: result } };
    }
    return { status: 200, body: { message: say(caller.lang, result), status: "cancelled" } };
  },
});

/**
 * POST /api/demo-bookings/reschedule: the parent moves their booking with the token of the
 * e-mail's link (decision 029); the reference, code and token stay, the seat moves, and the new
 * time is e-mailed.
 */
export const rescheduleDemoBooking = defineEndpoint({
  method: "POST",
  path: "/api/demo-bookings/reschedule",
  access: "anyone",
  limits: [{ name: "demo-reschedule", limit: 20, windowMs: 60_000 }],
  input: rescheduleSchema,
  async run({ deps: { db, config }, caller }, input) {
    const lang = caller.lang;
    const settings = await getSiteSettings(db);
    const timeZone = timeZoneOf(settings);
    const bookingId = await linkedId(db, config.sessionSecret, "booking", input.token);
    const result = await rescheduleBooking(db, { bookingId, slotId: input.slotId }, { timeZone, lang, cutoffHours: settings.demoChangeCutoffHours });
    if (!result.ok) {
      if (result.reason === "bookingNotFound") throw new HttpError(404, say(lang, "bookingNotFound"));
      if (result.reason === "slotNotFound") throw new HttpError(404, say(lang, "slotNotFound"));
      const message =
        result.reason === "tooLate" ? changeRefusal(lang, "tooLate", settings) : say(lang, result.reason === "cancelled" ? "bookingCancelled" : result.reason);
      return { status: 409, body: { message, reason: result.reason, remaining: "remaining" in result ? result.remaining : [] } };
    }
    const booking = await getBookingByReference(db, result.reference, timeZone, lang);
    return {
      status: 200,
      body: {
        message: say(lang, "rescheduled"),
        reference: result.reference,
        startsAt: result.startsAt,
        dateLabel: formatDateLabel(result.startsAt, timeZone, lang),
        timeLabel: formatTimeLabel(result.startsAt, timeZone, lang),
        confirmationUrl: confirmationPath(booking?.courseSlug ?? String(result.courseId ?? "course"), result.reference, lang),
      },
    };
  },
});

/** GET /api/courses/{course}/demo-slots?from&to: open demo times with a free seat (default: the next 60 days, at most MAX_RANGE_DAYS). */
export const openDemoSlots = defineEndpoint({
  method: "GET",
  path: "/api/courses/:course/demo-slots",
  access: "anyone",
  params: z.object({ course: z.string() }),
  // The course's 404 comes before any complaint about the dates.
  input: async ({ db }, _raw, { params, lang }) => {
    await courseOr404(db, params.course, lang);
    return rangeSchema;
  },
  async run({ deps: { db }, caller, params }, range) {
    const course = await courseOr404(db, params.course, caller.lang);
    const timeZone = await academyTimeZone(db);
    const from = range.from ?? zonedParts(new Date(), timeZone).date;
    const to = range.to ?? addDays(from, 59);
    const span = daysBetween(from, to);
    if (span < 0 || span >= MAX_RANGE_DAYS) throw new HttpError(400, say(caller.lang, "badRange", { days: MAX_RANGE_DAYS, count: MAX_RANGE_DAYS }));
    const slots = await listOpenSlots(db, { courseId: course.id, from, to, timeZone, lang: caller.lang });
    return { status: 200, body: { course: { id: course.id, slug: course.slug, name: course.name }, timeZone, from, to, slots } };
  },
});

/** GET /api/demo-bookings/{reference} → { booking }: the booking behind an (unguessable) reference. */
export const readDemoBooking = defineEndpoint({
  method: "GET",
  path: "/api/demo-bookings/:reference",
  access: "anyone",
  params: z.object({ reference: z.string() }),
  input: z.object({}),
  async run({ deps: { db }, caller, params }) {
    const booking = await getBookingByReference(db, params.reference, await academyTimeZone(db), caller.lang);
    if (!booking) throw new HttpError(404, say(caller.lang, "bookingNotFound"));
    return { status: 200, body: { booking } };
  },
});

/** Public demo class booking: open slots and reading a booking here; the writes are the endpoints above. */
export function bookingApi(deps: EndpointDeps): Router {
  const router = Router();

  router.use(jsonRoutes(deps, [openDemoSlots, readDemoBooking, bookDemo, cancelDemoBooking, rescheduleDemoBooking]));
  return router;
}
