import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/lib/page-guards.server";
import { langFromPath } from "~/i18n/lang";
import { PageMeta } from "~/ui/PageMeta";
import { LocalLink } from "~/ui/LocalLink";
import { FormAlert } from "~/ui/FormAlert";
import { Field, inputClass } from "~/ui/Field";
import { isFormState } from "~/lib/forms/form-state";
import type { Route } from "./+types/admin-discounts.route";
import { adminDiscountsAction } from "./admin-discounts.action.server";
import { siblingPercent } from "./discount-settings.server";
import { formatPrice, majorText } from "~/lib/money";
import { listOfferPrices, listPromos } from "./promo-admin.server";
import { promoValueLabel } from "./promo-labels";
import { NEW_PROMO_VALUES, PromoFields } from "./PromoFields";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request, "admin");
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const [promos, sibling, offers] = await Promise.all([listPromos(context.db), siblingPercent(context.db), listOfferPrices(context.db)]);
  const offer = (kind: "course" | "camp") => (row: (typeof offers.courses)[number]) => ({
    kind,
    id: row.id,
    name: lang === "ar" && row.name_ar.trim() ? row.name_ar : row.name_en,
    price: formatPrice(row.price, row.currency, lang),
    earlyPrice: row.early_price_minor === null ? "" : majorText(row.early_price_minor, row.currency),
    earlyUntil: row.early_price_until ?? "",
  });
  return {
    promos: promos.map((promo) => ({ ...promo, value: promoValueLabel(promo, lang) })),
    sibling,
    offers: [...offers.courses.map(offer("course")), ...offers.camps.map(offer("camp"))],
    saved: url.searchParams.get("saved"),
  };
}

export const action = (args: Route.ActionArgs) => adminDiscountsAction(args);

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

const served = (value: unknown, form: string) => (isFormState(value, form) ? value : null);

