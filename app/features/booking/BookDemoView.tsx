import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LocalLink } from "~/ui/LocalLink";
import { useLang } from "~/i18n/use-lang";
import { imageSizes, responsiveImage } from "~/lib/responsive-image";
import type { FormState } from "~/lib/forms/form-state";
import type { Route } from "./+types/book-demo.route";
import { PICK_FORM } from "./booking-forms";
import { BookingForm, type BookingConflict } from "./BookingForm";
import { DateCalendar } from "./DateCalendar";
import type { PublicSlot } from "./booking.server";
import { bookingPagePath } from "./paths";
import { formatZoneLabel } from "~/kernel/slot-format";
import { useVisitorZone, visitorTimeLabel } from "./visitor-zone";

/** What the booking page's loader gives its view (also the island's props, decision 108). */
export type BookDemoData = Route.ComponentProps["loaderData"];

/** The element the view renders into: the island hydrates it on a page without React (decision 108). */
export const BOOKING_ISLAND = "booking-island";

/** The open times of a day without the one just refused: what the API's 409 calls `remaining`. */
const remainingOf = (slots: PublicSlot[], date: string | undefined, refused: number) => slots.filter((slot) => slot.date === date && slot.id !== refused);

/**
 * The demo class booking: a date, a time, then the child's and parent's details. Rendered by the
 * page (hydrated with the app for a signed-in parent) and, on the page without React, hydrated as
 * an island of its own (app/features/booking/island/, decision 108): so it reads no router state,
 * only its props. `served` is a refusal of a post made without script; `onRefresh` fetches fresh
 * seat counts after a lost seat.
 */
