import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { isFormState } from "~/lib/forms/form-state";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import type { Route } from "./+types/booking-reschedule.route";
import { BookingDetails } from "./BookingDetails";
import { rescheduleFormAction } from "./booking.action.server";
import { getBookingByCancelToken, listOpenSlots, type PublicSlot } from "./booking.server";
import { RESCHEDULE_FORM } from "./booking-forms";
import { formatDateLabel } from "~/kernel/slot-format";
import { addDays, zonedParts } from "~/lib/zoned-time";

/** How far ahead the page offers times (the booking page's default range). */
const DAYS_AHEAD = 60;

interface Day {
  date: string;
  label: string;
  slots: PublicSlot[];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const lang = langFromPath(url.pathname);
  const timeZone = await academyTimeZone(context.db);
  const booking = await getBookingByCancelToken(context.db, context.config.sessionSecret, token, timeZone, lang);
  if (!booking) throw data(null, { status: 404 });
  const state = booking.status === "cancelled" ? "cancelled" : booking.status !== "booked" || booking.startsAt <= new Date().toISOString() ? "started" : "open";
  const days: Day[] = [];
  if (state === "open" && booking.courseId !== null) {
    const from = zonedParts(new Date(), timeZone).date;
    const slots = await listOpenSlots(context.db, { courseId: booking.courseId, from, to: addDays(from, DAYS_AHEAD - 1), timeZone, lang });
    for (const slot of slots) {
      const last = days.at(-1);
      if (last?.date === slot.date) last.slots.push(slot);
      else days.push({ date: slot.date, label: formatDateLabel(slot.startsAt, timeZone, lang), slots: [slot] });
    }
  }
  return { booking, token, state, days };
}

// The move is a POST through the JSON endpoint (decision 019): the e-mail link only opens this
// page, so a mail scanner following links never moves anyone's class.
export function action(args: Route.ActionArgs) {
  return rescheduleFormAction(args);
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

/** /booking/reschedule?token=...: move a demo class booking to another open time of its course. */
export default function BookingReschedulePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("booking");
  const { booking, token, state, days } = loaderData;
  const refused = isFormState(actionData, RESCHEDULE_FORM) ? actionData : null;
  const chosen = refused?.values.slotId ?? "";
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <PageMeta title={t("meta.rescheduleTitle")} description={t("meta.rescheduleDescription")} />
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-extrabold text-slate-900">{t("reschedule.heading")}</h1>
      <p className="mt-3 text-lg text-slate-800">
        {t("reschedule.current")}:{" "}
        <span className="font-semibold">{t("confirmed.when", { date: booking.dateLabel, time: booking.timeLabel, zone: booking.zoneLabel })}</span>
      </p>
      {state !== "open" ? (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 p-4 font-semibold text-slate-900">
          {t(state === "cancelled" ? "reschedule.cancelled" : "reschedule.started")}
        </p>
      ) : days.length === 0 ? (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 p-4 text-slate-900">
          {t("reschedule.none")}
        </p>
      ) : (
        // reloadDocument: the browser posts the form itself, with or without JavaScript, so both
        // take the one path of the page's action and the confirmation page loads whole (its
        // notice included) instead of being patched in place.
        <Form method="post" reloadDocument className="mt-6" aria-describedby={refused?.message ? "reschedule-error" : undefined}>
          {refused?.message ? (
            <p id="reschedule-error" role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-4 font-semibold text-red-800">
              {refused.message}
            </p>
          ) : null}
          <input type="hidden" name="token" value={token} />
          <fieldset>
            <legend className="text-xl font-bold text-slate-900">{t("reschedule.choose")}</legend>
            <div className="mt-3 space-y-4">
              {days.map((day) => (
                <fieldset key={day.date} className="rounded-xl border border-slate-200 bg-white p-4">
                  <legend className="px-1 font-semibold text-slate-800">{day.label}</legend>
                  <div className="mt-1 flex flex-wrap gap-2">
                    {day.slots.map((slot) => {
                      const current = slot.startsAt === booking.startsAt;
                      return (
                        <label
                          key={slot.id}
                          className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-slate-900 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50"
                        >
                          <input
                            type="radio"
                            name="slotId"
                            value={slot.id}
                            required
                            defaultChecked={String(slot.id) === chosen}
                            disabled={current}
                            className="accent-indigo-600"
                          />
                          <span>
                            <span className="font-semibold">{slot.label}</span>{" "}
                            <span className="text-sm text-slate-600">
                              {current ? `(${t("reschedule.current")})` : `(${t("times.seatsLeft", { count: slot.seatsLeft })})`}
                            </span>
                          </span>
                        </label>
                      );
                    })}
                  </div>
                </fieldset>
              ))}
            </div>
          </fieldset>
          <button type="submit" className="mt-6 rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700">
            {t("reschedule.button")}
          </button>
        </Form>
      )}
      <div className="mt-8">
        <BookingDetails booking={booking} headingId="reschedule-details" />
      </div>
      {state === "cancelled" ? (
        <LocalLink
          to={booking.courseSlug ? `/courses/${booking.courseSlug}/bookdemoclass` : "/courses"}
          className="mt-8 inline-block rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700"
        >
          {t("reschedule.bookAgain")}
        </LocalLink>
      ) : null}
    </main>
  );
}
