import { useTranslation } from "react-i18next";
import { formatInstant } from "~/lib/dates";
import { useLang } from "~/i18n/use-lang";
import type { AuditRow } from "./automations.server";

/** The audit trail (decision 140): each event an automation handled, newest first, what came of it and its message's status. */
export function AutomationAudit({ rows, zone }: { rows: readonly AuditRow[]; zone: string }) {
  const { t } = useTranslation("messaging");
  const lang = useLang();
  return (
    <section aria-labelledby="automation-audit-heading">
      <h2 id="automation-audit-heading" className="text-xl font-bold text-slate-900">
        {t("automations.audit")}
      </h2>
      <p className="mt-1 text-slate-700">{t("automations.auditIntro")}</p>
      {rows.length === 0 ? <p className="mt-2 text-slate-700">{t("automations.auditNone")}</p> : null}
      <ul className="mt-3 space-y-2">
        {rows.map((row) => (
          <li key={row.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <p className="flex flex-wrap gap-x-3 gap-y-1">
              <time dateTime={row.createdAt} className="font-semibold text-slate-900">
                {formatInstant(row.createdAt, lang, zone)}
              </time>
              <span className="text-slate-900">{t(`automations.name.${row.automation}`)}</span>
              <span className="rounded bg-slate-100 px-2 py-0.5 font-semibold text-slate-800">{t(`automations.outcome.${row.outcome}`)}</span>
            </p>
            <p className="mt-1 break-all text-slate-700">
              <bdi dir="ltr">{row.email}</bdi> · <bdi dir="ltr">{row.event}</bdi>
            </p>
            {row.status ? (
              <p className="mt-1 text-slate-700">
                {t("automations.message")}: {t(`inbox.status.${row.status}`)}
                {row.channel ? ` (${t(`inbox.channel.${row.channel}`)})` : ""}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
