import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, useRevalidator } from "react-router";
import { toast } from "~/ui/toast";
import type { z } from "zod";
import { requireAdminPage } from "~/features/accounts/guards.server";
import { listCourses } from "~/features/courses/courses.server";
import { langFromPath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { fieldErrors } from "~/lib/validation";
import { Field, inputClass } from "~/ui/Field";
import { PageMeta } from "~/ui/PageMeta";
import { academyTimeZone } from "./academy-zone.server";
import type { Route } from "./+types/admin-slots.route";
import { codeQuerySchema, rangeSchema, seriesCreateSchema, slotCreateSchema } from "./booking.schema";
import { formatZoneLabel, weekdayNames } from "./slot-format";
import { bookingCodeDay, defaultAdminRange, listSlotsWithBookings, type AdminBooking, type AdminSlot } from "./slots-admin.server";
import { addDays } from "./zoned-time";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const timeZone = await academyTimeZone(context.db);
  const query = rangeSchema.safeParse(Object.fromEntries(url.searchParams));
  const fallback = defaultAdminRange(timeZone);
  let from = (query.success && query.data.from) || fallback.from;
  let to = (query.success && query.data.to) || addDays(from, 13);
  if (to < from || to > addDays(from, 366)) [from, to] = [fallback.from, fallback.to];
  // ?code=ABC234: the slot of the booking with that short code (a parent on the phone).
  const code = url.searchParams.has("code") ? codeQuerySchema.safeParse({ code: url.searchParams.get("code") }) : null;
  const codeDay = code?.success ? await bookingCodeDay(context.db, code.data.code, timeZone) : undefined;
  if (codeDay) [from, to] = [codeDay, codeDay];
  const [listed, courses] = await Promise.all([listSlotsWithBookings(context.db, { from, to, timeZone, lang }), listCourses(context.db, lang)]);
  const slots = codeDay && code?.success ? listed.filter((slot) => slot.bookings.some((booking) => booking.code === code.data.code)) : listed;
  return {
    from,
    to,
    search: code ? { code: url.searchParams.get("code") ?? "", found: Boolean(codeDay) } : null,
    slots,
    courses: courses.map((course) => ({ id: Number(course._id), name: course.courseName })),
    zoneLabel: formatZoneLabel(new Date(), timeZone, lang),
    weekdays: weekdayNames(lang, "long"),
  };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin/AdminError";

type Errors = Record<string, string>;
type ApiAnswer = { message?: string; errors?: Errors };

/** Sends a staff change, shows the server's message, and reloads the page's data. */
function useStaffAction() {
  const { t } = useTranslation("booking");
  const lang = useLang();
  const revalidator = useRevalidator();
  return async (method: "POST" | "PATCH" | "DELETE", path: string, body?: unknown): Promise<ApiAnswer | null> => {
    try {
      const result = await apiRequest<ApiAnswer>(method, path, { body, lang });
      if (result.ok) toast.success(result.data?.message ?? t("admin.failed"));
      else toast.error(result.data?.message ?? t("admin.failed"));
      await revalidator.revalidate();
      return result.ok ? null : (result.data ?? {});
    } catch {
      toast.error(t("admin.failed"));
      return {};
    }
  };
}

/** A staff form checked with its shared zod schema before it is posted; keeps its field errors. */
function useCheckedPost(schema: z.ZodType, path: string) {
  const send = useStaffAction();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (payload: unknown) => {
    const parsed = schema.safeParse(payload);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setBusy(true);
    const failure = await send("POST", path, parsed.data);
    setBusy(false);
    setErrors(failure?.errors ?? {});
  };
  return { errors, busy, submit };
}

const numberOrNull = (value: FormDataEntryValue | null) => (value === null || value === "" ? null : Number(value));
const numberOrNaN = (value: FormDataEntryValue | null) => (value === null || value === "" ? Number.NaN : Number(value));

/** /admin/slots: create slots and series, follow and change their bookings, export them. */
export default function AdminSlotsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("booking");
  const { from, to, search, slots, courses, zoneLabel, weekdays } = loaderData;
  const byDate = new Map<string, AdminSlot[]>();
  for (const slot of slots) byDate.set(slot.dateLabel, [...(byDate.get(slot.dateLabel) ?? []), slot]);

  return (
    <div className="space-y-8">
      <PageMeta title={t("meta.adminTitle")} description={t("meta.adminTitle")} />
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t("admin.heading")}</h1>
        <p className="mt-1 text-slate-600">{t("admin.intro", { zone: zoneLabel })}</p>
      </header>

      <div className="grid gap-6 xl:grid-cols-2">
        <CreateSlotForm courses={courses} />
        <CreateSeriesForm courses={courses} weekdays={weekdays} />
      </div>

      <section aria-labelledby="slots-list" className="space-y-4">
        <h2 id="slots-list" className="text-xl font-bold text-slate-900">
          {t("admin.list.heading")}
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label={t("admin.range.legend")}>
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
        {slots.length === 0 && !search ? <p className="text-slate-600">{t("admin.list.empty")}</p> : null}
        {[...byDate.entries()].map(([dateLabel, daySlots]) => (
          <section key={dateLabel} aria-label={dateLabel} className="space-y-3">
            <h3 className="font-semibold text-slate-800">{dateLabel}</h3>
            {daySlots.map((slot) => (
              <SlotCard key={slot.id} slot={slot} />
            ))}
          </section>
        ))}
      </section>
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

function CourseSelect({ courses, name, error }: { courses: { id: number; name: string }[]; name: string; error?: string }) {
  const { t } = useTranslation("booking");
  return (
    <Field label={t("admin.create.course")} error={error}>
      {({ id, describedBy, invalid }) => (
        <select id={id} name={name} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} defaultValue="">
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

const placeOf = (form: FormData) => ({ mode: String(form.get("mode") ?? "academy"), meetingUrl: String(form.get("meetingUrl") ?? "") });

/** Online or at the academy, and the online class's meeting link. */
function PlaceFields({ errors }: { errors: Errors }) {
  const { t } = useTranslation("booking");
  return (
    <>
      <Field label={t("admin.create.mode")} error={errors.mode}>
        {({ id, describedBy, invalid }) => (
          <select id={id} name="mode" defaultValue="academy" className={inputClass} aria-describedby={describedBy} aria-invalid={invalid}>
            <option value="academy">{t("mode.academy")}</option>
            <option value="online">{t("mode.online")}</option>
          </select>
        )}
      </Field>
      <Field label={t("admin.create.meetingUrl")} error={errors.meetingUrl}>
        {({ id, describedBy, invalid }) => (
          <input id={id} name="meetingUrl" type="url" dir="ltr" placeholder="https://" className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} />
        )}
      </Field>
    </>
  );
}

function NumberField({ label, name, defaultValue, error }: { label: string; name: string; defaultValue: number; error?: string }) {
  return (
    <Field label={label} error={error}>
      {({ id, describedBy, invalid }) => (
        <input id={id} name={name} type="number" min={1} step={1} defaultValue={defaultValue} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} />
      )}
    </Field>
  );
}

function CreateSlotForm({ courses }: { courses: { id: number; name: string }[] }) {
  const { t } = useTranslation("booking");
  const { errors, busy, submit } = useCheckedPost(slotCreateSchema, "/api/admin/slots");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const payload = {
      date: form.get("date"),
      time: form.get("time"),
      durationMinutes: numberOrNaN(form.get("durationMinutes")),
      capacity: numberOrNaN(form.get("capacity")),
      courseId: numberOrNull(form.get("courseId")),
      ...placeOf(form),
    };
    await submit(payload);
  }

  return (
    <Panel title={t("admin.create.heading")} id="create-slot">
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-3 sm:grid-cols-2">
        <Field label={t("admin.create.date")} error={errors.date}>
          {({ id, describedBy, invalid }) => <input id={id} name="date" type="date" className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} />}
        </Field>
        <Field label={t("admin.create.time")} error={errors.time}>
          {({ id, describedBy, invalid }) => <input id={id} name="time" type="time" className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} />}
        </Field>
        <NumberField label={t("admin.create.duration")} name="durationMinutes" defaultValue={60} error={errors.durationMinutes} />
        <NumberField label={t("admin.create.capacity")} name="capacity" defaultValue={5} error={errors.capacity} />
        <CourseSelect courses={courses} name="courseId" error={errors.courseId} />
        <PlaceFields errors={errors} />
        <div className="flex items-end">
          <button type="submit" disabled={busy} className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60">
            {t("admin.create.submit")}
          </button>
        </div>
      </form>
    </Panel>
  );
}

