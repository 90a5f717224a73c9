import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { PartStatus } from "~/features/billing/instalment-split";

/** One instalment as the pages show it (amounts and dates already in the page's language). */
export interface PartView {
  id: number;
  position: number;
  dueOn: string;
  due: string;
  amount: string;
  paid: string | null;
  status: PartStatus;
}

const badge: Record<PartStatus, string> = {
  paid: "border-emerald-300 bg-emerald-50 text-emerald-900",
  open: "border-slate-300 bg-slate-50 text-slate-900",
  overdue: "border-red-300 bg-red-50 text-red-900",
  void: "border-slate-300 bg-slate-100 text-slate-700",
};

/** An invoice's instalments: due date, amount, status (and what is paid of a part), an optional action per part. */
export function PartsTable({ parts, labelledBy, action }: { parts: readonly PartView[]; labelledBy: string; action?: (part: PartView) => ReactNode }) {
  const { t } = useTranslation("instalments");
  return (
    <section className="mt-3 overflow-x-auto" aria-labelledby={labelledBy} tabIndex={0}>
      <table className="w-full text-start text-sm" data-testid="instalments">
        <thead>
          <tr className="border-b border-slate-200 text-slate-700">
            {["position", "dueOn", "amount", "status"].map((key) => (
              <th key={key} scope="col" className="py-2 pe-3 text-start font-semibold">
                {t(`admin.${key}`)}
              </th>
            ))}
            {action ? (
              <th scope="col" className="py-2 text-start font-semibold">
                <span className="sr-only">{t("admin.action")}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {parts.map((part) => (
            <tr key={part.id} className="border-b border-slate-100 align-top" data-status={part.status}>
              <td className="py-2 pe-3 font-semibold">{part.position}</td>
              <td className="py-2 pe-3">
                <time dateTime={part.dueOn}>{part.due}</time>
              </td>
              <td className="py-2 pe-3">
                <bdi dir="ltr">{part.amount}</bdi>
              </td>
              <td className="py-2 pe-3">
                <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${badge[part.status]}`}>
                  {t(`admin.statuses.${part.status}`)}
                </span>
                {part.paid ? <span className="ms-2 text-xs text-slate-700">{t("admin.paidSoFar", { paid: part.paid })}</span> : null}
              </td>
              {action ? <td className="py-2">{action(part)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
