import { useTranslation } from "react-i18next";
import { LocalLink } from "~/ui/LocalLink";
import type { AutomationKey } from "./automations";

export interface AutomationHeadline {
  key: AutomationKey;
  enabled: boolean;
  counted: number;
  converted: number;
}

/**
 * The dashboard's automations (issue 43 item 5, decision 140): each one on or off and its
 * conversion over the last 90 days, as the automations page defines it; the way to that page.
 */
export function AutomationsHeadline({ rows }: { rows: AutomationHeadline[] }) {
  const { t } = useTranslation("messaging");
  return (
    <section aria-labelledby="automations-headline-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="automations-headline-title" className="mb-2 text-lg font-semibold text-slate-900">
        <LocalLink to="/admin/messages/automations" className="text-indigo-700 underline hover:text-indigo-900">
          {t("automations.title")}
        </LocalLink>
      </h2>
      <ul className="divide-y divide-slate-100 text-sm">
        {rows.map((row) => (
          <li key={row.key} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2" data-automation={row.key}>
            <span className="min-w-0 flex-1 basis-40 font-medium text-slate-900">
              {t(`automations.name.${row.key}`)} · {row.enabled ? t("automations.on") : t("automations.off")}
            </span>
            <span className="text-slate-800">
              {t("automations.figure", { converted: row.converted, counted: row.counted })}
              {row.counted > 0 ? ` (\u2066${Math.round((row.converted / row.counted) * 100)}%\u2069)` : ""}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
