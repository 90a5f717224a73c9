import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import type { Route } from "./+types/booking-confirmed.route";
import { BookingDetails } from "./BookingDetails";
import { getBookingByReference } from "./booking.server";
import { bookingEvent } from "./booking-event";
import { calendarLinks } from "~/kernel/ics";
import { confirmationPath } from "./paths";
import { pickPair } from "~/i18n/localized";
import { useLang } from "~/i18n/use-lang";
import { useRootData } from "~/root";
import { safeUrl } from "~/lib/safe-url";

// Loaded from the server by the reference in the URL, so a reload shows the same booking.
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const reference = url.searchParams.get("ref") ?? "";
  const timeZone = await academyTimeZone(context.db);
  const booking = await getBookingByReference(context.db, reference, timeZone, langFromPath(url.pathname));
  if (!booking) throw data(null, { status: 404 });
  return { booking };
}

// A booking is private: keep it out of search engines and shared caches.
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

/** 'Slot Confirmed with {name}': the booking, its reference, and the way to book another. */
export default function BookingConfirmedPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("booking");
  const { booking } = loaderData;
  const lang = useLang();
  const root = useRootData();
  const address = root ? pickPair(root.settings.address, lang) : "";
  // The same event as the e-mail's .ics file, as links to Google Calendar and Outlook.
  const confirmationUrl = (root?.publicUrl ?? "") + confirmationPath(booking.courseSlug ?? String(booking.courseId ?? "course"), booking.reference, lang);
  const calendar = calendarLinks(bookingEvent(booking, { t, address, confirmationUrl }));
  const cancelled = booking.status === "cancelled";
  const heading = useRef<HTMLHeadingElement>(null);
  // The booking form navigates here without a page load: without this, focus is left on <body>
  // and a screen reader hears nothing of the confirmation.
  useEffect(() => heading.current?.focus(), []);
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <PageMeta title={t("meta.confirmedTitle")} description={t("meta.confirmedDescription")} />
      <meta name="robots" content="noindex" />
      <div className={`rounded-2xl p-6 ${cancelled ? "bg-slate-100" : "bg-green-50"}`}>
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-extrabold text-slate-900 focus:outline-none">
          {cancelled ? t("confirmed.cancelledHeading") : t("confirmed.heading", { name: booking.childName })}
        </h1>
        <p className="mt-3 text-lg font-semibold text-slate-800">
          {t("confirmed.when", { date: booking.dateLabel, time: booking.timeLabel, zone: booking.zoneLabel })}
        </p>
        <p className="mt-1 text-slate-800">
          {t("details.course")}: <span className="font-semibold">{booking.courseName}</span>
        </p>
        <p className="mt-1 text-slate-800">
          {t("details.where")}: <span className="font-semibold">{booking.mode === "online" ? t("mode.online") : `${t("mode.academy")}, ${address}`}</span>
        </p>
        {booking.code ? (
          <p className="mt-3 text-slate-800">
            {t("details.code")}:{" "}
            <strong dir="ltr" className="rounded-md bg-white px-2 py-1 font-mono text-2xl tracking-widest text-slate-900">
              {booking.code}
            </strong>
            <span className="ms-2 text-sm text-slate-600">{t("details.codeHint")}</span>
          </p>
        ) : null}
        {/* U+2066/U+2069 isolate the e-mail address inside the sentence, as <bdi dir="ltr"> would. */}
        {!cancelled ? <p className="mt-3 text-slate-700">{t("confirmed.intro", { name: booking.childName, email: `\u2066${booking.email}\u2069` })}</p> : null}
        {!cancelled ? (
          <div className="mt-4 flex flex-wrap gap-3">
            {booking.mode === "online" && safeUrl(booking.meetingUrl) ? (
              <a href={safeUrl(booking.meetingUrl)} className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700">
                {t("mode.joinOnline")}
              </a>
            ) : null}
            <a
              href={calendar.google}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-lg border border-indigo-600 px-4 py-2 font-semibold text-indigo-700 hover:bg-indigo-50"
            >
              {t("calendar.google")}
            </a>
            <a
              href={calendar.outlook}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-lg border border-indigo-600 px-4 py-2 font-semibold text-indigo-700 hover:bg-indigo-50"
            >
              {t("calendar.outlook")}
            </a>
          </div>
        ) : null}
      </div>
      <div className="mt-8">
        <BookingDetails booking={booking} headingId="student-details" />
      </div>
      <p className="mt-6 text-slate-800">
        {t("details.reference")}:{" "}
        <code dir="ltr" className="rounded bg-slate-100 px-2 py-1 font-mono text-sm">
          {booking.reference}
        </code>
      </p>
      <LocalLink to="/courses" className="mt-8 inline-block rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700">
        {t("confirmed.another")}
      </LocalLink>
    </main>
  );
}
