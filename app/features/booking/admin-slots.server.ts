import type { DB } from "~server/db/db";
import { pick } from "~/i18n/localized";
import type { Lang } from "~/i18n/lang";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import type { BulkState } from "./admin-slots-forms";
import { codeQuerySchema, rangeSchema } from "./booking.schema";
import { formatDayLabel, formatZoneLabel, weekdayNames } from "~/kernel/slot-format";
import { bookingCodeDay, defaultAdminRange, listSlotsWithBookings } from "./slots-admin.server";
import { calendarFrame, calendarHours, parseCreateParam, weekStart, type CalendarView } from "./slots-calendar";
import { waitlistCount } from "./waitlist.server";
import { calendarMeetings } from "./section-meetings-calendar.server";
import { addDays, daysBetween, weekdayOf, zonedParts } from "~/lib/zoned-time";
import { MAX_RECORD_ID } from "~/lib/record-id";
import { allCourseNames } from "~/features/admin-content/queries.server";

/**
 * What /admin/slots shows for its address: the calendar (a week, today's by default) unless a
 * range, a code or the list was asked for; the courses and labels the create forms need.
 */
export async function adminSlotsPage(db: DB, params: URLSearchParams, lang: Lang) {
  const timeZone = await academyTimeZone(db);
  const now = zonedParts(new Date(), timeZone);
  const today = now.date;
  const courses = (await allCourseNames(db, { order: "catalogue" })).map((course) => ({
    id: course.id,
    name: pick(course, "name", lang),
  }));
  const create = parseCreateParam(params.get("create"));
  const shared = {
    courses,
    create: create ? { ...create, label: formatDayLabel(create.date, lang) } : null,
    zoneLabel: formatZoneLabel(new Date(), timeZone, lang),
    weekdays: weekdayNames(lang, "long"),
  };
  if (params.get("view") !== "list" && !params.has("from") && !params.has("to") && !params.has("code")) {
    const view: CalendarView = params.get("view") === "day" ? "day" : "week";
    const asked = rangeSchema.safeParse({ from: params.get("date") ?? undefined });
    // A date far from today is still fine to look at, within the list's own year-long limit.
    const date = asked.success && asked.data.from && Math.abs(daysBetween(today, asked.data.from)) <= 366 ? asked.data.from : today;
    const frame = calendarFrame(view, view === "week" ? weekStart(date) : date, now, lang);
    const slots = await listSlotsWithBookings(db, { from: frame.from, to: frame.to, timeZone, lang });
    const meetings = await calendarMeetings(db, { from: frame.from, to: frame.to, timeZone, lang });
    // "Select this series": slots carry no series id, so the same weekday and time in the shown dates.
    const pattern = slots.find((slot) => String(slot.id) === params.get("select"));
    const selected = pattern
      ? slots.filter((slot) => weekdayOf(slot.date) === weekdayOf(pattern.date) && slot.time === pattern.time).map((slot) => slot.id)
      : [];
    return {
      ...shared,
      calendar: {
        frame,
        hours: calendarHours([...slots, ...meetings].map((entry) => entry.time)),
        selected,
        meetings,
        series: pattern ? { weekday: shared.weekdays[weekdayOf(pattern.date)]!, time: pattern.timeLabel, count: selected.length } : null,
      },
      from: frame.from,
      to: frame.to,
      search: null,
      slots,
    };
  }
  const query = rangeSchema.safeParse(Object.fromEntries(params));
  const fallback = defaultAdminRange(timeZone);
  let from = (query.success && query.data.from) || fallback.from;
  let to = (query.success && query.data.to) || addDays(from, 13);
  if (to < from || to > addDays(from, 366)) [from, to] = [fallback.from, fallback.to];
  // ?code=ABC234: the slot of the booking with that short code (a parent on the phone).
  const code = params.has("code") ? codeQuerySchema.safeParse({ code: params.get("code") }) : null;
  const codeDay = code?.success ? await bookingCodeDay(db, code.data.code, timeZone) : undefined;
  if (codeDay) [from, to] = [codeDay, codeDay];
  const listed = await listSlotsWithBookings(db, { from, to, timeZone, lang });
  const slots = codeDay && code?.success ? listed.filter((slot) => slot.bookings.some((booking) => booking.code === code.data.code)) : listed;
  return {
    ...shared,
    calendar: null,
    from,
    to,
    search: code ? { code: params.get("code") ?? "", found: Boolean(codeDay) } : null,
    slots,
  };
}

type BulkQuestion = Extract<BulkState, { ask: unknown }>["ask"];

/**
 * The question before closing or deleting ticked slots: how many live bookings a delete would
 * cancel and how many waiting parents a close or delete would take out of line (all are e-mailed).
 * Null when there is nothing to ask: no such slots, or closing times nobody waits for.
 */
export async function bulkSlotsQuestion(db: DB, action: "close" | "delete", ids: number[]): Promise<BulkQuestion | null> {
  const valid = ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= MAX_RECORD_ID);
  const rows = valid.length === 0 ? [] : await db.selectFrom("demo_slots").select(["id", "seats_taken", "status"]).where("id", "in", valid).execute();
  const ending = action === "delete" ? rows : rows.filter((row) => row.status === "open");
  const waitlisted = await waitlistCount(
    db,
    ending.map((row) => row.id),
  );
  if (rows.length === 0 || (action === "close" && waitlisted === 0)) return null;
  return { action, ids: rows.map((row) => row.id), slots: rows.length, bookings: rows.reduce((sum, row) => sum + row.seats_taken, 0), waitlisted };
}
