import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LocalLink } from "~/ui/LocalLink";
import type { AccountBooking } from "./account-space.server";
import { AccountSection, Fact, Facts } from "./AccountSection";

/** The account's demo bookings, upcoming and past, with the links that change them. */
export function BookingsSection({ bookings }: { bookings: { upcoming: AccountBooking[]; past: AccountBooking[] } }) {
  const { t } = useTranslation("accounts");
  return (
    <AccountSection id="bookings" title={t("space.bookings.heading")}>
      <BookingList id="upcoming" title={t("space.bookings.upcoming")} empty={t("space.bookings.noneUpcoming")} bookings={bookings.upcoming} />
      <BookingList id="past" title={t("space.bookings.past")} empty={t("space.bookings.nonePast")} bookings={bookings.past} />
      <LocalLink to="/courses" className="mt-4 inline-block font-medium text-indigo-700 underline hover:text-indigo-900">
        {t("space.bookings.bookMore")}
      </LocalLink>
    </AccountSection>
  );
}

// Statuses are worded here, not taken from the booking namespace: that one is large and left out
// of pages other than the booking steps (app/i18n/namespaces.ts).
function BookingList({ id, title, empty, bookings }: { id: string; title: string; empty: string; bookings: AccountBooking[] }) {
  const { t } = useTranslation("accounts");
  return (
    <section aria-labelledby={`${id}-bookings`} className="mt-4">
      <h3 id={`${id}-bookings`} className="font-semibold text-slate-800">
        {title}
      </h3>
      {bookings.length === 0 ? (
        <p className="mt-2 text-slate-700">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {bookings.map((booking) => (
            <li key={booking.reference} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
              <div>
                <p className="font-semibold text-slate-900">{booking.courseName}</p>
                <Facts>
                  <Fact label={t("space.bookings.child")}>{booking.childName}</Fact>
                  <Fact label={t("space.bookings.when")}>
                    {t("space.bookings.dateTime", { date: booking.dateLabel, time: booking.timeLabel })}
                    {/* The zone on its own line: its label has brackets of its own, which nest badly right to left. */}
                    <span className="block text-slate-600">{booking.zoneLabel}</span>
                  </Fact>
                  <Fact label={t("space.bookings.status")}>
                    <StatusBadge status={booking.status}>{t(`space.bookingStatus.${booking.status}`)}</StatusBadge>
                  </Fact>
                </Facts>
              </div>
              {booking.rescheduleUrl || booking.cancelUrl ? (
                <div className="flex shrink-0 flex-wrap gap-2 self-start">
                  {booking.rescheduleUrl ? (
                    <Link
                      to={booking.rescheduleUrl}
                      // Starts with the visible words (WCAG 2.5.3), then names which class.
                      aria-label={t("space.bookings.rescheduleFor", { course: booking.courseName, date: booking.dateLabel })}
                      className="rounded-lg border border-indigo-300 px-3 py-1.5 text-sm font-semibold text-indigo-800 hover:bg-indigo-50"
                    >
                      {t("space.bookings.reschedule")}
                    </Link>
                  ) : null}
                  {booking.cancelUrl ? (
                    <Link
                      to={booking.cancelUrl}
                      aria-label={t("space.bookings.cancelFor", { course: booking.courseName, date: booking.dateLabel })}
                      className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50"
                    >
                      {t("space.bookings.cancel")}
                    </Link>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function StatusBadge({ status, children }: { status: AccountBooking["status"]; children: ReactNode }) {
  const colour = status === "booked" ? "bg-green-100 text-green-900" : status === "cancelled" ? "bg-slate-100 text-slate-800" : "bg-indigo-50 text-indigo-900";
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${colour}`}>{children}</span>;
}
