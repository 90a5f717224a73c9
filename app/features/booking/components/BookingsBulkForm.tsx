import { useTranslation } from "react-i18next";
import { Link, useActionData, useLocation } from "react-router";
import { BulkFeedback } from "~/features/admin-kit/list/BulkFeedback";
import { inputClass } from "~/ui/Field";
import { BOOKINGS_FORM_ID, isBookingsBulkState } from "~/features/booking/admin-slots-forms";

/**
 * A new status for, or the CSV of, the bookings ticked in the list (their checkboxes name this
 * form). A plain form: "Change status" posts to the page, "Export chosen rows" sends the ids to
 * the CSV endpoint; cancelling asks first, naming how many parents are e-mailed.
 */
export function BookingsBulkForm() {
  const { t } = useTranslation("booking");
  const { t: ta } = useTranslation("admin");
  const answer = useActionData();
  const state = isBookingsBulkState(answer) ? answer : undefined;
  const ask = state && "ask" in state ? (state.ask as { ids: number[] }) : undefined;
  const location = useLocation();
  const button = "rounded-md border px-3 py-2 text-sm font-semibold";
  return (
    <div className="space-y-2 rounded-xl border border-slate-200 bg-slate-50 p-3">
      <form
        method="post"
        action={location.pathname + location.search}
        id={BOOKINGS_FORM_ID}
        className="flex flex-wrap items-end gap-2"
        aria-label={t("admin.bookingsBulk.legend")}
      >
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
        <button
          type="submit"
          formMethod="get"
          formAction="/api/admin/submissions/demo-bookings/export"
          className={`${button} border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}
        >
          {ta("bulk.export")}
        </button>
      </form>
      <BulkFeedback state={state} noneText={ta("bulk.none")} />
      {ask ? (
        <form
          method="post"
          action={location.pathname + location.search}
          role="alertdialog"
          aria-labelledby="bookings-bulk-confirm"
          className="space-y-2 rounded-lg border border-red-300 bg-white p-3"
        >
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
