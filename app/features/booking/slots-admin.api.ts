import { Router, type Request, type Response } from "express";
import type { EndpointDeps } from "~server/http/endpoint";
import { recordAudit, type AuditEntry } from "~server/audit/audit";
import { HttpError } from "~server/http/errors";
import { sendCsv } from "~/features/admin/list/csv.server";
import { parseBody, parseInput } from "~server/http/validate";
import { requestLang, serverT } from "~server/i18n";
import { requireStaff } from "~server/security/access";
import type { SessionUser } from "~server/security/session";
import { academyTimeZone } from "./academy-zone.server";
import { attendanceSchema, bulkSlotsSchema, codeQuerySchema, MAX_SERIES_SLOTS, rangeSchema, seriesCreateSchema, slotCreateSchema, slotUpdateSchema } from "./booking.schema";
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
import { addDays, daysBetween } from "./zoned-time";

const text = (req: Request, key: string, values?: Record<string, string | number>) => serverT(requestLang(req), "booking", `adminApi.${key}`, values);

/** A positive integer id from the path, else 404 (ids are never anything else). */
function idParam(req: Request, name: string): number {
  const raw = String(req.params[name] ?? "");
  if (!/^\d{1,9}$/.test(raw) || Number(raw) === 0) throw new HttpError(404, text(req, "notFound"));
  return Number(raw);
}

