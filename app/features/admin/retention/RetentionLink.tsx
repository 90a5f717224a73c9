import { useTranslation } from "react-i18next";
import { LocalLink } from "~/ui/LocalLink";
import type { RetentionFigure } from "./retention.server";

/** Left-to-right values inside a sentence of either direction ("2026-Q3", "62.5%"). */
const ltr = (text: string) => `\u2066${text}\u2069`;

/**
 * The dashboard's retention (decision 136): the last whole term's figure, and the way to the
 * breakdowns, fill rates and demo conversion on their own page.
 */
export function RetentionLink({ headline }: { headline: RetentionFigure & { term: string; next: string } }) {
  const { t } = useTranslation("retention");
  return (
    <section aria-labelledby="retention-link-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="retention-link-title" className="mb-1 text-lg font-semibold text-slate-900">
        <LocalLink to="/admin/retention" className="text-indigo-700 underline hover:text-indigo-900">
          {t("dashboardLink")}
        </LocalLink>
      </h2>
      <p className="font-medium text-slate-900" data-testid="retention-headline">
        {headline.rate === null
          ? t("headlineNone", { term: ltr(headline.term) })
          : t("headline", {
              term: ltr(headline.term),
              next: ltr(headline.next),
              rate: ltr(`${headline.rate}%`),
              returned: headline.returned,
              children: headline.children,
            })}
      </p>
      <p className="text-sm text-slate-700">{t("dashboardText")}</p>
    </section>
  );
}