function CreateSeriesForm({ courses, weekdays }: { courses: { id: number; name: string }[]; weekdays: string[] }) {
  const { t } = useTranslation("booking");
  const { errors, busy, submit } = useCheckedPost(seriesCreateSchema, "/api/admin/slots/series");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const payload = {
      from: form.get("from"),
      to: form.get("to"),
      weekdays: form.getAll("weekdays").map(Number),
      times: String(form.get("times") ?? "")
        .split(/[\s,،]+/)
        .filter(Boolean),
      durationMinutes: numberOrNaN(form.get("durationMinutes")),
      capacity: numberOrNaN(form.get("capacity")),
      courseId: numberOrNull(form.get("courseId")),
      ...placeOf(form),
    };
    await submit(payload);
  }

  return (
    <Panel title={t("admin.series.heading")} id="create-series">
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-3 sm:grid-cols-2">
        <Field label={t("admin.series.from")} error={errors.from}>
          {({ id, describedBy, invalid }) => <input id={id} name="from" type="date" className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} />}
        </Field>
        <Field label={t("admin.series.to")} error={errors.to}>
          {({ id, describedBy, invalid }) => <input id={id} name="to" type="date" className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} />}
        </Field>
        <fieldset className="sm:col-span-2" aria-describedby={errors.weekdays ? "series-weekdays-error" : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-800">{t("admin.series.weekdays")}</legend>
          <div className="flex flex-wrap gap-3">
            {weekdays.map((name, day) => (
              <label key={name} className="flex items-center gap-1 text-sm text-slate-800">
                <input type="checkbox" name="weekdays" value={day} defaultChecked={day >= 1 && day <= 5} />
                {name}
              </label>
            ))}
          </div>
          {errors.weekdays ? <SeriesError id="series-weekdays-error" message={errors.weekdays} /> : null}
        </fieldset>
        <Field label={t("admin.series.times")} hint={t("admin.series.timesHint")} error={errors.times} className="sm:col-span-2">
          {({ id, describedBy, invalid }) => (
            <input id={id} name="times" type="text" dir="ltr" defaultValue="10:00, 11:00, 12:00, 13:00, 14:00" className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} />
          )}
        </Field>
        <NumberField label={t("admin.create.duration")} name="durationMinutes" defaultValue={60} error={errors.durationMinutes} />
        <NumberField label={t("admin.create.capacity")} name="capacity" defaultValue={5} error={errors.capacity} />
        <CourseSelect courses={courses} name="courseId" error={errors.courseId} />
        <PlaceFields errors={errors} />
        <div className="flex items-end">
          <button type="submit" disabled={busy} className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60">
            {t("admin.series.submit")}
          </button>
        </div>
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

