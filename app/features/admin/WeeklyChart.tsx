import { useTranslation } from "react-i18next";
import { useLang } from "~/i18n/use-lang";

interface Week {
  week: string;
  submissions: number;
  bookings: number;
}

const shortDate = (week: string, lang: string) =>
  new Intl.DateTimeFormat(lang === "ar" ? "ar-u-nu-latn" : "en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${week}T00:00:00Z`));

/**
 * Submissions and demo bookings per week as paired bars (inline SVG, no chart library). The SVG
 * is one labelled image for screen readers; the same numbers follow in a table.
 */
export function WeeklyChart({ weeks }: { weeks: Week[] }) {
  const { t } = useTranslation("admin");
  const lang = useLang();
  const max = Math.max(1, ...weeks.flatMap((w) => [w.submissions, w.bookings]));
  const width = 640;
  const height = 220;
  const bottom = 30;
  const top = 10;
  const slot = width / Math.max(1, weeks.length);
  const bar = Math.max(4, slot / 3);
  const scale = (value: number) => ((height - bottom - top) * value) / max;
  const total = weeks.reduce((sum, w) => ({ s: sum.s + w.submissions, b: sum.b + w.bookings }), { s: 0, b: 0 });

  return (
    <figure className="space-y-3">
      {/* The key comes first: a <figcaption> is the first or last child of its figure (html-validate, issue 28). */}
      <figcaption className="flex flex-wrap gap-4 text-sm text-slate-700">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-indigo-600" />
          {t("dashboard.submissions")}
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-amber-500" />
          {t("dashboard.bookings")}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={t("dashboard.chartSummary", { weeks: weeks.length, submissions: total.s, bookings: total.b })}
        className="h-auto w-full"
        direction="ltr"
      >
        <line x1="0" x2={width} y1={height - bottom} y2={height - bottom} stroke="#cbd5e1" />
        {weeks.map((w, i) => {
          const x = i * slot + (slot - 2 * bar) / 2;
          const hs = scale(w.submissions);
          const hb = scale(w.bookings);
          return (
            <g key={w.week}>
              <rect x={x} y={height - bottom - hs} width={bar} height={hs} fill="#4f46e5">
                <title>{`${shortDate(w.week, lang)}: ${t("dashboard.submissions")} ${w.submissions}`}</title>
              </rect>
              <rect x={x + bar} y={height - bottom - hb} width={bar} height={hb} fill="#f59e0b">
                <title>{`${shortDate(w.week, lang)}: ${t("dashboard.bookings")} ${w.bookings}`}</title>
              </rect>
              <text x={i * slot + slot / 2} y={height - 10} textAnchor="middle" fontSize="11" fill="#475569">
                {shortDate(w.week, lang)}
              </text>
            </g>
          );
        })}
      </svg>
      <details>
        <summary className="cursor-pointer text-sm font-medium text-indigo-700">{t("dashboard.chartTable")}</summary>
        <table className="mt-2 min-w-full text-sm">
          <caption className="sr-only">{t("dashboard.chartTitle")}</caption>
          <thead>
            <tr>
              <th scope="col" className="px-2 py-1 text-start">
                {t("dashboard.weekOf")}
              </th>
              <th scope="col" className="px-2 py-1 text-start">
                {t("dashboard.submissions")}
              </th>
              <th scope="col" className="px-2 py-1 text-start">
                {t("dashboard.bookings")}
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week} className="border-t border-slate-100">
                <th scope="row" className="px-2 py-1 text-start font-normal">
                  {shortDate(w.week, lang)}
                </th>
                <td className="px-2 py-1">{w.submissions}</td>
                <td className="px-2 py-1">{w.bookings}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
