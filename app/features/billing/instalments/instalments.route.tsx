import { data } from "react-router";
import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/lib/page-guards.server";
import { langFromPath } from "~/i18n/lang";
import { isFormState } from "~/lib/forms/form-state";
import { PageMeta } from "~/ui/PageMeta";
import { LocalLink } from "~/ui/LocalLink";
import { BackArrow } from "~/ui/Bidi";
import { adminInvoicePath } from "~/features/billing/paths";
import { formatMoney, majorText } from "~/lib/money";
import type { Route } from "./+types/instalments.route";
import { equalSplit, isCalendarDay, MAX_PARTS, MIN_PARTS } from "~/features/billing/instalment-split";
import { instalmentsAction } from "./instalments.action.server";
import { invoiceInstalments } from "./instalments.server";
import { partViews } from "./instalments-view.server";
import { formatDay } from "./format-day";
import { PartsTable } from "./PartsTable";
import { SplitForm } from "./SplitForm";

const idOf = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : undefined);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const id = idOf(params.id);
  const state = id === undefined ? undefined : await invoiceInstalments(context.db, id);
  if (!state) throw data({ message: "Not found." }, { status: 404 });
  const money = (minor: number) => formatMoney(minor, state.invoice.currency, lang);
  // The helper (a GET form, so it works without JavaScript) fills the rows; else the saved parts; else 3 from the due date.
  const count = Number(url.searchParams.get("parts") ?? "");
  const first = url.searchParams.get("first") ?? "";
  const helped = Number.isInteger(count) && count >= MIN_PARTS && count <= MAX_PARTS && isCalendarDay(first);
  const rows = helped
    ? equalSplit(state.owedTotalMinor, count, first)
    : state.parts.length > 0
      ? state.parts
      : equalSplit(state.owedTotalMinor, 3, state.invoice.due_on);
  const { invoice } = state;
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    currency: invoice.currency,
    family: invoice.email,
    child: invoice.child_name,
    issued: formatDay(state.issuedOn, lang),
    owed: money(state.owedTotalMinor),
    outstanding: money(Math.max(0, state.outstandingMinor)),
    editable: invoice.status === "open" && state.outstandingMinor > 0,
    parts: partViews(state, lang),
    rows: rows.map((row) => ({ dueOn: row.dueOn, amount: majorText(row.amountMinor, state.invoice.currency) })),
    helper: { count: helped ? count : Math.max(MIN_PARTS, state.parts.length || 3), first: helped ? first : (state.parts[0]?.dueOn ?? invoice.due_on) },
    saved: url.searchParams.get("saved") === "1",
  };
}

export const action = (args: Route.ActionArgs) => instalmentsAction(args);

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** /admin/billing/invoices/:id/instalments (staff): an invoice's instalments, their states, and the split form. */
export default function InstalmentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("instalments");
  const page = loaderData;
  const refused = isFormState(actionData, "split") ? actionData : null;
  const box = "rounded-2xl border border-slate-200 bg-white p-5";
  const facts: [string, string, boolean?][] = [
    [t("admin.family"), page.family, true],
    [t("admin.child"), page.child],
    [t("admin.issued"), page.issued],
    [t("admin.owed"), page.owed, true],
    [t("admin.outstanding"), page.outstanding, true],
  ];
  return (
    <div className="space-y-8">
      <PageMeta title={t("admin.title", { number: page.number })} description={t("admin.intro")} />
      <LocalLink to={adminInvoicePath(page.id)} className="text-sm font-semibold text-indigo-700 hover:underline">
        <BackArrow /> {t("admin.back")}
      </LocalLink>
      <div>
        <h1 className="text-3xl font-bold text-slate-900">
          {t("admin.title", { number: "" })}
          <bdi dir="ltr" className="whitespace-nowrap">
            {page.number}
          </bdi>
        </h1>
        <p className="mt-2 text-slate-700">{t("admin.intro")}</p>
      </div>
      {page.saved ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 font-semibold text-emerald-900">
          {t("admin.saved")}
        </p>
      ) : null}
      <dl className={`${box} grid grid-cols-[auto_1fr] gap-x-6 gap-y-2`}>
        {facts.map(([label, value, ltr]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-700">{label}</dt>
            <dd className="break-words text-slate-900">{ltr ? <bdi dir="ltr">{value}</bdi> : value}</dd>
          </div>
        ))}
      </dl>
      <div className={box}>
        <h2 id="instalments-heading" className="text-xl font-semibold text-slate-900">
          {t("admin.current")}
        </h2>
        {page.parts.length === 0 ? (
          <p className="mt-3 text-slate-700">{t("admin.none")}</p>
        ) : (
          <PartsTable parts={page.parts} labelledBy="instalments-heading" />
        )}
      </div>
      {page.editable ? (
        <SplitForm page={page} refused={refused} />
      ) : (
        <p className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-slate-900">
          {t("admin.locked", { status: t(`admin.invoiceStatus.${page.status}`) })}
        </p>
      )}
    </div>
  );
}
