import { useTranslation } from "react-i18next";
import { localizePath, type Lang } from "~/i18n/lang";
import { formatDateTime } from "~/features/admin-kit/format";
import { formatMoney } from "~/lib/money";
import type { PaymentNoticeView } from "./payment-notices-view.server";
import { adminBillingPath } from "./paths";

/**
 * The payment notices (decision 094), on the dashboard and the billing desk: what the provider
 * reported that staff must look at (a payment that differs from its checkout, a refund failed
 * later or made outside the app, a dispute, a reconciliation difference, money on a void invoice
 * kept as credit). Ids and amounts are isolated left to right.
 */
export function PaymentNotices({
  total,
  notices,
  lang,
  timeZone,
  back,
  resolvedNow = false,
}: {
  total: number;
  notices: PaymentNoticeView[];
  lang: Lang;
  timeZone: string;
  back: "dashboard" | "billing";
  resolvedNow?: boolean;
}) {
  const { t } = useTranslation("payments");
  const done = resolvedNow ? (
    <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-semibold text-emerald-900">
      {t("notices.resolved")}
    </p>
  ) : null;
  if (total === 0) return done;
  return (
    <section aria-labelledby="payment-notices-title" className="rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="payment-notices">
      <h2 id="payment-notices-title" className="mb-1 text-lg font-semibold text-slate-900">
        {t("notices.title", { count: total })}
      </h2>
      <p className="mb-3 text-sm text-slate-900">{t("notices.intro")}</p>
      {done}
      <ul className="divide-y divide-amber-200">
        {notices.map((notice) => (
          <li key={notice.id} className="flex flex-wrap gap-x-4 gap-y-1 py-2 text-sm text-slate-900">
            <span className="w-36 shrink-0">{formatDateTime(notice.createdAt, lang, timeZone)}</span>
            <span className="font-semibold">{t(`notices.kind.${notice.kind}`)}</span>
            {notice.amountMinor !== null && notice.currency ? <bdi dir="ltr">{formatMoney(notice.amountMinor, notice.currency, lang)}</bdi> : null}
            {notice.providerRef ? (
              <bdi dir="ltr" className="break-all">
                {notice.providerRef}
              </bdi>
            ) : null}
            <span className="basis-full text-slate-700">
              {t(`notices.what.${notice.kind}`)} <bdi dir="ltr">{notice.details}</bdi>
            </span>
            {/* A plain form post (works without JavaScript): the billing desk's action resolves it and comes back here. */}
            <form method="post" action={`${localizePath(adminBillingPath, lang)}?notice=${notice.id}`} className="flex basis-full flex-wrap items-center gap-2">
              <input type="hidden" name="back" value={back} />
              <button
                type="submit"
                className="rounded-lg border border-amber-700 bg-white px-3 py-1 text-sm font-semibold text-amber-950 hover:bg-amber-100"
                aria-describedby={`notice-hint-${notice.id}`}
              >
                {t("notices.resolve")}
              </button>
              <span id={`notice-hint-${notice.id}`} className="text-xs text-slate-700">
                {t("notices.resolveHint")}
              </span>
            </form>
          </li>
        ))}
      </ul>
    </section>
  );
}
