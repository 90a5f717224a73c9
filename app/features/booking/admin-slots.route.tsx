import type { ReactNode } from "react";
import { BulkFeedback } from "~/features/admin/list/BulkFeedback";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useActionData, useLocation, useNavigation, useRevalidator } from "react-router";
import { toast } from "~/ui/toast";
import { z } from "zod";
import { requireAdminPage } from "~/features/accounts/guards.server";
import { listCourses } from "~/features/courses/courses.server";
import { langFromPath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { useAdminForm } from "~/features/admin/use-admin-form";
import type { ApiForm } from "~/lib/forms/use-api-form";
import { Field, inputClass } from "~/ui/Field";
import { TextField } from "~/ui/FormControls";
import { PageMeta } from "~/ui/PageMeta";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { academyTimeZone } from "./academy-zone.server";
import type { Route } from "./+types/admin-slots.route";
import { codeQuerySchema, rangeSchema, seriesCreateSchema, slotCreateSchema, slotUpdateSchema } from "./booking.schema";
import { formatDayLabel, formatZoneLabel, weekdayNames } from "./slot-format";
import { bookingCodeDay, defaultAdminRange, listSlotsWithBookings, type AdminBooking, type AdminSlot } from "./slots-admin.server";
import { waitlistCount } from "./waitlist.server";
import { addDays, daysBetween, weekdayOf, zonedParts } from "./zoned-time";
import { calendarFrame, calendarHours, parseCreateParam, weekStart, type CalendarView } from "./slots-calendar";
import { BULK_FORM_ID, SlotsCalendar } from "./SlotsCalendar";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const timeZone = await academyTimeZone(context.db);
  const params = url.searchParams;
  const now = zonedParts(new Date(), timeZone);
  const today = now.date;
  const courses = (await listCourses(context.db, lang)).map((course) => ({ id: Number(course._id), name: course.courseName }));
  const create = parseCreateParam(params.get("create"));
  const shared = { courses, create: create ? { ...create, label: formatDayLabel(create.date, lang) } : null, zoneLabel: formatZoneLabel(new Date(), timeZone, lang), weekdays: weekdayNames(lang, "long") };
  // The calendar (a week, today's by default) unless a range, a code or the list was asked for.
  if (params.get("view") !== "list" && !params.has("from") && !params.has("to") && !params.has("code")) {
    const view: CalendarView = params.get("view") === "day" ? "day" : "week";
    const asked = rangeSchema.safeParse({ from: params.get("date") ?? undefined });
    // A date far from today is still fine to look at, within the list's own year-long limit.
    const date = asked.success && asked.data.from && Math.abs(daysBetween(today, asked.data.from)) <= 366 ? asked.data.from : today;
    const frame = calendarFrame(view, view === "week" ? weekStart(date) : date, now, lang);
    const slots = await listSlotsWithBookings(context.db, { from: frame.from, to: frame.to, timeZone, lang });
    // "Select this series": slots carry no series id, so the same weekday and time in the shown dates.
    const pattern = slots.find((slot) => String(slot.id) === params.get("select"));
    const selected = pattern ? slots.filter((slot) => weekdayOf(slot.date) === weekdayOf(pattern.date) && slot.time === pattern.time).map((slot) => slot.id) : [];
    return {
      ...shared,
      calendar: { frame, hours: calendarHours(slots.map((slot) => slot.time)), selected, series: pattern ? { weekday: shared.weekdays[weekdayOf(pattern.date)]!, time: pattern.timeLabel, count: selected.length } : null },
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
  const code = url.searchParams.has("code") ? codeQuerySchema.safeParse({ code: url.searchParams.get("code") }) : null;
  const codeDay = code?.success ? await bookingCodeDay(context.db, code.data.code, timeZone) : undefined;
  if (codeDay) [from, to] = [codeDay, codeDay];
  const listed = await listSlotsWithBookings(context.db, { from, to, timeZone, lang });
  const slots = codeDay && code?.success ? listed.filter((slot) => slot.bookings.some((booking) => booking.code === code.data.code)) : listed;
  return {
    ...shared,
    calendar: null,
    from,
    to,
    search: code ? { code: url.searchParams.get("code") ?? "", found: Boolean(codeDay) } : null,
    slots,
  };
}

/** What the bulk form shows after a post: the server's answer, or the question before a delete. */
export type BulkState =
  | { form: "bulk"; ok: boolean; message: string }
  | { form: "bulk"; none: true }
  | { form: "bulk"; ask: { action: "close" | "delete"; ids: number[]; slots: number; bookings: number; waitlisted: number } };

/**
 * Posts of the page without JavaScript (and the bulk form always): the one-slot form goes through
 * its JSON endpoint (decision 019); the bulk form through POST /api/admin/slots/bulk, after asking
 * before any delete.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdminPage(context, request);
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const fields = await request.clone().formData().catch(() => null);
  if (fields?.get("intent") === "slot") {
    return postFormToApi(
      { request, context },
      {
        form: "slot",
        path: "/api/admin/slots",
        toBody: (form) => slotPayload(form),
        // To the calendar (a fragment of its own: the browser would keep the form's #create-slot).
        onSuccess: (_answer, form) => `${url.pathname}?view=week&date=${encodeURIComponent(form.date ?? "")}#slots-list`,
      },
    );
  }
  if (fields?.get("intent") === "bookings-bulk") return bookingsBulk(fields, context, langFromPath(url.pathname));
  if (!fields || fields.get("intent") !== "bulk") throw data({ message: "Bad request." }, { status: 400 });
  const bulk = fields.get("bulk");
  const action = bulk === "close" || bulk === "reopen" || bulk === "delete" ? bulk : "close";
  const ids = fields.getAll("ids").map((id) => Number(id));
  if (ids.length === 0) return { form: "bulk", none: true } satisfies BulkState;
  if ((action === "delete" || action === "close") && fields.get("confirmed") !== "yes") {
    // Ask first, saying how many live bookings a delete would cancel and how many waiting parents
    // a close or delete would take out of line (all of them are e-mailed).
    const valid = ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id < 2 ** 31);
    const rows = valid.length === 0 ? [] : await context.db.selectFrom("demo_slots").select(["id", "seats_taken", "status"]).where("id", "in", valid).execute();
    const ending = action === "delete" ? rows : rows.filter((row) => row.status === "open");
    const waitlisted = await waitlistCount(context.db, ending.map((row) => row.id));
    const ask = { action: action === "delete" ? ("delete" as const) : ("close" as const), ids: rows.map((row) => row.id), slots: rows.length, bookings: rows.reduce((sum, row) => sum + row.seats_taken, 0), waitlisted };
    // Closing times nobody waits for needs no question.
    const state: BulkState = { form: "bulk", ask };
    if (rows.length > 0 && (action === "delete" || waitlisted > 0)) return state;
  }
  const answer = await context.callApi({ method: "POST", path: "/api/admin/slots/bulk", body: { action, ids, ...(action === "delete" ? { confirm: true } : {}) }, lang });
  const ok = answer.status >= 200 && answer.status < 300;
  return data({ form: "bulk", ok, message: answer.body.message ?? "" } satisfies BulkState, { status: answer.status, headers: { "Cache-Control": "private, no-store" } });
}

/** What the chosen-bookings form shows after a post: the answer, or the question before cancelling. */
export type BookingsBulkState =
  | { form: "bookings-bulk"; ok: boolean; message: string }
  | { form: "bookings-bulk"; none: true }
  | { form: "bookings-bulk"; ask: { ids: number[] } };

/**
 * The chosen bookings' new status, through POST /api/admin/submissions/demo-bookings/bulk (the
 * one-booking functions, so a cancellation frees the seat and e-mails the parent). Cancelling
 * asks first on the page, without window.confirm, so it reads the same without JavaScript.
 */
async function bookingsBulk(fields: FormData, context: Route.ActionArgs["context"], lang: "en" | "ar") {
  const ids = fields.getAll("ids").map((id) => (typeof id === "string" && /^\d{1,10}$/.test(id) ? Number(id) : id));
  if (ids.length === 0) return { form: "bookings-bulk", none: true } satisfies BookingsBulkState;
  const status = fields.get("status");
  if (status === "cancelled" && fields.get("confirmed") !== "yes" && ids.every((id) => typeof id === "number")) {
    return { form: "bookings-bulk", ask: { ids: ids as number[] } } satisfies BookingsBulkState;
  }
  const answer = await context.callApi({ method: "POST", path: "/api/admin/submissions/demo-bookings/bulk", body: { status, ids }, lang });
  const ok = answer.status >= 200 && answer.status < 300;
  return data({ form: "bookings-bulk", ok, message: answer.body.message ?? "" } satisfies BookingsBulkState, { status: answer.status, headers: { "Cache-Control": "private, no-store" } });
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin/AdminError";

type ApiAnswer = { message?: string };

/** A staff button's change (close, delete, attendance): shows the server's message and reloads the page's data. */
function useStaffAction() {
  const { t } = useTranslation("booking");
  const lang = useLang();
  const revalidator = useRevalidator();
  return async (method: "POST" | "PATCH" | "DELETE", path: string, body?: unknown): Promise<void> => {
    try {
      const result = await apiRequest<ApiAnswer>(method, path, { body, lang });
      if (result.ok) toast.success(result.data?.message ?? t("admin.failed"));
      else toast.error(result.data?.message ?? t("admin.failed"));
    } catch {
      toast.error(t("admin.failed"));
    }
    await revalidator.revalidate();
  };
}

// The forms hold texts; these turn them into the API's payload before the shared schema checks it.
type SlotFormValues = Record<string, string | string[]>;
const text = (value: unknown) => (typeof value === "string" ? value : "");
const numberOrNull = (value: unknown) => (text(value) === "" ? null : Number(value));
const numberOrNaN = (value: unknown) => (text(value) === "" ? Number.NaN : Number(value));
const placeOf = (form: Record<string, unknown>) => ({ mode: text(form.mode) || "academy", meetingUrl: text(form.meetingUrl) });
const slotPayload = (form: Record<string, unknown>) => ({
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
const slotForm = fromForm(slotPayload, slotCreateSchema);
const seriesForm = fromForm(seriesPayload, seriesCreateSchema);
const capacityForm = fromForm((form) => ({ capacity: numberOrNaN(form.capacity) }), slotUpdateSchema);

/** A form of the slots screen: the server's message, then the page's data is reloaded. */
function useSlotsForm(
  id: string,
  schema: z.ZodType<SlotFormValues, SlotFormValues>,
  method: "POST" | "PATCH",
  path: string,
  defaults: SlotFormValues,
  initial?: Record<string, string>,
) {
  const { t } = useTranslation("booking");
  const failed = t("admin.failed");
  return useAdminForm({ id, schema, defaults, initial, request: (values) => ({ method, path, body: values }), messages: { failed, network: failed } });
}

/** /admin/slots: create slots and series, follow and change their bookings, export them. */
export default function AdminSlotsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("booking");
  const { from, to, search, slots, courses, zoneLabel, weekdays, calendar, create } = loaderData;
  const location = useLocation();
  const view = calendar ? calendar.frame.view : "list";
  const byDate = new Map<string, AdminSlot[]>();
  for (const slot of slots) byDate.set(slot.dateLabel, [...(byDate.get(slot.dateLabel) ?? []), slot]);

  return (
    <div className="space-y-8">
      <PageMeta title={t("meta.adminTitle")} description={t("meta.adminTitle")} />
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t("admin.heading")}</h1>
        <p className="mt-1 text-slate-600">{t("admin.intro", { zone: zoneLabel })}</p>
      </header>

      <section aria-labelledby="slots-list" className="space-y-4">
        <h2 id="slots-list" className="text-xl font-bold text-slate-900">
          {t("admin.list.heading")}
        </h2>
        <ViewLinks view={view} date={calendar?.frame.date ?? from} to={to} />
        {/* Keyed on the address so a "same weekday and time" link re-ticks the boxes after a client move. */}
        <BulkForm key={location.search} />
        {calendar ? (
          <>
            {calendar.series ? (
              <p role="status" className="font-medium text-slate-800">
                {t("admin.calendar.seriesChosen", calendar.series)}
              </p>
            ) : null}
            <SlotsCalendar key={location.search} frame={calendar.frame} hours={calendar.hours} slots={slots} selected={calendar.selected} />
          </>
        ) : null}
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label={t("admin.range.legend")}>
          <input type="hidden" name="view" value="list" />
          <label className="text-sm font-medium text-slate-800">
            {t("admin.range.from")}
            <input type="date" name="from" defaultValue={from} className={inputClass} />
          </label>
          <label className="text-sm font-medium text-slate-800">
            {t("admin.range.to")}
            <input type="date" name="to" defaultValue={to} className={inputClass} />
          </label>
          <button type="submit" className="rounded-lg bg-slate-800 px-4 py-2 font-semibold text-white hover:bg-slate-900">
            {t("admin.range.show")}
          </button>
          <a
            href={`/api/admin/slots/bookings.csv?from=${from}&to=${to}`}
            download
            className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
          >
            {t("admin.range.export")}
          </a>
        </Form>
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label={t("admin.search.submit")}>
          <label className="text-sm font-medium text-slate-800">
            {t("admin.search.label")}
            <input name="code" dir="ltr" autoComplete="off" maxLength={12} defaultValue={search?.code ?? ""} className={`${inputClass} font-mono uppercase`} />
          </label>
          <button type="submit" className="rounded-lg bg-slate-800 px-4 py-2 font-semibold text-white hover:bg-slate-900">
            {t("admin.search.submit")}
          </button>
        </Form>
        {search ? (
          <p role="status" className="font-medium text-slate-800">
            {search.found ? t("admin.search.found", { code: search.code.toUpperCase() }) : t("admin.search.none", { code: search.code })}{" "}
            <a href="?" className="text-indigo-700 underline">
              {t("admin.search.clear")}
            </a>
          </p>
        ) : null}
        {calendar || slots.every((slot) => slot.bookings.length === 0) ? null : <BookingsBulkForm key={location.search} />}
        {calendar ? null : slots.length === 0 && !search ? <p className="text-slate-600">{t("admin.list.empty")}</p> : null}
        {calendar ? null : [...byDate.entries()].map(([dateLabel, daySlots]) => (
          <section key={dateLabel} aria-label={dateLabel} className="space-y-3">
            <h3 className="font-semibold text-slate-800">{dateLabel}</h3>
            {daySlots.map((slot) => (
              <SlotCard key={slot.id} slot={slot} />
            ))}
          </section>
        ))}
      </section>

      {/* After the calendar: today's week comes first; a click on an empty hour jumps down here. */}
      <div className="grid gap-6 xl:grid-cols-2">
        <CreateSlotForm key={create ? `${create.date}T${create.time}` : "blank"} courses={courses} create={create} />
        <CreateSeriesForm courses={courses} weekdays={weekdays} />
      </div>
    </div>
  );
}

/** Week, day and list views: plain links, so they work before and without JavaScript. */
function ViewLinks({ view, date, to }: { view: "week" | "day" | "list"; date: string; to: string }) {
  const { t } = useTranslation("booking");
  const links = [
    { key: "week", href: `?view=week&date=${date}` },
    { key: "day", href: `?view=day&date=${date}` },
    { key: "list", href: `?view=list&from=${date}&to=${view === "week" || view === "list" ? to : addDays(date, 6)}` },
  ] as const;
  return (
    <nav aria-label={t("admin.calendar.views")}>
      <ul className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        {links.map((link) => (
          <li key={link.key}>
            <a
              href={link.href}
              aria-current={view === link.key ? "page" : undefined}
              className={`block rounded-md px-4 py-1.5 font-semibold ${view === link.key ? "bg-white text-indigo-800 shadow-sm" : "text-slate-700 hover:bg-white/60"}`}
            >
              {t(`admin.calendar.${link.key}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const isBulkState = (value: unknown): value is BulkState => typeof value === "object" && value !== null && (value as BulkState).form === "bulk";

/**
 * Close, reopen or delete the ticked slots (their checkboxes name this form). A real form: without
 * JavaScript it posts to the page's action; a delete first asks, naming the bookings it cancels.
 */
function BulkForm() {
  const { t } = useTranslation("booking");
  const answer = useActionData<typeof action>();
  const state = isBulkState(answer) ? answer : undefined;
  const busy = useNavigation().state === "submitting";
  const location = useLocation();
  const button = "rounded-md border px-3 py-2 text-sm font-semibold disabled:opacity-60";
  return (
    <div className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-3">
      <Form method="post" id={BULK_FORM_ID} className="flex flex-wrap items-center gap-2" aria-label={t("admin.bulk.legend")}>
        <input type="hidden" name="intent" value="bulk" />
        <span className="text-sm text-slate-700">{t("admin.bulk.hint")}</span>
        <button type="submit" name="bulk" value="close" disabled={busy} className={`${button} border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}>
          {t("admin.bulk.close")}
        </button>
        <button type="submit" name="bulk" value="reopen" disabled={busy} className={`${button} border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}>
          {t("admin.bulk.reopen")}
        </button>
        <button type="submit" name="bulk" value="delete" disabled={busy} className={`${button} border-red-300 bg-white text-red-800 hover:bg-red-50`}>
          {t("admin.bulk.delete")}
        </button>
      </Form>
      <BulkFeedback state={state} noneText={t("admin.bulk.none")} />
      {state && "ask" in state ? (
        <Form method="post" role="alertdialog" aria-labelledby="bulk-confirm" className="space-y-2 rounded-lg border border-red-300 bg-white p-3">
          <p id="bulk-confirm" className="font-semibold text-slate-900">
            {t(state.ask.action === "close" ? "admin.bulk.closeConfirmHeading" : "admin.bulk.confirmHeading", { count: state.ask.slots })}
          </p>
          {state.ask.action === "delete" ? (
            <p className="text-sm text-slate-700">{state.ask.bookings > 0 ? t("admin.bulk.confirmBookings", { count: state.ask.bookings }) : t("admin.bulk.confirmPlain")}</p>
          ) : null}
          {state.ask.waitlisted > 0 ? <p className="text-sm text-slate-700">{t("admin.bulk.confirmWaitlist", { count: state.ask.waitlisted })}</p> : null}
          <input type="hidden" name="intent" value="bulk" />
          <input type="hidden" name="bulk" value={state.ask.action} />
          <input type="hidden" name="confirmed" value="yes" />
          {state.ask.ids.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy} className="rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60">
              {t(state.ask.action === "close" ? "admin.bulk.closeConfirmYes" : "admin.bulk.confirmYes")}
            </button>
            <Link to={location.search || "?"} className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
              {t("admin.bulk.keep")}
            </Link>
          </div>
        </Form>
      ) : null}
    </div>
  );
}

function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

type SlotForm = ApiForm<z.ZodType<SlotFormValues, SlotFormValues>>;

function CourseSelect({ courses, form }: { courses: { id: number; name: string }[]; form: SlotForm }) {
  const { t } = useTranslation("booking");
  return (
    <Field label={t("admin.create.course")} error={form.error("courseId")}>
      {({ id, describedBy, invalid }) => (
        <select id={id} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...form.field("courseId")}>
          <option value="">{t("admin.create.anyCourse")}</option>
          {courses.map((course) => (
            <option key={course.id} value={course.id}>
              {course.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Online or at the academy, and the online class's meeting link. */
function PlaceFields({ form }: { form: SlotForm }) {
  const { t } = useTranslation("booking");
  return (
    <>
      <Field label={t("admin.create.mode")} error={form.error("mode")}>
        {({ id, describedBy, invalid }) => (
          <select id={id} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...form.field("mode")}>
            <option value="academy">{t("mode.academy")}</option>
            <option value="online">{t("mode.online")}</option>
          </select>
        )}
      </Field>
      <InputField form={form} name="meetingUrl" label={t("admin.create.meetingUrl")} type="url" />
    </>
  );
}

/** A slot form's input: numbers are whole and positive, links and times read left to right. */
function InputField({ form, name, label, type, hint, className }: { form: SlotForm; name: string; label: string; type: "text" | "url" | "number" | "date" | "time"; hint?: string; className?: string }) {
  const extra = type === "number" ? { min: 1, step: 1 } : type === "url" ? { placeholder: "https://" } : type === "text" ? { dir: "ltr" as const } : undefined;
  return <TextField form={form} name={name} label={label} type={type} hint={hint} className={className} extra={extra} />;
}

/** What both create forms share: length, seats, course, place and the submit button. */
function SlotBasics({ form, courses, submit }: { form: SlotForm; courses: { id: number; name: string }[]; submit: string }) {
  const { t } = useTranslation("booking");
  return (
    <>
      <InputField form={form} name="durationMinutes" label={t("admin.create.duration")} type="number" />
      <InputField form={form} name="capacity" label={t("admin.create.capacity")} type="number" />
      <CourseSelect courses={courses} form={form} />
      <PlaceFields form={form} />
      <div className="flex items-end">
        <button type="submit" disabled={form.pending} className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60">
          {submit}
        </button>
      </div>
    </>
  );
}

const basics = { durationMinutes: "60", capacity: "5", courseId: "", mode: "academy", meetingUrl: "" };

/** One slot; a click on an empty hour of the calendar (`?create=date T time`) arrives with its date and time filled in. */
function CreateSlotForm({ courses, create }: { courses: { id: number; name: string }[]; create: { date: string; time: string; label: string } | null }) {
  const { t } = useTranslation("booking");
  const picked = { date: create?.date ?? "", time: create?.time ?? "" };
  // Also rendered into the HTML, so the form posts whole before (or without) JavaScript.
  const form = useSlotsForm("slot", slotForm, "POST", "/api/admin/slots", { ...picked, ...basics }, { ...picked, ...basics });
  return (
    <Panel title={t("admin.create.heading")} id="create-slot">
      {create ? (
        <p role="status" className="mt-2 rounded-md bg-indigo-50 px-3 py-2 text-sm font-medium text-indigo-900">
          {t("admin.calendar.prefilled", { date: create.label, time: create.time })}
        </p>
      ) : null}
      <form {...form.formProps} className="mt-4 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="slot" />
        <InputField form={form} name="date" label={t("admin.create.date")} type="date" />
        <InputField form={form} name="time" label={t("admin.create.time")} type="time" />
        <SlotBasics form={form} courses={courses} submit={t("admin.create.submit")} />
      </form>
    </Panel>
  );
}

function CreateSeriesForm({ courses, weekdays }: { courses: { id: number; name: string }[]; weekdays: string[] }) {
  const { t } = useTranslation("booking");
  const form = useSlotsForm("series", seriesForm, "POST", "/api/admin/slots/series", {
    from: "",
    to: "",
    weekdays: ["1", "2", "3", "4", "5"],
    times: "10:00, 11:00, 12:00, 13:00, 14:00",
    ...basics,
  });
  const weekdaysError = form.error("weekdays");
  return (
    <Panel title={t("admin.series.heading")} id="create-series">
      <form {...form.formProps} className="mt-4 grid gap-3 sm:grid-cols-2">
        <InputField form={form} name="from" label={t("admin.series.from")} type="date" />
        <InputField form={form} name="to" label={t("admin.series.to")} type="date" />
        <fieldset className="sm:col-span-2" aria-describedby={weekdaysError ? "series-weekdays-error" : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-800">{t("admin.series.weekdays")}</legend>
          <div className="flex flex-wrap gap-3">
            {weekdays.map((name, day) => (
              <label key={name} className="flex items-center gap-1 text-sm text-slate-800">
                <input type="checkbox" value={day} {...form.methods.register("weekdays")} />
                {name}
              </label>
            ))}
          </div>
          {weekdaysError ? <SeriesError id="series-weekdays-error" message={weekdaysError} /> : null}
        </fieldset>
        <InputField form={form} name="times" label={t("admin.series.times")} hint={t("admin.series.timesHint")} type="text" className="sm:col-span-2" />
        <SlotBasics form={form} courses={courses} submit={t("admin.series.submit")} />
      </form>
    </Panel>
  );
}

function SeriesError({ id, message }: { id: string; message: string }) {
  const { t } = useTranslation("validation");
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {t(message, { defaultValue: message })}
    </p>
  );
}

/** A slot's capacity; remounted when the stored capacity changes so it shows the new one. */
function CapacityForm({ slot }: { slot: AdminSlot }) {
  const { t } = useTranslation("booking");
  const form = useSlotsForm(`capacity-${slot.id}`, capacityForm, "PATCH", `/api/admin/slots/${slot.id}`, { capacity: String(slot.capacity) });
  return (
    <form {...form.formProps} className="flex items-start gap-2">
      <Field label={<span className="sr-only">{t("admin.list.capacity")}</span>} error={form.error("capacity")} className="w-28">
        {({ id, describedBy, invalid }) => <input id={id} type="number" min={1} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...form.field("capacity")} />}
      </Field>
      <button type="submit" disabled={form.pending} className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50">
        {t("admin.list.saveCapacity")}
      </button>
    </form>
  );
}

function SlotCard({ slot }: { slot: AdminSlot }) {
  const { t } = useTranslation("booking");
  const send = useStaffAction();
  const headingId = `slot-${slot.id}`;

  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <input
          type="checkbox"
          name="ids"
          value={slot.id}
          form={BULK_FORM_ID}
          aria-label={t("admin.calendar.select", { time: `${slot.dateLabel} ${slot.timeLabel}`, course: slot.courseName ?? t("admin.create.anyCourse") })}
          className="size-4"
        />
        <h4 id={headingId} className="text-lg font-bold text-slate-900">
          {slot.timeLabel} · {slot.courseName ?? t("admin.create.anyCourse")}
        </h4>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${slot.status === "open" ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-700"}`}>
          {slot.status === "open" ? t("admin.list.open") : t("admin.list.closed")}
        </span>
        <span className="text-slate-700">{t("admin.list.seats", { taken: slot.seatsTaken, capacity: slot.capacity })}</span>
        {slot.waitlist.length > 0 ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t("waitlist.admin.count", { count: slot.waitlist.length })}</span>
        ) : null}
        <span className="text-sm text-slate-600">{t("details.minutes", { count: slot.durationMinutes })}</span>
        <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-800">{t(`mode.${slot.mode}`)}</span>
        {slot.mode === "online" && slot.meetingUrl ? (
          <span dir="ltr" className="break-all text-sm text-slate-600">
            {slot.meetingUrl}
          </span>
        ) : null}
      </div>
      <div className="mt-3 flex flex-wrap items-start gap-3">
        <CapacityForm key={slot.capacity} slot={slot} />
        <button
          type="button"
          onClick={() => {
            // Closing ends the time's waitlist, and each parent in it is e-mailed: staff agree first.
            const waiting = slot.waitlist.filter((entry) => entry.status === "waiting" || entry.status === "offered").length;
            if (slot.status === "open" && waiting > 0 && !window.confirm(t("admin.list.confirmCloseWaitlist", { count: waiting }))) return;
            void send("PATCH", `/api/admin/slots/${slot.id}`, { status: slot.status === "open" ? "closed" : "open" });
          }}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50"
        >
          {slot.status === "open" ? t("admin.list.close") : t("admin.list.reopen")}
        </button>
        <button
          type="button"
          onClick={() => {
            // A slot with live bookings is deleted only when staff agreed that its parents are told.
            const live = slot.bookings.filter((booking) => booking.status !== "cancelled").length;
            const question = live > 0 ? t("admin.list.confirmDeleteBooked", { count: live }) : t("admin.list.confirmDelete");
            if (window.confirm(question)) void send("DELETE", `/api/admin/slots/${slot.id}${live > 0 ? "?confirm=1" : ""}`);
          }}
          className="rounded-md border border-red-300 px-3 py-2 text-sm font-medium text-red-800 hover:bg-red-50"
        >
          {t("admin.list.delete")}
        </button>
      </div>
      {slot.bookings.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t("admin.list.noBookings")}</p>
      ) : (
        <BookingsTable slot={slot} onAction={send} />
      )}
      {slot.waitlist.length > 0 ? <WaitlistTable slot={slot} /> : null}
    </article>
  );
}

/** A slot's line (decision 032): who waits, in order, and whose offer holds a seat until when. */
function WaitlistTable({ slot }: { slot: AdminSlot }) {
  const { t } = useTranslation("booking");
  const headingId = `waitlist-${slot.id}`;
  return (
    <section aria-labelledby={headingId} className="mt-3 overflow-x-auto">
      <h5 id={headingId} className="text-sm font-bold text-slate-800">
        {t("waitlist.admin.heading")}
      </h5>
      <table className="mt-1 w-full min-w-[36rem] text-start text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            {(["position", "child", "parent", "status"] as const).map((key) => (
              <th key={key} scope="col" className="px-2 py-1 text-start font-medium">
                {t(`waitlist.admin.${key}`)}
              </th>
            ))}
            <th scope="col" className="px-2 py-1 text-start font-medium">
              {t("admin.list.email")}
            </th>
            <th scope="col" className="px-2 py-1 text-start font-medium">
              {t("admin.list.phone")}
            </th>
          </tr>
        </thead>
        <tbody>
          {slot.waitlist.map((entry) => (
            <tr key={entry.id} className="border-b border-slate-100 align-top">
              <td className="px-2 py-2">{entry.position ?? "—"}</td>
              <td className="px-2 py-2">
                <bdi>{entry.childName}</bdi> ({entry.childAge})
              </td>
              <td className="px-2 py-2">{entry.parentName}</td>
              <td className="px-2 py-2">
                {entry.status === "offered" ? (
                  <>
                    {t("waitlist.admin.offeredUntil")} <bdi dir="ltr">{entry.offerExpiresLabel}</bdi>
                  </>
                ) : (
                  t("waitlist.admin.waiting")
                )}
              </td>
              <td className="px-2 py-2" dir="ltr">
                {entry.email}
              </td>
              <td className="px-2 py-2" dir="ltr">
                {entry.phone}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function BookingsTable({ slot, onAction }: { slot: AdminSlot; onAction: ReturnType<typeof useStaffAction> }) {
  const { t } = useTranslation("booking");
  const attendance = (booking: AdminBooking, status: "booked" | "attended" | "no_show") =>
    onAction("PATCH", `/api/admin/slots/bookings/${booking.id}`, { status });
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full min-w-[48rem] text-start text-sm">
        <caption className="sr-only">{t("admin.list.bookingsOf", { date: slot.dateLabel, time: slot.timeLabel })}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="px-2 py-1">
              <span className="sr-only">{t("admin.bookingsBulk.chosen")}</span>
            </th>
            {(["code", "course", "child", "parent", "email", "phone", "bookedAt", "status", "actions"] as const).map((key) => (
              <th key={key} scope="col" className="px-2 py-1 text-start font-medium">
                {t(`admin.list.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {slot.bookings.map((booking) => (
            <tr key={booking.id} className="border-b border-slate-100 align-top">
              <td className="px-2 py-2">
                <input type="checkbox" name="ids" value={booking.id} form={BOOKINGS_FORM_ID} aria-label={t("admin.bookingsBulk.choose", { child: booking.childName, code: booking.code ?? booking.id })} className="h-5 w-5 accent-indigo-600" />
              </td>
              <td className="px-2 py-2 font-mono" dir="ltr">
                {booking.code ?? "—"}
              </td>
              <td className="px-2 py-2">{booking.courseName}</td>
              <td className="px-2 py-2">
                <bdi>{booking.childName}</bdi> ({booking.childAge})
              </td>
              <td className="px-2 py-2">{booking.parentName}</td>
              <td className="px-2 py-2" dir="ltr">
                {booking.email}
              </td>
              <td className="px-2 py-2" dir="ltr">
                {booking.phone}
              </td>
              <td className="px-2 py-2" dir="ltr">
                {booking.bookedAtLabel}
              </td>
              <td className="px-2 py-2">{t(`status.${booking.status}`)}</td>
              <td className="px-2 py-2">
                {booking.status === "cancelled" ? null : (
                  <div className="flex flex-wrap gap-1">
                    {booking.status !== "attended" ? (
                      <button type="button" onClick={() => attendance(booking, "attended")} className="rounded border border-slate-300 px-2 py-1 hover:bg-slate-50">
                        {t("admin.list.attended")}
                      </button>
                    ) : null}
                    {booking.status !== "no_show" ? (
                      <button type="button" onClick={() => attendance(booking, "no_show")} className="rounded border border-slate-300 px-2 py-1 hover:bg-slate-50">
                        {t("admin.list.noShow")}
                      </button>
                    ) : null}
                    {booking.status !== "booked" ? (
                      <button type="button" onClick={() => attendance(booking, "booked")} className="rounded border border-slate-300 px-2 py-1 hover:bg-slate-50">
                        {t("admin.list.booked")}
                      </button>
                    ) : null}
                    <button
                      type="button"
                      onClick={() => {
                        // Only a class still ahead is announced to the parent (decision 025).
                        const question = new Date(slot.startsAt).getTime() > Date.now() ? t("admin.list.confirmCancelNotify") : t("admin.list.confirmCancel");
                        if (window.confirm(question)) void onAction("POST", `/api/admin/slots/bookings/${booking.id}/cancel`);
                      }}
                      className="rounded border border-red-300 px-2 py-1 text-red-800 hover:bg-red-50"
                    >
                      {t("admin.list.cancel")}
                    </button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const BOOKINGS_FORM_ID = "bookings-bulk";

const isBookingsBulkState = (value: unknown): value is BookingsBulkState =>
  typeof value === "object" && value !== null && (value as BookingsBulkState).form === "bookings-bulk";

/**
 * A new status for, or the CSV of, the bookings ticked in the list (their checkboxes name this
 * form). A plain form: "Change status" posts to the page, "Export chosen rows" sends the ids to
 * the CSV endpoint; cancelling asks first, naming how many parents are e-mailed.
 */
function BookingsBulkForm() {
  const { t } = useTranslation("booking");
  const { t: ta } = useTranslation("admin");
  const answer = useActionData<typeof action>();
  const state = isBookingsBulkState(answer) ? answer : undefined;
  const ask = state && "ask" in state ? (state.ask as { ids: number[] }) : undefined;
  const location = useLocation();
  const button = "rounded-md border px-3 py-2 text-sm font-semibold";
  return (
    <div className="space-y-2 rounded-xl border border-slate-200 bg-slate-50 p-3">
      <form method="post" action={location.pathname + location.search} id={BOOKINGS_FORM_ID} className="flex flex-wrap items-end gap-2" aria-label={t("admin.bookingsBulk.legend")}>
        <input type="hidden" name="intent" value="bookings-bulk" />
        <p className="basis-full text-sm text-slate-700">{t("admin.bookingsBulk.hint")}</p>
        <div>
          <label htmlFor="bookings-bulk-status" className="mb-1 block text-sm font-medium text-slate-800">
            {ta("bulk.statusLabel")}
          </label>
          <select id="bookings-bulk-status" name="status" className={inputClass}>
            {(["attended", "no_show", "booked", "cancelled"] as const).map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`${button} border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-700`}>
          {ta("bulk.apply")}
        </button>
        <button type="submit" formMethod="get" formAction="/api/admin/submissions/demo-bookings/export" className={`${button} border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}>
          {ta("bulk.export")}
        </button>
      </form>
      <BulkFeedback state={state} noneText={ta("bulk.none")} />
      {ask ? (
        <form method="post" action={location.pathname + location.search} role="alertdialog" aria-labelledby="bookings-bulk-confirm" className="space-y-2 rounded-lg border border-red-300 bg-white p-3">
          <p id="bookings-bulk-confirm" className="font-semibold text-slate-900">
            {t("admin.bookingsBulk.confirmHeading", { count: ask.ids.length })}
          </p>
          <p className="text-sm text-slate-700">{t("admin.bookingsBulk.confirmText")}</p>
          <input type="hidden" name="intent" value="bookings-bulk" />
          <input type="hidden" name="status" value="cancelled" />
          <input type="hidden" name="confirmed" value="yes" />
          {ask.ids.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800">
              {t("admin.bookingsBulk.confirmYes")}
            </button>
            <Link to={location.search || "?"} className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
              {t("admin.bookingsBulk.keep")}
            </Link>
          </div>
        </form>
      ) : null}
    </div>
  );
}