export function BookDemoView({ data, served, onRefresh }: { data: BookDemoData; served: FormState | null; onRefresh: () => void }) {
  const { t } = useTranslation("booking");
  const { course, slots, fullSlots, months, weekdays, zoneLabel, timeZone, prefill, picked, savedChildren } = data;
  const lang = useLang();
  // Added after hydration: the visitor's own clock, when it differs from the academy's.
  const visitorZone = useVisitorZone(timeZone);
  const yourTime = (slot: PublicSlot) => (visitorZone ? visitorTimeLabel(slot.startsAt, slot.date, visitorZone, lang) : null);
  // A booking refused without script comes back here: its day, and its time unless that was lost (409).
  const servedSlot = Number(served?.values.slotId);
  const lost = served !== null && served.message !== "" && Object.keys(served.errors).length === 0;
  const [date, setDate] = useState<string | null>(served?.values.date || picked.date);
  const [chosen, setChosen] = useState<PublicSlot | null>(() =>
    lost ? null : (slots.find((slot) => slot.id === (served ? servedSlot : picked.slotId)) ?? null),
  );
  const [conflict, setConflict] = useState<BookingConflict | null>(
    lost
      ? {
          message: served.message,
          remaining: remainingOf(slots, served.values.date, servedSlot),
          fullSlotId: served.message === t("api.full") ? servedSlot : null,
        }
      : null,
  );
  const page = bookingPagePath(course.slug, lang);
  const waitlistJoinLink = (slotId: number) => `/courses/${course.slug}/bookdemoclass/waitlist?slot=${slotId}`;

  const dateLabels = new Map(months.flatMap((month) => month.weeks.flat()).flatMap((day) => (day ? [[day.date, day.label] as const] : [])));
  const times = date ? slots.filter((slot) => slot.date === date) : [];
  const fullTimes = date ? fullSlots.filter((slot) => slot.date === date) : [];

  const pickDate = (next: string) => {
    setDate(next);
    setChosen(null);
    setConflict(null);
  };

  const onConflict = (next: BookingConflict) => {
    setConflict(next);
    setChosen(null);
    // Fresh seat counts for the calendar and the times.
    onRefresh();
  };

  // Before script runs a time button submits the GET form (?slot=), and the page shows it chosen.
  const pickTime = (slot: PublicSlot) =>
    ({ type: "submit", form: PICK_FORM, name: "slot", value: String(slot.id), formAction: `${page}#step-details` }) as const;

  return (
    <>
      <form id={PICK_FORM} method="get" action={`${page}#step-time`} hidden />
      <LocalLink to={`/courses/${course.slug}`} className="inline-flex items-center gap-1 text-sm font-semibold text-indigo-700 hover:underline">
        <span aria-hidden="true" className="flip-rtl">
          ←
        </span>
        {t("page.backToCourse")}
      </LocalLink>
      <div className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-center">
        {course.image ? (
          <img
            src={course.image}
            {...responsiveImage(course.image, imageSizes.fixed(240))}
            alt=""
            width={240}
            height={150}
            className="aspect-[8/5] w-full rounded-2xl border border-slate-200 object-cover sm:w-60"
          />
        ) : null}
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">{t("page.heading")}</p>
          <h1 className="mt-1 text-3xl font-extrabold text-slate-900">{course.name}</h1>
          <p className="mt-2 text-slate-700">{t("page.intro")}</p>
          <p className="mt-1 text-sm text-slate-600">{t("page.timesShownIn", { zone: zoneLabel })}</p>
          {visitorZone ? <p className="mt-1 text-sm text-slate-600">{t("page.yourZone", { zone: formatZoneLabel(new Date(), visitorZone, lang) })}</p> : null}
        </div>
      </div>

      <div className="mt-10 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="step-date">
          <h2 id="step-date" className="text-xl font-bold text-slate-900">
            {t("steps.date")}
          </h2>
          {slots.length === 0 && fullSlots.length === 0 ? (
            <p className="mt-4 rounded-lg bg-amber-50 p-4 text-slate-800">{t("calendar.noSlots")}</p>
          ) : (
            <DateCalendar months={months} weekdays={weekdays} selected={date} onSelect={pickDate} initialMonth={picked.month} page={page} />
          )}
        </section>

        <section aria-labelledby="step-time">
          <h2 id="step-time" className="text-xl font-bold text-slate-900">
            {t("steps.time")}
          </h2>
          {!date ? (
            <p className="mt-4 text-slate-600">{t("times.chooseDate")}</p>
          ) : (
            <>
              <h3 className="mt-4 font-semibold text-slate-800">{t("times.heading", { date: dateLabels.get(date) ?? date })}</h3>
              {times.length === 0 && fullTimes.length === 0 ? (
                <p className="mt-2 text-slate-600">{t("times.none")}</p>
              ) : (
                <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
                  {times.map((slot) => (
                    <li key={slot.id}>
                      <button
                        {...pickTime(slot)}
                        aria-pressed={slot.id === chosen?.id}
                        onClick={(event) => {
                          event.preventDefault();
                          setChosen(slot);
                          setConflict(null);
                        }}
                        className={`w-full rounded-lg border px-3 py-2 text-start ${
                          slot.id === chosen?.id ? "border-indigo-700 bg-indigo-700 text-white" : "border-slate-300 hover:border-indigo-600"
                        }`}
                      >
                        <span className="block text-lg font-semibold">{slot.label}</span>
                        {visitorZone ? <span className="block text-xs">{t("times.yourTime", { time: yourTime(slot) })}</span> : null}
                        <span className="block text-sm">{t("times.seatsLeft", { count: slot.seatsLeft })}</span>
                        <span className="block text-xs font-medium">{t(`mode.${slot.mode}`)}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {fullTimes.length > 0 ? (
                <>
                  <h4 className="mt-4 text-sm font-semibold text-slate-700">{t("waitlist.page.fullTimes")}</h4>
                  <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
                    {fullTimes.map((slot) => (
                      <li key={slot.id} className="rounded-lg border border-dashed border-slate-300 px-3 py-2">
                        <span className="block text-lg font-semibold text-slate-700">{slot.label}</span>
                        <span className="block text-sm text-slate-600">{t("waitlist.page.full")}</span>
                        <LocalLink to={waitlistJoinLink(slot.id)} className="mt-1 inline-block text-sm font-semibold text-indigo-700 underline">
                          {t("waitlist.page.join")}
                        </LocalLink>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </>
          )}
        </section>
      </div>

      <section aria-labelledby="step-details" className="mt-10">
        <h2 id="step-details" className="text-xl font-bold text-slate-900">
          {t("steps.details")}
        </h2>
        {conflict ? (
          <div role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900">
            <p className="font-semibold">{conflict.message}</p>
            {conflict.fullSlotId ? (
              <LocalLink to={waitlistJoinLink(conflict.fullSlotId)} className="mt-2 inline-block font-semibold text-indigo-700 underline">
                {t("waitlist.page.joinThis")}
              </LocalLink>
            ) : null}
            {conflict.remaining.length > 0 ? (
              <>
                <p className="mt-2">{t("form.stillFree")}</p>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {conflict.remaining.map((slot) => (
                    <li key={slot.id}>
                      <button
                        {...pickTime(slot)}
                        onClick={(event) => {
                          event.preventDefault();
                          setDate(slot.date);
                          setChosen(slot);
                          setConflict(null);
                        }}
                        className="rounded-md border border-indigo-600 px-3 py-1 font-semibold text-indigo-700 hover:bg-indigo-50"
                      >
                        {slot.label}
                      </button>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="mt-2">{t("form.noneLeft")}</p>
            )}
          </div>
        ) : null}
        <p className="mt-4 font-medium text-slate-800">
          {chosen ? t("form.selected", { date: dateLabels.get(chosen.date) ?? chosen.date, time: chosen.label }) : t("form.chooseTime")}
          {chosen && visitorZone ? ` (${t("times.yourTime", { time: yourTime(chosen) })})` : null}
        </p>
        {/* Stays mounted while the time changes, so the details typed are kept. */}
        <BookingForm courseSlug={course.slug} slot={chosen} date={date} ages={course} prefill={prefill} savedChildren={savedChildren} onConflict={onConflict} />
      </section>
    </>
  );
}