/** Staff screens for demo slots: every route needs an admin session. */
export function slotsAdminApi(deps: EndpointDeps): Router {
  const { db } = deps;
  const router = Router();
  router.use("/api/admin/slots", requireStaff);
  // Every staff change goes into the audit trail (server/audit/audit.ts).
  const audit = (res: Response, entry: Omit<AuditEntry, "userId">) => recordAudit(db, { ...entry, userId: (res.locals.user as SessionUser).id });

  async function rangeOf(req: Request) {
    const timeZone = await academyTimeZone(db);
    const query = parseInput(rangeSchema, req.query, req);
    const from = query.from ?? defaultAdminRange(timeZone).from;
    const to = query.to ?? addDays(from, 13);
    const span = daysBetween(from, to);
    if (span < 0 || span > 366) throw new HttpError(400, text(req, "badRange"));
    return { from, to, timeZone };
  }

  router.get("/api/admin/slots", async (req, res) => {
    if (req.query.code !== undefined) {
      // Staff search by the short code a parent reads out: the slot holding that booking.
      const { code } = parseInput(codeQuerySchema, req.query, req);
      const timeZone = await academyTimeZone(db);
      const day = await bookingCodeDay(db, code, timeZone);
      if (!day) throw new HttpError(404, text(req, "codeNotFound"));
      const slots = await listSlotsWithBookings(db, { from: day, to: day, timeZone, lang: requestLang(req) });
      res.json({ from: day, to: day, timeZone, code, slots: slots.filter((slot) => slot.bookings.some((booking) => booking.code === code)) });
      return;
    }
    const range = await rangeOf(req);
    res.json({ ...range, slots: await listSlotsWithBookings(db, { ...range, lang: requestLang(req) }) });
  });

  router.get("/api/admin/slots/bookings.csv", async (req, res) => {
    const range = await rangeOf(req);
    const rows = await bookingsForExport(db, range);
    // Cells are escaped and formula-like text is defused by sendCsv (admin/list/csv.ts).
    await sendCsv(res, `demo-bookings-${range.from}-to-${range.to}`, bookingExportColumns(range.timeZone), rows, range.timeZone);
  });

  router.post("/api/admin/slots", async (req, res) => {
    const input = parseBody(slotCreateSchema, req);
    const timeZone = await academyTimeZone(db);
    const result = await createSlot(db, input, timeZone);
    if (!result.ok) {
      const field = result.reason === "past" ? "date" : "courseId";
      throw new HttpError(400, text(req, result.reason), { [field]: text(req, result.reason) });
    }
    await audit(res, { action: "create", entity: "demo_slot", entityId: result.id, summary: input });
    res.status(201).json({ message: text(req, "created"), id: result.id });
  });

  router.post("/api/admin/slots/series", async (req, res) => {
    const input = parseBody(seriesCreateSchema, req);
    const timeZone = await academyTimeZone(db);
    const result = await createSeries(db, input, timeZone);
    if (!result.ok) {
      const field = result.reason === "courseNotFound" ? "courseId" : "to";
      const message = text(req, `series.${result.reason}`, { max: MAX_SERIES_SLOTS });
      throw new HttpError(400, message, { [field]: message });
    }
    const counts = { created: result.created, skipped: result.skipped };
    // Nothing added is not a success: every slot of the series was already there.
    if (result.created === 0) throw new HttpError(409, text(req, "seriesNoneAdded", counts));
    await audit(res, { action: "create_series", entity: "demo_slot", summary: { ...input, ...counts } });
    res.status(201).json({ message: text(req, result.skipped > 0 ? "seriesCreatedSome" : "seriesCreated", counts), ...result });
  });

  router.post("/api/admin/slots/bulk", async (req, res) => {
    const input = parseBody(bulkSlotsSchema, req);
    const timeZone = await academyTimeZone(db);
    // One transaction with its audit entries: every chosen slot changes, or none (a 4xx says why).
    const result = await bulkSlots(db, { ...input, userId: (res.locals.user as SessionUser).id, timeZone });
    if (!result.ok) {
      if (result.reason === "notFound") {
        res.status(404).json({ message: text(req, "bulk.notFound", { count: result.missing.length }), missing: result.missing });
        return;
      }
      res.status(409).json({ message: text(req, `bulk.${result.reason}`, { count: result.slots, bookings: result.bookings }), slots: result.slots, bookings: result.bookings });
      return;
    }
    const key = input.action === "delete" && result.cancelled > 0 ? "deletedCancelled" : input.action;
    res.json({ message: text(req, `bulk.${key}`, { count: result.changed, cancelled: result.cancelled }), changed: result.changed, cancelled: result.cancelled });
  });

  router.patch("/api/admin/slots/bookings/:id", async (req, res) => {
    const id = idParam(req, "id");
    const { status } = parseBody(attendanceSchema, req);
    const result = await setAttendance(db, id, status);
    if (result === "notFound") throw new HttpError(404, text(req, "bookingNotFound"));
    if (result === "cancelled") throw new HttpError(409, text(req, "bookingCancelled"));
    const followup = result === "followupQueued";
    await audit(res, { action: "status", entity: "demo_booking", entityId: id, summary: followup ? { status, followupQueued: true } : { status } });
    // Staff learn that the parent is being e-mailed (decision 033), once, the first time.
    res.json({ message: text(req, followup ? "attendanceSavedFollowup" : "attendanceSaved"), status, followupQueued: followup });
  });

  router.post("/api/admin/slots/bookings/:id/cancel", async (req, res) => {
    const id = idParam(req, "id");
    // The parent is e-mailed (queued with the cancellation) when their class is still ahead.
    const result = await cancelBookingByStaff(db, id);
    if (result === "notFound") throw new HttpError(404, text(req, "bookingNotFound"));
    if (result === "cancelled") await audit(res, { action: "cancel", entity: "demo_booking", entityId: id });
    res.json({ message: text(req, result === "cancelled" ? "bookingCancelledNow" : "bookingAlreadyCancelled"), status: "cancelled" });
  });

  router.patch("/api/admin/slots/:id", async (req, res) => {
    const id = idParam(req, "id");
    const change = parseBody(slotUpdateSchema, req);
    const updated = await updateSlot(db, id, change);
    if (updated.result === "notFound") throw new HttpError(404, text(req, "notFound"));
    if (updated.result === "belowTaken") throw new HttpError(409, text(req, "belowTaken"), { capacity: text(req, "belowTaken") });
    const ended = updated.waitlistEnded;
    await audit(res, { action: "update", entity: "demo_slot", entityId: id, summary: ended > 0 ? { ...change, waitlistEnded: ended } : change });
    res.json({ message: ended > 0 ? text(req, "closedWaitlistEnded", { count: ended }) : text(req, "updated"), waitlistEnded: ended });
  });

  router.delete("/api/admin/slots/:id", async (req, res) => {
    const id = idParam(req, "id");
    // Only the exact `?confirm=1` cancels live bookings (as for courses); anything else asks first.
    const deleted = await deleteSlot(db, id, { confirm: req.query.confirm === "1" });
    if (deleted.result === "notFound") throw new HttpError(404, text(req, "notFound"));
    if (deleted.result === "hasBookings") {
      // A class that has started keeps its bookings (attendance history), confirmed or not.
      const message = text(req, deleted.started ? "startedHasBookings" : "hasBookings", { count: deleted.bookings });
      res.status(409).json({ message, bookings: deleted.bookings });
      return;
    }
    await audit(res, { action: "delete", entity: "demo_slot", entityId: id, ...(deleted.cancelled > 0 ? { summary: { cancelledBookings: deleted.cancelled } } : {}) });
    res.json({ message: text(req, deleted.cancelled > 0 ? "deletedCancelled" : "deleted", { count: deleted.cancelled }), cancelled: deleted.cancelled });
  });

  return router;
}
