import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/lib/page-guards.server";
import { langFromPath, localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { formatCalendarDay } from "~/lib/dates";
import { weekdayNames } from "~/kernel/slot-format";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/retention.route";
import { retentionPageData } from "./retention-page.server";
import { BreakdownTable, ConversionTable, FigureSection, OccupancyTable, TrendTable } from "./RetentionTables";

/**
 * Retention and occupancy (issue 44 item 4, decision 136): figures, their definitions and CSV
 * links; the term is a GET form. No React ships to the page (decision 108), as on the dashboard.
 */
export const handle = { hydrate: false, staticWhenSignedIn: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const url = new URL(request.url);
  return retentionPageData(context, url, langFromPath(url.pathname));
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

const DIMENSIONS = ["course", "level", "instructor", "place"] as const;

export default function RetentionPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("retention");
  const lang = useLang();
  const { retention, groups, conversion, refused, choices, current } = loaderData;
  const csv = (name: string, query = "") => `/api/admin/reports/${name}.csv?${query}${query ? "&" : ""}lang=${lang}`;
  const days = weekdayNames(lang, "short");
  const dayLabel = (day: string) => formatCalendarDay(day, lang);
  // The next term still takes enrolments while it has not ended: its figure can grow.
  const growing = retention.next >= current;

  return (
    <div className="space-y-8">
      <PageMeta title={t("title")} description={t("intro")} />
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t("title")}</h1>
        <p className="mt-1 max-w-3xl text-slate-700">{t("intro")}</p>
      </div>

      <FigureSection
        id="retention"
        title={t("retention.title")}
        csv={csv("retention", `term=${retention.term}`)}
        definition={
          <>
            <p>{t("term.definition")}</p>
            <p>{t("retention.definition")}</p>
          </>
        }
      >
        <form method="get" action={`${localizePath("/admin/retention", lang)}#retention`} className="flex flex-wrap items-end gap-3">
          <label className="text-sm text-slate-800">
            <span className="block">{t("term.label")}</span>
            <select name="term" defaultValue={retention.term} className="rounded-md border border-slate-400 bg-white px-2 py-1" dir="ltr">
              {choices.map((term) => (
                <option key={term} value={term}>
                  {term}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="rounded-md bg-indigo-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-indigo-800">
            {t("term.show")}
          </button>
        </form>
        {refused ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
            {t("term.refused")}
          </p>
        ) : null}
        <TrendTable trend={retention.trend} />
        <p className="font-medium text-slate-900" data-testid="retention-term">
          {t("retention.forTerm", { term: "\u2066" + retention.term + "\u2069", next: "\u2066" + retention.next + "\u2069" })}
        </p>
        {growing ? <p className="text-sm text-slate-700">{t("retention.stillGrowing")}</p> : null}
        {DIMENSIONS.map((dimension) => (
          <BreakdownTable key={dimension} dimension={dimension} rows={retention.by[dimension]} />
        ))}
      </FigureSection>

      <FigureSection id="occupancy" title={t("occupancy.title")} csv={csv("occupancy")} definition={<p>{t("occupancy.definition")}</p>}>
        <OccupancyTable groups={groups} lang={lang} days={days} dayLabel={dayLabel} />
      </FigureSection>

      <FigureSection
        id="conversion"
        title={t("conversion.title")}
        csv={csv("conversion")}
        definition={
          <>
            <p>{t("conversion.definition")}</p>
            <p>
              <LocalLink to="/admin" className="font-medium text-indigo-700 underline">
                {t("conversion.funnelLink")}
              </LocalLink>
            </p>
          </>
        }
      >
        <ConversionTable rows={conversion} />
      </FigureSection>
    </div>
  );
}
