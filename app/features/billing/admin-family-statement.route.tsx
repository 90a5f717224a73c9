import { useTranslation } from "react-i18next";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/admin-family-statement.route";
import { statementLoader } from "./desk-pages.server";
import { adminBillingPath, adminInvoicePath } from "./paths";

export const loader = (args: Route.LoaderArgs) => statementLoader(args);

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** /admin/billing/families/:familyKey (staff): the family's ledger, oldest first, with the balance after each entry per currency. */
export default function AdminFamilyStatementPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("billing");
  const { familyKey, parentName, balances, entries, timeZone } = loaderData;
  const family = parentName ? `${parentName} (${familyKey})` : familyKey;
  const cell = "border-b border-slate-200 px-2 py-2 text-start align-top";
  const nowrap = `${cell} whitespace-nowrap`;
  return (
    <div className="space-y-6">
      <PageMeta title={t("statement.title", { family })} description={t("statement.intro")} />
      <LocalLink to={`${adminBillingPath}?q=${encodeURIComponent(familyKey)}`} className="text-sm font-semibold text-indigo-700 hover:underline">
        <span aria-hidden="true" className="flip-rtl inline-block">
          ←
        </span>{" "}
        {t("invoice.back")}
      </LocalLink>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">
          {t("statement.title", { family: "" })}
          {parentName ? `${parentName} ` : null}
          <bdi dir="ltr">{familyKey}</bdi>
        </h1>
        <p className="mt-1 text-slate-700">{t("statement.intro")}</p>
        <p className="mt-1 text-sm text-slate-700">{t("statement.zone", { zone: timeZone })}</p>
      </header>
      <section aria-labelledby="balances-heading" className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 id="balances-heading" className="text-lg font-semibold text-slate-900">
          {t("statement.balances")}
        </h2>
        <ul className="mt-2 space-y-1">
          {balances.map((row) => (
            <li key={row.currency} data-balance={row.currency} data-minor={row.balanceMinor} className="font-semibold text-slate-900">
              {row.balanceMinor === 0 ? (
                t("statement.settled", { currency: row.currency })
              ) : (
                <>
                  {t(row.balanceMinor > 0 ? "statement.owes" : "statement.credit", { amount: "" })}
                  <bdi dir="ltr">{row.amount}</bdi>
                </>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className="overflow-x-auto" aria-labelledby="statement-caption" tabIndex={0}>
        <table className="w-full border-collapse text-sm">
          <caption id="statement-caption" className="mb-2 text-start text-lg font-semibold text-slate-900">
            {t("statement.caption")}
          </caption>
          <thead>
            <tr className="bg-slate-50">
              {(["date", "entry", "invoice", "amount", "after"] as const).map((column) => (
                <th key={column} scope="col" className={`${cell} font-semibold text-slate-800`}>
                  {t(`statement.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((row) => (
              <tr key={row.id} data-kind={row.kind}>
                <td className={nowrap}>
                  <bdi>{row.at}</bdi>
                </td>
                <td className={cell}>
                  {t(`kind.${row.kind}`)}
                  {row.method ? ` · ${t(`method.${row.method}`)}` : ""}
                  {row.reference ? (
                    <>
                      {" · "}
                      <bdi dir="ltr">{row.reference}</bdi>
                    </>
                  ) : null}
                  {row.creditNoteNumber ? (
                    <>
                      {" · "}
                      <bdi dir="ltr">{row.creditNoteNumber}</bdi>
                    </>
                  ) : null}
                </td>
                <td className={nowrap}>
                  <LocalLink to={adminInvoicePath(row.invoiceId)} className="text-indigo-700 underline">
                    <bdi dir="ltr">{row.invoiceNumber}</bdi>
                  </LocalLink>
                </td>
                <td className={nowrap}>
                  <bdi dir="ltr">{row.amount}</bdi>
                </td>
                <td className={nowrap} data-after>
                  <bdi dir="ltr">{row.balance}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
