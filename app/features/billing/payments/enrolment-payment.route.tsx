import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation, useRevalidator } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/enrolment-payment.route";
import { paymentPageData } from "./enrolment-payment.server";
import { startEnrolmentCheckout } from "./payments.api";
import { isLinkToken } from "~/lib/link-token";

async function load(request: Request, { db, config }: Route.LoaderArgs["context"], token: string) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const found = isLinkToken(token)
    ? await paymentPageData(db, config, token, lang, { sessionId: url.searchParams.get("session_id"), cancelled: url.searchParams.has("cancelled") })
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
  const lang = langFromPath(new URL(request.url).pathname);
  const answer = await context.run(startEnrolmentCheckout, { input: { token }, lang });
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

/** /payments/enrolment?token=: a held enrolment's payment (decision 085): what is paid, "Pay", and the paid enrolment after. */
export default function EnrolmentPaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("payments");
  const navigation = useNavigation();
  const page = actionData ?? loaderData;
  const busy = navigation.state !== "idle";
  const revalidator = useRevalidator();
  // Confirming: the event is being processed by a job (decision 094); with script the page looks
  // again every two seconds (without, the text asks the family to reload).
  useEffect(() => {
    if (!page.confirming) return;
    const timer = setTimeout(() => void revalidator.revalidate(), 2000);
    return () => clearTimeout(timer);
  }, [page.confirming, revalidator]);
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <PageMeta title={t("page.title")} description={t("page.description")} />
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-extrabold text-slate-900">{t("page.heading")}</h1>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-2xl border border-slate-200 bg-white p-6">
        <dt className="font-semibold text-slate-700">{t("page.course")}</dt>
        <dd className="text-slate-900">{page.courseName}</dd>
        <dt className="font-semibold text-slate-700">{t("page.child")}</dt>
        <dd className="text-slate-900">{page.childName}</dd>
        <dt className="font-semibold text-slate-700">{t("page.code")}</dt>
        <dd className="font-mono text-slate-900" dir="ltr">
          {page.code}
        </dd>
        <dt className="font-semibold text-slate-700">{t("page.firstClass")}</dt>
        <dd className="text-slate-900">{page.firstClass}</dd>
        <dt className="font-semibold text-slate-700">{page.paidAmount ? t("page.paidAmount") : t("page.amount")}</dt>
        <dd className="font-semibold text-slate-900" data-testid="payment-amount">
          <bdi>{page.paidAmount ?? page.amount}</bdi>
        </dd>
      </dl>
      <p
        role="status"
        data-testid="payment-state"
        className={`mt-6 rounded-lg border p-4 font-semibold text-slate-900 ${page.state === "paid" ? "border-emerald-200 bg-emerald-50" : "border-slate-200 bg-slate-50"}`}
      >
        {t(`page.state.${page.state}`, { until: page.heldUntil ?? "" })}
      </p>
      {page.message ? (
        <p role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 font-semibold text-slate-900">
          {page.message}
        </p>
      ) : page.cancelled ? (
        <p role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 font-semibold text-slate-900">
          {t("page.cancelled", { until: page.heldUntil ?? "" })}
        </p>
      ) : page.confirming ? (
        <p role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 font-semibold text-slate-900">
          {t("page.confirming")}
        </p>
      ) : null}
      {page.state === "held" && page.online ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={page.token} />
          <button type="submit" className="rounded-lg bg-indigo-600 px-6 py-3 font-semibold text-white hover:bg-indigo-700" aria-describedby="pay-hint">
            {t("page.pay", { amount: page.amount })}
          </button>
          <p id="pay-hint" className="mt-2 text-sm text-slate-700">
            {busy ? t("api.started") : t("page.payHint")}
          </p>
        </Form>
      ) : null}
      {page.state === "expired" || page.state === "ended" ? (
        <LocalLink
          to={`/courses/${page.courseSlug}#enrol`}
          className="mt-6 inline-block rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700"
        >
          {t("page.courses")}
        </LocalLink>
      ) : null}
    </main>
  );
}
