import { useTranslation } from "react-i18next";
import { data, redirect, useRevalidator } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { safeUrl } from "~/lib/safe-url";
import { PageMeta } from "~/ui/PageMeta";
import { useRootData, useStaticPage } from "~/root";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import type { Route } from "./+types/book-demo.route";
import { bookingFormAction } from "./booking.action.server";
import { BOOKING_FORM } from "./booking-forms";
import { findCourse, listOpenSlots, type PublicSlot } from "./booking.server";
import { buildCalendar } from "./calendar";
import { bookingPagePath } from "./paths";
import { formatZoneLabel, weekdayNames } from "~/kernel/slot-format";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { isFormState } from "~/lib/forms/form-state";
import { prefillFor } from "./booking-prefill.server";
import { BOOKING_ISLAND, BookDemoView } from "./BookDemoView";
import { IslandProps, islandProps } from "./island/island-props";

/**
 * Ships without React to visitors who are not signed in (decision 108): the server's HTML, the
 * enhancement script and, as an island, the booking steps alone (React DOM, the calendar and the
 * form; no React Router, no root layout, no i18next). A signed-in parent's page hydrates as before
 * (the account menu and saved children are the app's).
 */
export const handle = { hydrate: false };

/** The booking form posts here when JavaScript is not running. */
export const action = bookingFormAction;

/** How far ahead parents can book. */
const BOOKING_WINDOW_DAYS = 60;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  const course = await findCourse(context.db, params.course, lang);
  if (!course) throw data(null, { status: 404 });
  // /courses/{id}/bookdemoclass: the same page lives at the course's slug.
  if (params.course !== course.slug) throw redirect(bookingPagePath(course.slug, lang), 301);
  const timeZone = await academyTimeZone(context.db);
  const today = zonedParts(new Date(), timeZone).date;
  const range = { courseId: course.id, from: today, to: addDays(today, BOOKING_WINDOW_DAYS - 1), timeZone, lang };
  const upcoming = await listOpenSlots(context.db, { ...range, seats: "any" });
  const slots = upcoming.filter((slot) => slot.seatsLeft > 0);
  const fullSlots = upcoming.filter((slot) => slot.seatsLeft === 0);
  // Days whose times are all taken stay choosable: their times offer the waitlist (decision 032).
  const days = [...slots, ...fullSlots].map((slot) => slot.date).sort();
  const open = new Set(slots.map((slot) => slot.date));
  const months = buildCalendar(today, days.at(-1) ?? today, { open, full: new Set(fullSlots.map((slot) => slot.date)) }, lang);
  return {
    picked: pickedFrom(new URL(request.url).searchParams, slots, fullSlots, months),
    course: { ...course, image: safeUrl(course.image) ?? null },
    slots,
    fullSlots,
    months,
    weekdays: { short: weekdayNames(lang, "short"), long: weekdayNames(lang, "long") },
    zoneLabel: formatZoneLabel(new Date(), timeZone, lang),
    timeZone,
    ...(await prefillFor(context, new URL(request.url).searchParams)),
  };
}

/**
 * What the day, time and month buttons chose before script ran (they submit a GET form):
 * ?slot= picks a time (and its day), ?date= a day with times, ?month= the month shown.
 */
function pickedFrom(query: URLSearchParams, slots: PublicSlot[], fullSlots: PublicSlot[], months: { key: string }[]) {
  const slot = slots.find((candidate) => String(candidate.id) === query.get("slot"));
  // A day whose times are all full can be picked too: its times offer their waitlists.
  const date = slot?.date ?? [...slots, ...fullSlots].find((candidate) => candidate.date === query.get("date"))?.date ?? null;
  const month = months.find((candidate) => candidate.key === query.get("month"))?.key ?? null;
  return { slotId: slot?.id ?? null, date, month };
}

/** The demo class booking page; its steps are BookDemoView (an island of its own without React, decision 108). */
export default function BookDemoPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("booking");
  const revalidator = useRevalidator();
  const staticPage = useStaticPage();
  const root = useRootData();
  const served = isFormState(actionData, BOOKING_FORM) ? actionData : null;
  const { course } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-10">
      <PageMeta title={t("meta.title", { course: course.name })} description={t("meta.description", { course: course.name })} />
      {/* data-react-island: the enhancement script leaves what React renders in here alone. */}
      <div id={BOOKING_ISLAND} data-react-island="">
        <BookDemoView data={loaderData} served={served} onRefresh={() => void revalidator.revalidate()} />
      </div>
      {staticPage && root ? <IslandProps props={islandProps(loaderData, served, root)} /> : null}
    </main>
  );
}
