import { Router } from "express";
import { z } from "zod";
import type { Lang } from "~/i18n/lang";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import type { DB } from "~server/db/db";
import { recordAudit } from "~server/audit/audit";
import { HttpError } from "~server/http/errors";
import { csvFile } from "~/features/admin-kit/list/csv.server";
import { serverT } from "~server/i18n";
import { requireStaff } from "~server/security/access";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import {
  attendanceSchema,
  bulkSlotsSchema,
  codeQuerySchema,
  MAX_SERIES_SLOTS,
  rangeSchema,
  seriesCreateSchema,
  slotCreateSchema,
  slotUpdateSchema,
} from "./booking.schema";
import {
  bookingCodeDay,
  bookingExportColumns,
  bookingsForExport,
  bulkSlots,
  createSeries,
  createSlot,
  defaultAdminRange,
  deleteSlot,
  listSlotsWithBookings,
  setAttendance,
  updateSlot,
} from "./slots-admin.server";
import { cancelBookingByStaff } from "./staff-cancel.server";
import { addDays, daysBetween } from "~/lib/zoned-time";
import { idParams } from "~/lib/record-id";

const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "booking", `adminApi.${key}`, values);

/** POST /api/admin/slots: one slot (the page's no-JavaScript form runs it too). */
export const createDemoSlot = defineEndpoint({
  method: "POST",
  path: "/api/admin/slots",
  access: "staff",
  input: slotCreateSchema,
  async run({ deps: { db }, caller }, input) {
    const result = await createSlot(db, input, await academyTimeZone(db));
    if (!result.ok) {
      const field = result.reason === "past" ? "date" : "courseId";
      throw new HttpError(400, say(caller.lang, result.reason), { [field]: say(caller.lang, result.reason) });
    }
    // Every staff change goes into the audit trail (server/audit/audit.ts).
    await recordAudit(db, { action: "create", entity: "demo_slot", entityId: result.id, summary: input, userId: caller.user.id });
    return { status: 201, body: { message: say(caller.lang, "created"), id: result.id } };
  },
});

/** POST /api/admin/slots/series: every chosen weekday and time between two dates. */
export const createDemoSlotSeries = defineEndpoint({
  method: "POST",
  path: "/api/admin/slots/series",
  access: "staff",
  input: seriesCreateSchema,
  async run({ deps: { db }, caller }, input) {
    const result = await createSeries(db, input, await academyTimeZone(db));
    if (!result.ok) {
      const field = result.reason === "courseNotFound" ? "courseId" : "to";
      const message = say(caller.lang, `series.${result.reason}`, { max: MAX_SERIES_SLOTS });
      throw new HttpError(400, message, { [field]: message });
    }
    const counts = { created: result.created, skipped: result.skipped };
    // Nothing added is not a success: every slot of the series was already there.
    if (result.created === 0) throw new HttpError(409, say(caller.lang, "seriesNoneAdded", counts));
    await recordAudit(db, { action: "create_series", entity: "demo_slot", summary: { ...input, ...counts }, userId: caller.user.id });
    return { status: 201, body: { message: say(caller.lang, result.skipped > 0 ? "seriesCreatedSome" : "seriesCreated", counts), ...result } };
  },
});

/** POST /api/admin/slots/bulk: close, reopen or delete several slots (the page's bulk form runs it). */
export const bulkDemoSlots = defineEndpoint({
  method: "POST",
  path: "/api/admin/slots/bulk",
  access: "staff",
  input: bulkSlotsSchema,
  async run({ deps: { db }, caller }, input) {
    const lang = caller.lang;
    const timeZone = await academyTimeZone(db);
    // One transaction with its audit entries: every chosen slot changes, or none (a 4xx says why).
    const result = await bulkSlots(db, { ...input, userId: caller.user.id, timeZone });
    if (!result.ok) {
      if (result.reason === "notFound")
        return { status: 404, body: { message: say(lang, "bulk.notFound", { count: result.missing.length }), missing: result.missing } };
      return {
        status: 409,
        body: {
          message: say(lang, `bulk.${result.reason}`, { count: result.slots, bookings: result.bookings }),
          slots: result.slots,
          bookings: result.bookings,
        },
      };
    }
    const key = input.action === "delete" && result.cancelled > 0 ? "deletedCancelled" : input.action;
    return {
      status: 200,
      body: { message: say(lang, `bulk.${key}`, { count: result.changed, cancelled: result.cancelled }), changed: result.changed, cancelled: result.cancelled },
    };
  },
});

// A path id that is not a record id answers 404 "That slot does not exist." (ids are never anything else).
const idNotFound = { ns: "booking", key: "adminApi.notFound" };

/** PATCH /api/admin/slots/bookings/:id: a booking booked, attended or no-show; the first "attended" queues the follow-up e-mail (decision 033). */
export const markDemoBooking = defineEndpoint({
  method: "PATCH",
  path: "/api/admin/slots/bookings/:id",
  access: "staff",
  params: idParams,
  notFound: idNotFound,
  input: attendanceSchema,
  async run({ deps: { db }, caller, params: { id } }, { status }) {
    // The audit entry is written in the change's transaction.
    const result = await setAttendance(db, id, status, caller.user.id);
    if (result === "notFound") throw new HttpError(404, say(caller.lang, "bookingNotFound"));
    if (result === "cancelled") throw new HttpError(409, say(caller.lang, "bookingCancelled"));
    const followup = result === "followupQueued";
    // Staff learn that the parent is being e-mailed, once, the first time.
    return { status: 200, body: { message: say(caller.lang, followup ? "attendanceSavedFollowup" : "attendanceSaved"), status, followupQueued: followup } };
  },
});

