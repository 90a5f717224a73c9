import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/lib/page-guards.server";
import { isStaffRole } from "~/lib/roles";
import { isFormState } from "~/lib/forms/form-state";
import { langFromPath } from "~/i18n/lang";
import { PageMeta } from "~/ui/PageMeta";
import { LocalLink } from "~/ui/LocalLink";
import { FormAlert } from "~/ui/FormAlert";
import { inputClass } from "~/ui/Field";
import { formatPhone } from "~/lib/validation";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { zonedParts } from "~/lib/zoned-time";
import { formatTimeLabel } from "~/kernel/slot-format";
import type { Route } from "./+types/camp-checkout.route";
import { auditPickupView, campBatches, campCheckoutList } from "./camp-checkout.server";
import { checkoutAction } from "./consent-pages.action.server";
import { checkoutFormName } from "./consent-form-names";

export const action = checkoutAction;

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = requireAdminPage(context, request, "teaching");
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const timeZone = await academyTimeZone(context.db);
  const batches = (await campBatches(context.db)).map((b) => ({
    value: `${b.campId}:${b.session}`,
    label: `${lang === "ar" && b.title_ar ? b.title_ar : b.title_en} · ${b.sessionLabel[lang]}`,
  }));
  const batch = url.searchParams.get("batch") ?? "";
  const askedDay = url.searchParams.get("day") ?? "";
  const day = /^\d{4}-\d\d-\d\d$/.test(askedDay) ? askedDay : zonedParts(new Date(), timeZone).date;
  const chosen = batches.find((b) => b.value === batch);
  const [campId, ...session] = batch.split(":");
  const children = chosen ? await campCheckoutList(context.db, Number(campId), session.join(":"), day) : null;
  // Every view of pickup people (children's data) is on record (issue 39, decision 102).
  const shown = children?.filter((c) => c.pickup.length > 0).length ?? 0;
  if (shown > 0) await auditPickupView(context.db, member.id, batch, day, shown);
  return {
    // Staff unlock a PIN locked by wrong tries (issue 39); instructors see that it is locked.
    canUnlock: isStaffRole(member.role),
    batches,
    batch: chosen ? batch : "",
    day,
    children:
      children?.map((c) => ({
        ...c,
        parentPhone: formatPhone(c.parentPhone),
        pickup: c.pickup.map((p) => ({ ...p, phone: formatPhone(p.phone) })),
        checkout: c.checkout ? { by: c.checkout.collected_by, at: formatTimeLabel(c.checkout.created_at, timeZone, lang) } : null,
      })) ?? null,
  };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** /teaching/camp: a camp batch's check-out on a day (staff and instructors): who collected each child, from the family's list only. */
export default function CampCheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("consent");
  const { batches, batch, day, children, canUnlock } = loaderData;
  return (
    <div className="space-y-6">
      <PageMeta title={t("checkout.title")} description={t("checkout.intro")} />
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t("checkout.title")}</h1>
        <p className="mt-1 text-sm text-slate-700">{t("checkout.intro")}</p>
        {/* The camp's attendance is this check-out record: its certificates are issued from it (decision 089). */}
        <p className="mt-2 text-sm">
          <LocalLink to="/teaching/camp/certificates" className="font-medium text-indigo-700 underline hover:text-indigo-900">
            {t("checkout.certificates")}
          </LocalLink>
        </p>
      </header>
      {batches.length === 0 ? (
        <p>{t("checkout.noBatches")}</p>
      ) : (
        <form method="get" className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
          <div>
            <label htmlFor="batch" className="mb-1 block text-sm font-medium text-slate-800">
              {t("checkout.camp")}
            </label>
            <select id="batch" name="batch" defaultValue={batch} className={inputClass}>
              {batches.map((b) => (
                <option key={b.value} value={b.value}>
                  {b.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="day" className="mb-1 block text-sm font-medium text-slate-800">
              {t("checkout.day")}
            </label>
            <input id="day" type="date" name="day" defaultValue={day} className={inputClass} dir="ltr" />
          </div>
          <button type="submit" className="rounded-lg border border-indigo-600 px-4 py-2 font-semibold text-indigo-700">
            {t("checkout.show")}
          </button>
        </form>
      )}
      {children === null ? null : children.length === 0 ? (
        <p>{t("checkout.none")}</p>
      ) : (
        <ul className="space-y-4">
          {children.map((child) => {
            const served = isFormState(actionData, checkoutFormName(String(child.id))) ? actionData : null;
            return (
              <li key={child.id} id={`child-${child.id}`} className="rounded-2xl border border-slate-200 p-4">
                <h2 className="text-lg font-semibold text-slate-900">{child.childName}</h2>
                <p className="text-sm text-slate-700">{t("checkout.parent", { name: child.parentName, phone: child.parentPhone })}</p>
                {child.pickup.some((p) => p.pinLocked) ? (
                  <div role="status" className="mt-2 rounded-lg border-2 border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900">
                    {child.pickup
                      .filter((p) => p.pinLocked)
                      .map((p) => (
                        <div key={p.id} className="flex flex-wrap items-center gap-2">
                          <span className="font-semibold">
                            {p.name}: {t("checkout.lockedNotice")}
                          </span>
                          {canUnlock ? (
                            <form method="post">
                              <input type="hidden" name="enrollmentId" value={child.id} />
                              <input type="hidden" name="unlockPickup" value={p.id} />
                              <button type="submit" className="rounded-md border border-red-800 px-3 py-1 font-semibold text-red-900 hover:bg-red-100">
                                {t("checkout.unlock", { name: p.name })}
                              </button>
                            </form>
                          ) : null}
                        </div>
                      ))}
                  </div>
                ) : null}
                {child.checkout ? (
                  <p role="status" className="mt-2 font-semibold text-emerald-800">
                    {t("checkout.done", { person: child.checkout.by, time: child.checkout.at })}
                  </p>
                ) : (
                  <form method="post" className="mt-3 space-y-3">
                    <FormAlert message={served?.message} />
                    <input type="hidden" name="enrollmentId" value={child.id} />
                    <input type="hidden" name="day" value={day} />
                    <fieldset>
                      <legend className="text-sm font-medium text-slate-800">{t("checkout.collectedBy")}</legend>
                      {child.pickup.length === 0 ? <p className="text-sm text-amber-800">{t("checkout.noList")}</p> : null}
                      {child.pickup.map((p) => (
                        <p key={p.id} className="flex items-center gap-2">
                          <input type="radio" id={`p-${child.id}-${p.id}`} name="pickup" value={p.id} required className="h-5 w-5" />
                          <label htmlFor={`p-${child.id}-${p.id}`}>
                            {p.name} <span dir="ltr">{p.phone}</span>
                          </label>
                        </p>
                      ))}
                      <p className="flex items-center gap-2">
                        <input type="radio" id={`p-${child.id}-other`} name="pickup" value="other" required className="h-5 w-5" />
                        <label htmlFor={`p-${child.id}-other`}>{t("checkout.other")}</label>
                      </p>
                    </fieldset>
                    <div>
                      <label htmlFor={`pin-${child.id}`} className="mb-1 block text-sm font-medium text-slate-800">
                        {t("checkout.pinLabel")}
                      </label>
                      <input
                        id={`pin-${child.id}`}
                        name="pin"
                        type="password"
                        inputMode="numeric"
                        autoComplete="one-time-code"
                        maxLength={6}
                        className={inputClass}
                        dir="ltr"
                      />
                    </div>
                    <button type="submit" className="rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700">
                      {t("checkout.record")}
                    </button>
                  </form>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