/** /admin/discounts (admins): the promo codes, a new one, the sibling discount and each offer's early-booking price (issue 31 part 5). */
export default function AdminDiscountsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("discounts");
  const { promos, sibling, offers, saved } = loaderData;
  const create = served(actionData, "promo-new");
  const siblingState = served(actionData, "sibling");
  const savedMessage =
    saved && ["created", "deleted", "sibling", "early"].includes(saved)
      ? t(`api.${{ created: "created", deleted: "deleted", sibling: "settingsSaved", early: "earlyPriceSaved" }[saved]}`)
      : null;
  const box = "rounded-2xl border border-slate-200 bg-white p-5";
  const button = "rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700";
  return (
    <div className="space-y-8">
      <PageMeta title={t("admin.title")} description={t("admin.intro")} />
      <header>
        <h1 className="text-3xl font-bold text-slate-900">{t("admin.title")}</h1>
        <p className="mt-2 text-slate-700">{t("admin.intro")}</p>
      </header>
      {savedMessage ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 font-semibold text-emerald-900">
          {savedMessage}
        </p>
      ) : null}
      {/* One landmark per list: the scrolling table (focusable, so a keyboard can scroll it on a phone). */}
      <div id="codes" className={box}>
        <h2 id="codes-heading" className="text-xl font-semibold text-slate-900">
          {t("admin.codes")}
        </h2>
        {promos.length === 0 ? (
          <p className="mt-3 text-slate-700">{t("admin.none")}</p>
        ) : (
          <section className="mt-3 overflow-x-auto" aria-labelledby="codes-heading" tabIndex={0}>
            <table className="w-full text-start text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-slate-700">
                  {["code", "value", "appliesTo", "valid", "uses", "status"].map((key) => (
                    <th key={key} scope="col" className="py-2 pe-3 text-start font-semibold">
                      {t(`admin.${key}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {promos.map((promo) => (
                  <tr key={promo.id} className="border-b border-slate-100">
                    <td className="py-2 pe-3">
                      <LocalLink to={`/admin/discounts/${promo.id}`} className="font-semibold text-indigo-700 hover:underline">
                        <bdi dir="ltr">{promo.code}</bdi>
                      </LocalLink>
                    </td>
                    <td className="py-2 pe-3">
                      <bdi dir="ltr">{promo.value}</bdi>
                    </td>
                    <td className="py-2 pe-3">{t(`admin.targets.${promo.appliesTo}`)}</td>
                    <td className="py-2 pe-3">
                      {promo.validFrom || promo.validUntil
                        ? [
                            promo.validFrom ? t("admin.from", { date: promo.validFrom }) : null,
                            promo.validUntil ? t("admin.until", { date: promo.validUntil }) : null,
                          ]
                            .filter(Boolean)
                            .join(" · ")
                        : t("admin.anyDay")}
                    </td>
                    <td className="py-2 pe-3 tabular-nums">
                      {promo.uses} / {promo.maxUses}
                    </td>
                    <td className="py-2 pe-3">{promo.active ? t("admin.on") : t("admin.off")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </div>
      <section aria-labelledby="new-code" className={box}>
        <h2 id="new-code" className="text-xl font-semibold text-slate-900">
          {t("admin.new")}
        </h2>
        <form method="post" className="mt-4 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="create" />
          <FormAlert message={create?.message} className="sm:col-span-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" />
          <PromoFields values={create?.values ?? NEW_PROMO_VALUES} errors={create?.errors ?? {}} idPrefix="new-code" />
          <div className="sm:col-span-2">
            <button type="submit" className={button}>
              {t("admin.create")}
            </button>
          </div>
        </form>
      </section>
      <section id="sibling" aria-labelledby="sibling-heading" className={box}>
        <h2 id="sibling-heading" className="text-xl font-semibold text-slate-900">
          {t("admin.sibling")}
        </h2>
        <form method="post" className="mt-4 flex flex-wrap items-end gap-4">
          <input type="hidden" name="intent" value="sibling" />
          <Field label={t("admin.siblingPercent")} hint={t("admin.siblingHint")} error={siblingState?.errors.siblingPercent} className="min-w-0 flex-1">
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                name="siblingPercent"
                type="number"
                min={0}
                max={50}
                step={1}
                required
                defaultValue={siblingState?.values.siblingPercent ?? String(sibling)}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                className={inputClass}
              />
            )}
          </Field>
          <button type="submit" className={button}>
            {t("admin.save")}
          </button>
        </form>
      </section>
      <section id="early" aria-labelledby="early-heading" className={box}>
        <h2 id="early-heading" className="text-xl font-semibold text-slate-900">
          {t("admin.earlyPrices")}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t("admin.earlyHint")}</p>
        <ul className="mt-4 space-y-4">
          {offers.map((offer) => {
            const state = served(actionData, `early-${offer.kind}-${offer.id}`);
            return (
              <li key={`${offer.kind}-${offer.id}`} className="rounded-xl border border-slate-200 p-4">
                <form method="post" className="flex flex-wrap items-end gap-4" aria-label={offer.name}>
                  <input type="hidden" name="intent" value="early" />
                  <input type="hidden" name="kind" value={offer.kind} />
                  <input type="hidden" name="offerId" value={offer.id} />
                  <p className="w-full font-semibold text-slate-900">
                    {offer.name} · {t("admin.price")} <bdi dir="ltr">{offer.price}</bdi>
                  </p>
                  <Field label={t("admin.earlyPrice")} error={state?.errors.earlyPriceMinor}>
                    {({ id, describedBy, invalid }) => (
                      <input
                        id={id}
                        name="earlyPrice"
                        type="text"
                        inputMode="decimal"
                        dir="ltr"
                        defaultValue={state?.values.earlyPrice ?? offer.earlyPrice}
                        aria-describedby={describedBy}
                        aria-invalid={invalid || undefined}
                        className={inputClass}
                      />
                    )}
                  </Field>
                  <Field label={t("admin.earlyUntil")} error={state?.errors.earlyPriceUntil}>
                    {({ id, describedBy, invalid }) => (
                      <input
                        id={id}
                        name="earlyUntil"
                        type="date"
                        defaultValue={state?.values.earlyUntil ?? offer.earlyUntil}
                        aria-describedby={describedBy}
                        aria-invalid={invalid || undefined}
                        className={inputClass}
                      />
                    )}
                  </Field>
                  <button type="submit" className={button} aria-label={t("admin.saveEarly", { name: offer.name })}>
                    {t("admin.save")}
                  </button>
                </form>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
