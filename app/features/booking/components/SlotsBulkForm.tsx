import { useTranslation } from "react-i18next";
import { Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import { BulkFeedback } from "~/features/admin-kit/list/BulkFeedback";
import { isBulkState } from "~/features/booking/admin-slots-forms";
import { BULK_FORM_ID } from "~/features/booking/SlotsCalendar";

/**
 * Close, reopen or delete the ticked slots (their checkboxes name this form). A real form: without
 * JavaScript it posts to the page's action; a delete first asks, naming the bookings it cancels.
 */
export function SlotsBulkForm() {
  const { t } = useTranslation("booking");
  const answer = useActionData();
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
            <p className="text-sm text-slate-700">
              {state.ask.bookings > 0 ? t("admin.bulk.confirmBookings", { count: state.ask.bookings }) : t("admin.bulk.confirmPlain")}
            </p>
          ) : null}
          {state.ask.waitlisted > 0 ? <p className="text-sm text-slate-700">{t("admin.bulk.confirmWaitlist", { count: state.ask.waitlisted })}</p> : null}
          <input type="hidden" name="intent" value="bulk" />
          <input type="hidden" name="bulk" value={state.ask.action} />
          <input type="hidden" name="confirmed" value="yes" />
          {state.ask.ids.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              disabled={busy}
              className="rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
            >
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
