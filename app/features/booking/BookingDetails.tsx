import { useTranslation } from "react-i18next";
import type { BookingView } from "./booking.server";
import { useLang } from "~/i18n/use-lang";
import { formatZoneLabel } from "~/kernel/slot-format";
import { useVisitorZone, visitorTimeLabel } from "./visitor-zone";
import { zonedParts } from "~/lib/zoned-time";

/** The Student Details block: who comes, to what, when. */
export function BookingDetails({ booking, headingId }: { booking: BookingView; headingId: string }) {
  const { t } = useTranslation("booking");
  const lang = useLang();
  const visitorZone = useVisitorZone(booking.timeZone);
  const rows: [string, string, boolean?][] = [
    [t("details.childName"), booking.childName],
    [t("details.childAge"), String(booking.childAge)],
    [t("details.parentName"), booking.parentName],
    [t("details.email"), booking.email, true],
    [t("details.phone"), booking.phoneLabel, true],
    [t("details.course"), booking.courseName],
    [t("details.date"), booking.dateLabel],
    [t("details.time"), `${booking.timeLabel} ${booking.zoneLabel}`],
    // Added in the browser when the parent's own clock differs from the academy's.
    ...(visitorZone
      ? [
          [
            t("details.yourTime"),
            `${visitorTimeLabel(booking.startsAt, zonedParts(booking.startsAt, booking.timeZone).date, visitorZone, lang)} ${formatZoneLabel(booking.startsAt, visitorZone, lang)}`,
          ] as [string, string],
        ]
      : []),
    [t("details.duration"), t("details.minutes", { count: booking.durationMinutes })],
  ];
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {t("confirmed.studentDetails")}
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value, ltr]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            {/* A left-to-right value (e-mail, phone) keeps its order in Arabic, isolated in a <bdi>,
                while the <dd> keeps the page's alignment like the other values. */}
            <dd className="font-semibold text-slate-900">{ltr ? <bdi dir="ltr">{value}</bdi> : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
