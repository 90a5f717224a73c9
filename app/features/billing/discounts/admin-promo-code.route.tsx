import { data } from "react-router";
import { formatCalendarDay } from "~/lib/dates";
import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/lib/page-guards.server";
import { langFromPath } from "~/i18n/lang";
import { PageMeta } from "~/ui/PageMeta";
import { LocalLink } from "~/ui/LocalLink";
import { FormAlert } from "~/ui/FormAlert";
import { isFormState } from "~/lib/forms/form-state";
import type { Route } from "./+types/admin-promo-code.route";
import { adminDiscountsAction } from "./admin-discounts.action.server";
import { formatMoney } from "~/lib/money";
import { getPromo } from "./promo-admin.server";
import { promoFormValues } from "./promo-labels";
import { PromoFields } from "./PromoFields";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdminPage(context, request, "admin");
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const found = /^\d{1,9}$/.test(params.id) ? await getPromo(context.db, Number(params.id)) : undefined;
  if (!found) throw data({ message: "Not found." }, { status: 404 });
  return {
    promo: found.promo,
    values: promoFormValues(found.promo),
    redemptions: found.redemptions.map((row) => ({
      ...row,
      amount: formatMoney(row.amountMinor, row.currency, lang),
      day: formatCalendarDay(row.createdAt, lang),
    })),
    saved: url.searchParams.get("saved") === "updated",
  };
}

export const action = (args: Route.ActionArgs) => adminDiscountsAction(args);

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** /admin/discounts/:id (admins): change a promo code, switch it off, delete it while unused, and see each use. */
export default function AdminPromoCodePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("discounts");
  const { promo, values, redemptions, saved } = loaderData;
  const edit = isFormState(actionData, "promo-edit") ? actionData : null;
  const removal = isFormState(actionData, "promo-delete") ? actionData : null;
  const box = "rounded-2xl border border-slate-200 bg-white p-5";
  return (
    <div className="space-y-8">
      <PageMeta title={t("admin.edit", { code: promo.code })} description={t("admin.intro")} />
      <LocalLink to="/admin/discounts" className="text-sm font-semibold text-indigo-700 hover:underline">
        <span aria-hidden="true" className="flip-rtl inline-block">
          ←
        </span>{" "}
        {t("admin.back")}
      </LocalLink>
      <h1 className="text-3xl font-bold text-slate-900">{t("admin.edit", { code: promo.code })}</h1>
      {saved ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 font-semibold text-emerald-900">
          {t("api.updated")}
        </p>
      ) : null}
      <section aria-labelledby="edit-code" className={box}>
        <h2 id="edit-code" className="sr-only">
          {t("admin.edit", { code: promo.code })}
        </h2>
        <form method="post" className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="update" />
          <FormAlert message={edit?.message} className="sm:col-span-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" />
          <PromoFields values={edit?.values ?? values} errors={edit?.errors ?? {}} idPrefix="edit-code" />
          <div className="sm:col-span-2">
            <button type="submit" className="rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700">
              {t("admin.save")}
            </button>
          </div>
        </form>
      </section>
      <div className={box}>
        <h2 id="uses-heading" className="text-xl font-semibold text-slate-900">
          {t("admin.redemptions")} ({promo.uses} / {promo.maxUses})
        </h2>
        {redemptions.length === 0 ? (
          <p className="mt-3 text-slate-700">{t("admin.noRedemptions")}</p>
        ) : (
          <section className="mt-3 overflow-x-auto" aria-labelledby="uses-heading" tabIndex={0}>
            <table className="w-full text-start text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-slate-700">
                  {["family", "offer", "discountGiven", "usedAt"].map((key) => (
                    <th key={key} scope="col" className="py-2 pe-3 text-start font-semibold">
                      {t(`admin.${key}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {redemptions.map((row) => (
                  <tr key={row.id} className="border-b border-slate-100">
                    <td className="py-2 pe-3">
                      <bdi dir="ltr">{row.family}</bdi>
                    </td>
                    <td className="py-2 pe-3">
                      {t(`admin.offers.${row.offer}`)} #{row.enrolmentId}
                    </td>
                    <td className="py-2 pe-3">
                      <bdi dir="ltr">{row.amount}</bdi>
                    </td>
                    <td className="py-2 pe-3">
                      <bdi>{row.day}</bdi>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </div>
      {promo.uses === 0 ? (
        <form method="post" className={box}>
          <input type="hidden" name="intent" value="delete" />
          <FormAlert message={removal?.message} className="mb-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" />
          <button type="submit" className="rounded-lg border border-red-700 bg-white px-5 py-2 font-semibold text-red-800 hover:bg-red-50">
            {t("admin.delete")}
          </button>
        </form>
      ) : null}
    </div>
  );
}