function SlotCard({ slot }: { slot: AdminSlot }) {
  const { t } = useTranslation("booking");
  const send = useStaffAction();
  const [capacityError, setCapacityError] = useState<string | undefined>();
  const headingId = `slot-${slot.id}`;

  async function saveCapacity(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const capacity = numberOrNaN(new FormData(event.currentTarget).get("capacity"));
    const failure = await send("PATCH", `/api/admin/slots/${slot.id}`, { capacity });
    setCapacityError(failure ? (failure.errors?.capacity ?? failure.message) : undefined);
  }

  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h4 id={headingId} className="text-lg font-bold text-slate-900">
          {slot.timeLabel} · {slot.courseName ?? t("admin.create.anyCourse")}
        </h4>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${slot.status === "open" ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-700"}`}>
          {slot.status === "open" ? t("admin.list.open") : t("admin.list.closed")}
        </span>
        <span className="text-slate-700">{t("admin.list.seats", { taken: slot.seatsTaken, capacity: slot.capacity })}</span>
        <span className="text-sm text-slate-600">{t("details.minutes", { count: slot.durationMinutes })}</span>
        <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-800">{t(`mode.${slot.mode}`)}</span>
        {slot.mode === "online" && slot.meetingUrl ? (
          <span dir="ltr" className="break-all text-sm text-slate-600">
            {slot.meetingUrl}
          </span>
        ) : null}
      </div>
      <div className="mt-3 flex flex-wrap items-start gap-3">
        <form onSubmit={saveCapacity} noValidate className="flex items-start gap-2">
          <Field label={<span className="sr-only">{t("admin.list.capacity")}</span>} error={capacityError} className="w-28">
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                name="capacity"
                type="number"
                min={1}
                defaultValue={slot.capacity}
                key={slot.capacity}
                className={inputClass}
                aria-describedby={describedBy}
                aria-invalid={invalid}
              />
            )}
          </Field>
          <button type="submit" className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50">
            {t("admin.list.saveCapacity")}
          </button>
        </form>
        <button
          type="button"
          onClick={() => send("PATCH", `/api/admin/slots/${slot.id}`, { status: slot.status === "open" ? "closed" : "open" })}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50"
        >
          {slot.status === "open" ? t("admin.list.close") : t("admin.list.reopen")}
        </button>
        <button
          type="button"
          onClick={() => {
            if (window.confirm(t("admin.list.confirmDelete"))) void send("DELETE", `/api/admin/slots/${slot.id}`);
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
    </article>
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
              <td className="px-2 py-2 font-mono" dir="ltr">
                {booking.code ?? "—"}
              </td>
              <td className="px-2 py-2">{booking.courseName}</td>
              <td className="px-2 py-2">
                {booking.childName} ({booking.childAge})
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
                        if (window.confirm(t("admin.list.confirmCancel"))) void onAction("POST", `/api/admin/slots/bookings/${booking.id}/cancel`);
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
