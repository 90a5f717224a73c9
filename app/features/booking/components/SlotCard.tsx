import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { Field, inputClass } from "~/ui/Field";
import { LocalLink } from "~/ui/LocalLink";
import { toast } from "~/ui/toast";
import { BOOKINGS_FORM_ID, capacityForm } from "~/features/booking/admin-slots-forms";
import type { AdminBooking, AdminSlot } from "~/features/booking/slots-admin.server";
import { BULK_FORM_ID } from "~/features/booking/SlotsCalendar";
import { useSlotsForm } from "./use-slots-form";

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

/** A slot's capacity; remounted when the stored capacity changes so it shows the new one. */
function CapacityForm({ slot }: { slot: AdminSlot }) {
  const { t } = useTranslation("booking");
  const form = useSlotsForm(`capacity-${slot.id}`, capacityForm, "PATCH", `/api/admin/slots/${slot.id}`, { capacity: String(slot.capacity) });
  return (
    <form {...form.formProps} className="flex items-start gap-2">
      <Field label={<span className="sr-only">{t("admin.list.capacity")}</span>} error={form.error("capacity")} className="w-28">
        {({ id, describedBy, invalid }) => (
          <input id={id} type="number" min={1} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...form.field("capacity")} />
        )}
      </Field>
      <button type="submit" disabled={form.pending} className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50">
        {t("admin.list.saveCapacity")}
      </button>
    </form>
  );
}

export function SlotCard({ slot }: { slot: AdminSlot }) {
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
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${slot.status === "open" ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-700"}`}
        >
          {slot.status === "open" ? t("admin.list.open") : t("admin.list.closed")}
        </span>
        <span className="text-slate-700">{t("admin.list.seats", { taken: slot.seatsTaken, capacity: slot.capacity })}</span>
        {slot.waitlist.length > 0 ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            {t("waitlist.admin.count", { count: slot.waitlist.length })}
          </span>
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
      {slot.bookings.length === 0 ? <p className="mt-3 text-sm text-slate-600">{t("admin.list.noBookings")}</p> : <BookingsTable slot={slot} onAction={send} />}
      {slot.waitlist.length > 0 ? <WaitlistTable slot={slot} /> : null}
    </article>
  );
}

/** A slot's line (decision 032): who waits, in order, and whose offer holds a seat until when. */
function WaitlistTable({ slot }: { slot: AdminSlot }) {
  const { t } = useTranslation("booking");
  const headingId = `waitlist-${slot.id}`;
  return (
    // Named with its time and course: two times' lines on one list are two distinct landmarks.
    <section
      aria-label={`${t("waitlist.admin.heading")}: ${slot.dateLabel} ${slot.timeLabel} · ${slot.courseName ?? t("admin.create.anyCourse")}`}
      className="mt-3 overflow-x-auto"
    >
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
  const { t: tt } = useTranslation("timetable");
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
                <input
                  type="checkbox"
                  name="ids"
                  value={booking.id}
                  form={BOOKINGS_FORM_ID}
                  aria-label={t("admin.bookingsBulk.choose", { child: booking.childName, code: booking.code ?? booking.id })}
                  className="h-5 w-5 accent-indigo-600"
                />
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
                      <button
                        type="button"
                        onClick={() => attendance(booking, "attended")}
                        className="rounded border border-slate-300 px-2 py-1 hover:bg-slate-50"
                      >
                        {t("admin.list.attended")}
                      </button>
                    ) : null}
                    {booking.status !== "no_show" ? (
                      <button
                        type="button"
                        onClick={() => attendance(booking, "no_show")}
                        className="rounded border border-slate-300 px-2 py-1 hover:bg-slate-50"
                      >
                        {t("admin.list.noShow")}
                      </button>
                    ) : null}
                    {booking.status !== "booked" ? (
                      <button
                        type="button"
                        onClick={() => attendance(booking, "booked")}
                        className="rounded border border-slate-300 px-2 py-1 hover:bg-slate-50"
                      >
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
                    {/* Demo to enrolment in one step (decision 069): a page of its own, a plain form. */}
                    <LocalLink
                      to={`/admin/demo-bookings/${booking.id}/enrol`}
                      aria-label={tt("convert.linkFor", { child: booking.childName })}
                      className="rounded border border-indigo-300 px-2 py-1 text-indigo-800 hover:bg-indigo-50"
                    >
                      {tt("convert.link")}
                    </LocalLink>
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
