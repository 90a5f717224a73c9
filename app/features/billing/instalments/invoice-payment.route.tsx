import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation, useRevalidator } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/invoice-payment.route";
import { invoicePaymentData } from "./invoice-payment.server";
import { startInvoicePayment } from "./instalments.api";
import { PartsTable } from "./PartsTable";
import { HowToPay } from "~/features/billing/HowToPay";
import { isLinkToken } from "~/lib/link-token";

async function load(request: Request, { db, config }: Route.LoaderArgs["context"], token: string) {
  const url = new URL(request.url);
  const found = isLinkToken(token)
    ? await invoicePaymentData(db, config, token, langFromPath(url.pathname), {
        sessionId: url.searchParams.get("session_id"),
        cancelled: url.searchParams.has("cancelled"),
      })
    : undefined;
  if (!found) throw data(null, { status: 404 });
  return found;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { ...(await load(request, context, token)), token, message: null as string | null };
}

// "Pay" posts here (with or without JavaScript): the checkout endpoint run in process, then on to
// the provider's hosted page; a refusal renders the page again with its message.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const token = String(form?.get("token") ?? "");
  if (!isLinkToken(token)) throw data(null, { status: 404 });
  const part = String(form?.get("instalmentId") ?? "");
  const instalmentId = /^\d{1,9}$/.test(part) ? Number(part) : null;
  const answer = await context.run(startInvoicePayment, { input: { token, instalmentId }, lang: langFromPath(new URL(request.url).pathname) });
  if (answer.status === 201 && typeof answer.body.url === "string") return redirect(answer.body.url);
  if (answer.status === 404) throw data(null, { status: 404 });
  return data(
    { ...(await load(request, context, token)), token, message: String(answer.body.message ?? "") },
    { status: answer.status, headers: { "Cache-Control": "private, no-store" } },
  );
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

const payButton = "rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700";

/** /payments/invoice?token=: an invoice's instalments from its payment link, a Pay button per open part (decision 091). */
export default function InvoicePaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("instalments");
  const busy = useNavigation().state !== "idle";
  const page = actionData ?? loaderData;
  const online = page.payState === "online";
  const revalidator = useRevalidator();
  // Confirming: a job reads the session from the provider (decision 094); with script the page looks
  // again every two seconds (without, the text asks the family to reload).
  useEffect(() => {
    if (!page.confirming) return;
    const timer = setTimeout(() => void revalidator.revalidate(), 2000);
    return () => clearTimeout(timer);
  }, [page.confirming, revalidator]);
  const notice = page.message ?? (page.cancelled ? t("pay.cancelled") : page.confirming ? t("pay.confirming") : null);
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <PageMeta title={t("pay.title")} description={t("pay.description")} />
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-extrabold text-slate-900">
        {t("pay.heading", { number: "" })}
        <bdi dir="ltr" className="whitespace-nowrap">
          {page.number}
        </bdi>
      </h1>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-2xl border border-slate-200 bg-white p-6">
        <dt className="font-semibold text-slate-700">{t("pay.for")}</dt>
        <dd className="text-slate-900">{page.description}</dd>
        <dt className="font-semibold text-slate-700">{t("pay.child")}</dt>
        <dd className="text-slate-900">{page.child}</dd>
        <dt className="font-semibold text-slate-700">{t("pay.total")}</dt>
        <dd className="text-slate-900">
          <bdi dir="ltr">{page.total}</bdi>
        </dd>
        <dt className="font-semibold text-slate-700">{t("pay.outstanding")}</dt>
        <dd className="font-semibold text-slate-900" data-testid="invoice-outstanding">
          <bdi dir="ltr">{page.outstanding}</bdi>
        </dd>
      </dl>
      {page.payState !== "online" ? (
        <p
          role="status"
          data-testid="invoice-state"
          className={`mt-6 rounded-lg border p-4 font-semibold text-slate-900 ${page.payState === "paid" ? "border-emerald-200 bg-emerald-50" : "border-slate-200 bg-slate-50"}`}
        >
          {t(`pay.${page.payState}`)}
        </p>
      ) : null}
      {page.payState === "desk" || page.payState === "online" ? (
        <div className="mt-6">
          <HowToPay view={page.howToPay} self />
        </div>
      ) : null}
      {notice ? (
        <p role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 font-semibold text-slate-900">
          {notice}
        </p>
      ) : null}
      {page.parts.length > 0 ? (
        <div className="mt-8">
          <h2 id="parts-heading" className="text-xl font-semibold text-slate-900">
            {t("pay.instalments")}
          </h2>
          <PartsTable
            parts={page.parts}
            labelledBy="parts-heading"
            action={(part) =>
              online && part.status !== "paid" ? (
                <Form method="post">
                  <input type="hidden" name="token" value={page.token} />
                  <input type="hidden" name="instalmentId" value={part.id} />
                  <button type="submit" className={payButton} disabled={busy}>
                    {t("pay.payPart", { n: part.position, amount: page.parts.find((row) => row.id === part.id)!.left })}
                  </button>
                </Form>
              ) : null
            }
          />
        </div>
      ) : null}
      {online ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={page.token} />
          <button type="submit" className={payButton} aria-describedby="pay-hint" disabled={busy}>
            {t("pay.payAll", { amount: page.outstanding })}
          </button>
          <p id="pay-hint" className="mt-2 text-sm text-slate-700">
            {busy ? t("api.started") : t("pay.payHint")}
          </p>
        </Form>
      ) : null}
    </main>
  );
}
