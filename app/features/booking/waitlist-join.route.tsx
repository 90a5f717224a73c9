import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { isFormState } from "~/lib/forms/form-state";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import type { Route } from "./+types/waitlist-join.route";
import { waitlistJoinFormAction } from "./booking.action.server";
import { WAITLIST_FORM } from "./booking-forms";
import { findCourse } from "./booking.server";
import { BookingForm } from "./BookingForm";
import { waitlistJoinPath } from "./paths";
import { slotForWaitlist } from "./waitlist.server";
import { prefillFor } from "./booking-prefill.server";

/** The join form posts here when JavaScript is not running. */
export const action = waitlistJoinFormAction;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const course = await findCourse(context.db, params.course, lang);
  if (!course) throw data(null, { status: 404 });
  const slotId = Number(url.searchParams.get("slot"));
  if (params.course !== course.slug) throw redirect(waitlistJoinPath(course.slug, slotId, lang), 301);
  const timeZone = await academyTimeZone(context.db);
  const found = await slotForWaitlist(context.db, { slotId, courseId: course.id, timeZone, lang });
  if (!found) throw data(null, { status: 404 });
  return {
    course: { slug: course.slug, name: course.name, minAge: course.minAge, maxAge: course.maxAge },
    ...found,
    ...(await prefillFor(context, url.searchParams)),
  };
}

/** /courses/{course}/bookdemoclass/waitlist?slot=: join the line of a fully booked time (decision 032). */
export default function WaitlistJoinPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("booking");
  const { course, slot, dateLabel, zoneLabel, state, prefill, savedChildren } = loaderData;
  const served = isFormState(actionData, WAITLIST_FORM) ? actionData : null;
  // A refusal that is not about a field (409: already in line, no longer full) is said above the form.
  const [message, setMessage] = useState<string | null>(served && served.message !== "" && Object.keys(served.errors).length === 0 ? served.message : null);
  const bookPage = `/courses/${course.slug}/bookdemoclass`;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <PageMeta title={t("waitlist.join.title", { course: course.name })} description={t("waitlist.join.description")} />
      <LocalLink to={bookPage} className="inline-flex items-center gap-1 text-sm font-semibold text-indigo-700 hover:underline">
        <span aria-hidden="true" className="flip-rtl">
          ←
        </span>
        {t("waitlist.join.chooseAnother")}
      </LocalLink>
      <p className="mt-6 text-sm font-semibold uppercase tracking-wide text-indigo-700">{course.name}</p>
      <h1 className="mt-1 text-3xl font-extrabold text-slate-900">{t("waitlist.join.heading")}</h1>
      <p className="mt-3 text-lg font-semibold text-slate-800">
        {t("waitlist.join.slot", { date: dateLabel, time: slot.label })} <span className="text-sm font-normal text-slate-600">{zoneLabel}</span>
      </p>
      {state === "full" ? (
        <>
          <p className="mt-3 text-slate-700">{t("waitlist.join.intro")}</p>
          {message ? (
            <p role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 font-semibold text-slate-900">
              {message}
            </p>
          ) : null}
          <BookingForm
            courseSlug={course.slug}
            slot={slot}
            date={slot.date}
            ages={course}
            prefill={prefill}
            savedChildren={savedChildren}
            onConflict={(conflict) => setMessage(conflict.message)}
            waitlist
          />
        </>
      ) : (
        <div role="status" className="mt-4 rounded-lg bg-amber-50 p-4 text-slate-900">
          <p className="font-semibold">{state === "free" ? t("waitlist.join.notFull") : t("waitlist.join.unavailable")}</p>
          <LocalLink
            to={state === "free" ? `${bookPage}?slot=${slot.id}#step-details` : bookPage}
            className="mt-3 inline-block rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700"
          >
            {state === "free" ? t("waitlist.join.bookInstead") : t("waitlist.join.chooseAnother")}
          </LocalLink>
        </div>
      )}
    </main>
  );
}
