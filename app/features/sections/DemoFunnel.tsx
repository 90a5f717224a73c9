import { useTranslation } from "react-i18next";
import { formatMonthLabel } from "~/kernel/slot-format";
import { useLang } from "~/i18n/use-lang";
import type { FunnelRow } from "./demo-enrolment.server";

/** The staff dashboard's demo funnel (decision 069): booked → attended → enrolled, per course and month. */
export function DemoFunnel({ rows }: { rows: FunnelRow[] }) {
  const { t } = useTranslation("timetable");
  const lang = useLang();
  return (
    <section aria-labelledby="funnel-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="funnel-title" className="mb-1 text-lg font-semibold text-slate-900">
        {t("funnel.heading")}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t("funnel.intro")}</p>
      {rows.length === 0 ? (
        <p className="text-slate-600">{t("funnel.none")}</p>
      ) : (
        // Five short columns fit a phone when the course name wraps: no sideways scrolling region to reach by keyboard.
        <div>
          <table className="w-full text-start text-sm [overflow-wrap:anywhere]">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                {(["month", "course", "booked", "attended", "enrolled"] as const).map((key) => (
                  <th key={key} scope="col" className="px-2 py-1 text-start font-medium">
                    {t(`funnel.${key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.month}-${row.courseId ?? row.course}`} className="border-b border-slate-100" data-funnel={`${row.month}-${row.courseId ?? ""}`}>
                  <td className="px-2 py-1.5">{formatMonthLabel(row.month, lang)}</td>
                  <th scope="row" className="px-2 py-1.5 text-start font-medium text-slate-900">
                    {row.course}
                  </th>
                  <td className="px-2 py-1.5">{row.booked}</td>
                  <td className="px-2 py-1.5">{row.attended}</td>
                  <td className="px-2 py-1.5">{row.enrolled}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
