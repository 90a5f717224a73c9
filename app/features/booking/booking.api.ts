import { Router, type Request } from "express";
import type { EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { parseBody, parseInput } from "~server/http/validate";
import { requestLang, serverT } from "~server/i18n";
import { createRateLimit } from "~server/security/rate-limit";
import type { SessionUser } from "~server/security/session";
import { sitePhoneCountry } from "~/features/site/site.server";
import { academyTimeZone } from "./academy-zone.server";
import { ageOutsideCourse, bookingSchemaFor, cancelSchema, rangeSchema, rescheduleSchema } from "./booking.schema";
import { bookSlot, cancelBooking, findCourse, getBookingByReference, listOpenSlots } from "./booking.server";
import { confirmationPath } from "./paths";
import { linkedId } from "./link-tokens.server";
import { rescheduleBooking } from "./reschedule.server";
import { formatDateLabel, formatTimeLabel } from "./slot-format";
import { queueStaffNotice } from "~/features/admin/staff-notice.server";
import { addDays, daysBetween, zonedParts } from "./zoned-time";

const text = (req: Request, key: string, values?: Record<string, string | number>) => serverT(requestLang(req), "booking", `api.${key}`, values);

/** Longest date range one slot listing may ask for. */
const MAX_RANGE_DAYS = 92;

/** Public demo class booking: open slots, booking, reading a booking, cancelling by token. */
export function bookingApi(deps: EndpointDeps): Router {
  const { db, config } = deps;
  const router = Router();
  const bookLimit = createRateLimit(deps, { name: "demo-booking", limit: 10, windowMs: 60_000 });
  const cancelLimit = createRateLimit(deps, { name: "demo-cancel", limit: 20, windowMs: 60_000 });
  const rescheduleLimit = createRateLimit(deps, { name: "demo-reschedule", limit: 20, windowMs: 60_000 });

  async function courseOf(req: Request) {
    const course = await findCourse(db, String(req.params.course ?? ""), requestLang(req));
    if (!course) throw new HttpError(404, text(req, "courseNotFound"));
    return course;
  }

  router.get("/api/courses/:course/demo-slots", async (req, res) => {
    const course = await courseOf(req);
    const timeZone = await academyTimeZone(db);
    const range = parseInput(rangeSchema, req.query, req);
    const from = range.from ?? zonedParts(new Date(), timeZone).date;
    const to = range.to ?? addDays(from, 59);
    const span = daysBetween(from, to);
    if (span < 0 || span >= MAX_RANGE_DAYS) throw new HttpError(400, text(req, "badRange", { days: MAX_RANGE_DAYS }));
    const slots = await listOpenSlots(db, { courseId: course.id, from, to, timeZone, lang: requestLang(req) });
    res.json({ course: { id: course.id, slug: course.slug, name: course.name }, timeZone, from, to, slots });
  });

  router.post("/api/courses/:course/demo-bookings", bookLimit, async (req, res) => {
    const course = await courseOf(req);
    const input = parseBody(bookingSchemaFor(await sitePhoneCountry(db)), req);
    if (ageOutsideCourse(input.childAge, course) && input.ageConfirmed !== true) {
      const message = text(req, "ageOutside", { age: input.childAge, min: course.minAge, max: course.maxAge });
      throw new HttpError(400, message, { childAge: message });
    }
    const lang = requestLang(req);
    const timeZone = await academyTimeZone(db);
    const user = res.locals.user as SessionUser | null | undefined;
    const result = await bookSlot(db, input, {
      course,
      userId: user?.id ?? null,
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
      if (result.reason === "notFound") throw new HttpError(404, text(req, "slotNotFound"));
      res.status(409).json({ message: text(req, result.reason), reason: result.reason, remaining: result.remaining });
      return;
    }
    res.status(201).json({
      message: text(req, "booked"),
      reference: result.reference,
      code: result.code,
      confirmationUrl: confirmationPath(course.slug, result.reference, lang),
    });
  });

  router.get("/api/demo-bookings/:reference", async (req, res) => {
    const timeZone = await academyTimeZone(db);
    const booking = await getBookingByReference(db, String(req.params.reference), timeZone, requestLang(req));
    if (!booking) throw new HttpError(404, text(req, "bookingNotFound"));
    res.json({ booking });
  });

  router.post("/api/demo-bookings/cancel", cancelLimit, async (req, res) => {
    const { token } = parseBody(cancelSchema, req);
    const result = await cancelBooking(db, { id: await linkedId(db, config.sessionSecret, "booking", token) });
    if (result === "notFound") throw new HttpError(404, text(req, "bookingNotFound"));
    res.json({ message: text(req, result), status: "cancelled" });
  });

  // The parent moves their booking with the token of the e-mail's link (decision 029); the
  // reference, code and token stay, the seat moves, and the new time is e-mailed.
  router.post("/api/demo-bookings/reschedule", rescheduleLimit, async (req, res) => {
    const input = parseBody(rescheduleSchema, req);
    const lang = requestLang(req);
    const timeZone = await academyTimeZone(db);
    const bookingId = await linkedId(db, config.sessionSecret, "booking", input.token);
    const result = await rescheduleBooking(db, { bookingId, slotId: input.slotId }, { timeZone, lang });
    if (!result.ok) {
      if (result.reason === "bookingNotFound") throw new HttpError(404, text(req, "bookingNotFound"));
      if (result.reason === "slotNotFound") throw new HttpError(404, text(req, "slotNotFound"));
      const key = result.reason === "cancelled" ? "bookingCancelled" : result.reason;
      res.status(409).json({ message: text(req, key), reason: result.reason, remaining: "remaining" in result ? result.remaining : [] });
      return;
    }
    const booking = await getBookingByReference(db, result.reference, timeZone, lang);
    res.json({
      message: text(req, "rescheduled"),
      reference: result.reference,
      startsAt: result.startsAt,
      dateLabel: formatDateLabel(result.startsAt, timeZone, lang),
      timeLabel: formatTimeLabel(result.startsAt, timeZone, lang),
      confirmationUrl: confirmationPath(booking?.courseSlug ?? String(result.courseId ?? "course"), result.reference, lang),
    });
  });

  return router;
}
