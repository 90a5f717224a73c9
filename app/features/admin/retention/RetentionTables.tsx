import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LtrValue } from "~/ui/Bidi";
import { localizePath, type Lang } from "~/i18n/lang";
import type { Dimension, GroupOccupancy, RetentionFigure, SourceConversion } from "./retention.server";

const cell = "px-1.5 py-1.5 sm:px-2";
const head = `${cell} text-start font-medium`;

/** A percent as the screen writes it ("62.5%"), a dash where nothing was counted. */
export const percentText = (rate: number | null): string => (rate === null ? "—" : `${rate}%`);

/** A table's header row: one column heading per label. */
function HeaderRow({ labels }: { labels: string[] }) {
  return (
    <thead>
      <tr className="border-b border-slate-200 text-slate-600">
        {labels.map((label) => (
          <th key={label} scope="col" className={head}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A retention row's three figures: children counted, children back, the rate. */
function RetentionCells({ row }: { row: RetentionFigure }) {
  return (
    <>
      <td className={cell}>{row.children}</td>
      <td className={cell}>{row.returned}</td>
      <td className={`${cell} font-semibold`} data-rate>
        {percentText(row.rate)}
      </td>
    </>
  );
}

/** A section of the screen: its title, its written definition, its CSV download, then its tables. */
export function FigureSection(props: { id: string; title: string; definition: ReactNode; csv: string; children: ReactNode }) {
  const { t } = useTranslation("retention");
  return (
    <section id={props.id} aria-labelledby={`${props.id}-title`} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${props.id}-title`} className="text-lg font-semibold text-slate-900">
          {props.title}
        </h2>
        {/* A plain link: the browser downloads the file, with or without script. */}
        <a href={props.csv} download className="text-sm font-semibold text-indigo-700 underline hover:text-indigo-900" data-csv={props.id}>
          {t("csv")}
          {/* Three downloads on one page: each link's name says which. */}
          <span className="sr-only">: {props.title}</span>
        </a>
      </div>
      <div className="space-y-2 text-sm text-slate-700">{props.definition}</div>
      {props.children}
    </section>
  );
}

/** A figure's name: the record's own (isolated, staff typed it in either language) or the screen's words. */
function FigureName({ dimension, figure }: { dimension: Dimension; figure: RetentionFigure }) {
  const { t } = useTranslation("retention");
  if (figure.label !== null) return <bdi>{figure.label}</bdi>;
  return <>{dimension === "place" ? t(`place.${figure.key}`, { defaultValue: figure.key }) : t(`none.${dimension}`)}</>;
}

/** Term by term: each term's children and how many came back the next. */
export function TrendTable({ trend }: { trend: Array<RetentionFigure & { term: string; next: string }> }) {
  const { t } = useTranslation("retention");
  return (
    <div>
      <h3 className="mb-1 font-semibold text-slate-900">{t("retention.trend")}</h3>
      <table className="w-full text-start text-xs sm:text-sm" data-testid="retention-trend">
        <HeaderRow labels={(["termCol", "nextCol", "children", "returned", "rate"] as const).map((key) => t(`retention.${key}`))} />
        <tbody>
          {trend.map((row) => (
            <tr key={row.term} className="border-b border-slate-100" data-term={row.term}>
              <th scope="row" className={`${cell} text-start font-medium text-slate-900`}>
                <LtrValue>{row.term}</LtrValue>
              </th>
              <td className={cell}>
                <LtrValue>{row.next}</LtrValue>
              </td>
              <RetentionCells row={row} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One breakdown of the chosen term: by course, level, instructor or place. */
export function BreakdownTable({ dimension, rows }: { dimension: Dimension; rows: RetentionFigure[] }) {
  const { t } = useTranslation("retention");
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{t(`retention.by.${dimension}`)}</h3>
      <p className="mb-1 text-sm text-slate-700">{t(`retention.byDefinition.${dimension}`)}</p>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t("noData")}</p>
      ) : (
        <table className="w-full text-start text-xs sm:text-sm" data-breakdown={dimension}>
          <HeaderRow labels={[t(`retention.name.${dimension}`), ...(["children", "returned", "rate"] as const).map((key) => t(`retention.${key}`))]} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-b border-slate-100" data-key={row.key}>
                <th scope="row" className={`${cell} text-start font-medium text-slate-900 [overflow-wrap:anywhere]`}>
                  <FigureName dimension={dimension} figure={row} />
                </th>
                <RetentionCells row={row} />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/**
 * Fill rate and waitlist pressure, one group a row; the group's name links to its page. Three
 * columns (each figure with its count under it), so the group's name has room on a phone.
 */
export function OccupancyTable({ groups, lang, days, dayLabel }: { groups: GroupOccupancy[]; lang: Lang; days: string[]; dayLabel: (day: string) => string }) {
  const { t } = useTranslation("retention");
  if (groups.length === 0) return <p className="text-sm text-slate-600">{t("occupancy.none")}</p>;
  const separator = lang === "ar" ? "، " : ", ";
  return (
    <table className="w-full text-start text-xs sm:text-sm" data-testid="occupancy">
      <HeaderRow labels={(["group", "fill", "pressure"] as const).map((key) => t(`occupancy.${key}`))} />
      <tbody>
        {groups.map((group) => (
          <tr key={group.id} className="border-b border-slate-100 align-top" data-group={group.id}>
            <th scope="row" className={`${cell} text-start font-normal text-slate-700 [overflow-wrap:anywhere]`}>
              <a href={localizePath(`/admin/sections/${group.id}`, lang)} className="font-medium text-indigo-700 underline">
                <bdi>{group.course}</bdi>
              </a>
              <span className="block">
                {group.weekdays.map((day) => days[day] ?? "").join(separator)} <LtrValue>{group.startTime}</LtrValue> · {dayLabel(group.firstDate)}
              </span>
              {group.instructor ? (
                <span className="block">
                  {t("occupancy.instructor")} <bdi>{group.instructor}</bdi>
                </span>
              ) : null}
              {group.status === "closed" ? <span className="block font-medium text-slate-900">{t("occupancy.closed")}</span> : null}
            </th>
            <td className={cell}>
              <span className="block font-semibold text-slate-900" data-fill>
                {percentText(group.fill)}
              </span>
              <span className="block whitespace-nowrap">{t("occupancy.seatsOf", { taken: group.taken, capacity: group.capacity })}</span>
            </td>
            <td className={cell}>
              <span className="block font-semibold text-slate-900" data-pressure>
                {group.pressure === null ? "—" : group.pressure.toFixed(2)}
              </span>
              <span className="block whitespace-nowrap" data-waiting>
                {t("occupancy.waitingCount", { count: group.waiting })}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Demo → enrolment by source, the total first. */
export function ConversionTable({ rows }: { rows: SourceConversion[] }) {
  const { t } = useTranslation("retention");
  const steps = ["booked", "attended", "enrolled"] as const;
  return (
    <table className="w-full text-start text-xs sm:text-sm" data-testid="conversion">
      <HeaderRow labels={(["source", ...steps, "rate"] as const).map((key) => t(`conversion.${key}`))} />
      <tbody>
        {rows.map((row) => (
          <tr key={row.source} className="border-b border-slate-100" data-source={row.source}>
            <th scope="row" className={`${cell} text-start ${row.source === "all" ? "font-bold" : "font-medium"} text-slate-900`}>
              {t(`conversion.sources.${row.source}`)}
            </th>
            {steps.map((step) => (
              <td key={step} className={cell}>
                {row[step]}
              </td>
            ))}
            <td className={`${cell} font-semibold`} data-rate>
              {percentText(row.rate)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