/** POST /api/admin/slots/bookings/:id/cancel: the seat returns; the parent is e-mailed while the class is still ahead. */
export const cancelDemoBooking = defineEndpoint({
  method: "POST",
  path: "/api/admin/slots/bookings/:id/cancel",
  access: "staff",
  params: idParams,
  notFound: idNotFound,
  noBody: true,
  input: z.object({}),
  async run({ deps: { db }, caller, params: { id } }) {
    const result = await cancelBookingByStaff(db, id, caller.user.id);
    if (result === "notFound") throw new HttpError(404, say(caller.lang, "bookingNotFound"));
    return {
      status: 200,
      body: { message: say(caller.lang, result === "cancelled" ? "bookingCancelledNow" : "bookingAlreadyCancelled"), status: "cancelled" },
    };
  },
});

/** PATCH /api/admin/slots/:id: capacity (never below the seats taken) and/or status. */
export const changeDemoSlot = defineEndpoint({
  method: "PATCH",
  path: "/api/admin/slots/:id",
  access: "staff",
  params: idParams,
  notFound: idNotFound,
  input: slotUpdateSchema,
  async run({ deps: { db }, caller, params: { id } }, change) {
    const updated = await updateSlot(db, id, change, caller.user.id);
    if (updated.result === "notFound") throw new HttpError(404, say(caller.lang, "notFound"));
    if (updated.result === "belowTaken") throw new HttpError(409, say(caller.lang, "belowTaken"), { capacity: say(caller.lang, "belowTaken") });
    const ended = updated.waitlistEnded;
    return {
      status: 200,
      body: { message: ended > 0 ? say(caller.lang, "closedWaitlistEnded", { count: ended }) : say(caller.lang, "updated"), waitlistEnded: ended },
    };
  },
});

/** DELETE /api/admin/slots/:id: only the exact `?confirm=1` cancels live bookings (as for courses); anything else asks first. */
export const deleteDemoSlot = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/slots/:id",
  access: "staff",
  params: idParams,
  notFound: idNotFound,
  input: z.object({ confirm: z.string().optional().catch(undefined) }),
  async run({ deps: { db }, caller, params: { id } }, { confirm }) {
    const deleted = await deleteSlot(db, id, { confirm: confirm === "1", byUserId: caller.user.id });
    if (deleted.result === "notFound") throw new HttpError(404, say(caller.lang, "notFound"));
    if (deleted.result === "hasBookings") {
      // A class that has started keeps its bookings (attendance history), confirmed or not.
      const message = say(caller.lang, deleted.started ? "startedHasBookings" : "hasBookings", { count: deleted.bookings });
      return { status: 409, body: { message, bookings: deleted.bookings } };
    }
    return {
      status: 200,
      body: { message: say(caller.lang, deleted.cancelled > 0 ? "deletedCancelled" : "deleted", { count: deleted.cancelled }), cancelled: deleted.cancelled },
    };
  },
});

/** The dates asked (default: from today for two weeks), at most a year apart. */
async function rangeOf(db: DB, lang: Lang, query: { from?: string; to?: string }) {
  const timeZone = await academyTimeZone(db);
  const from = query.from ?? defaultAdminRange(timeZone).from;
  const to = query.to ?? addDays(from, 13);
  const span = daysBetween(from, to);
  if (span < 0 || span > 366) throw new HttpError(400, say(lang, "badRange"));
  return { from, to, timeZone };
}

/** GET /api/admin/slots: the slots of the dates with their bookings and waitlists, or (?code) the slot holding the booking a parent reads out. */
export const listDemoSlots = defineEndpoint({
  method: "GET",
  path: "/api/admin/slots",
  access: "staff",
  input: rangeSchema.extend(codeQuerySchema.partial().shape),
  async run({ deps: { db }, caller }, { code, ...query }) {
    if (code !== undefined) {
      const timeZone = await academyTimeZone(db);
      const day = await bookingCodeDay(db, code, timeZone);
      if (!day) throw new HttpError(404, say(caller.lang, "codeNotFound"));
      const slots = await listSlotsWithBookings(db, { from: day, to: day, timeZone, lang: caller.lang });
      return {
        status: 200,
        body: { from: day, to: day, timeZone, code, slots: slots.filter((slot) => slot.bookings.some((booking) => booking.code === code)) },
      };
    }
    const range = await rangeOf(db, caller.lang, query);
    return { status: 200, body: { ...range, slots: await listSlotsWithBookings(db, { ...range, lang: caller.lang }) } };
  },
});

/** GET /api/admin/slots/bookings.csv: the bookings of the dates (cells escaped, formulas defused by csvFile). */
export const exportDemoBookings = defineEndpoint({
  method: "GET",
  path: "/api/admin/slots/bookings.csv",
  access: "staff",
  produces: "csv",
  input: rangeSchema,
  async run({ deps: { db }, caller }, query) {
    const range = await rangeOf(db, caller.lang, query);
    return csvFile(`demo-bookings-${range.from}-to-${range.to}`, bookingExportColumns(range.timeZone), await bookingsForExport(db, range), range.timeZone);
  },
});

/** Staff screens for demo slots: every route needs a staff session (the endpoints above declare it). */
export function slotsAdminApi(deps: EndpointDeps): Router {
  const router = Router();
  // Before the endpoints too, so a stranger hears 401 before any complaint about the body.
  router.use("/api/admin/slots", requireStaff);
  router.use(
    jsonRoutes(deps, [
      createDemoSlot,
      createDemoSlotSeries,
      bulkDemoSlots,
      listDemoSlots,
      exportDemoBookings,
      markDemoBooking,
      cancelDemoBooking,
      changeDemoSlot,
      deleteDemoSlot,
    ]),
  );
  return router;
}
