import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { requireAdminPage } from "~/lib/page-guards.server";
import { langFromPath } from "~/i18n/lang";
import { PageMeta } from "~/ui/PageMeta";
import { FormAlert } from "~/ui/FormAlert";
import { LocalLink } from "~/ui/LocalLink";
import type { FormState } from "~/lib/forms/form-state";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { postedNumber } from "~/lib/forms/pick-fields.server";
import type { Route } from "./+types/admin-enrolment.route";
import { toSectionCard } from "./course-sections.server";
import { staffDropEnrolment, staffMoveEnrolment } from "./enrolment-changes.api";
import { enrolmentForManage } from "./enrolment-manage.server";
import { sectionRefundProposal } from "~/features/billing/index.server";
import { RefundProposal } from "~/features/billing";
import { formatMoney } from "~/lib/money";
import { enrolmentIdByReference } from "~/features/enrolments/queries.server";

const REFERENCE = /^[\w-]{10,64}$/;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const lang = langFromPath(new URL(request.url).pathname);
  const reference = params.reference;
  const id = REFERENCE.test(reference) ? await enrolmentIdByReference(context.db, reference) : undefined;
  const found = id === undefined ? undefined : await enrolmentForManage(context.db, id, lang, { staff: true });
  if (!found) throw data(null, { status: 404 });
  const notice = new URL(request.url).searchParams.get("done");
  // What the course's refund policy gives back if there is money to return (decision 092).
  const proposal = id === undefined ? null : await sectionRefundProposal(context.db, id);
  // Isolated left to right (U+2066 … U+2069): the amounts sit inside translated sentences.
  const money = (minor: number) => `\u2066${formatMoney(minor, proposal?.currency ?? "USD", lang)}\u2069`;
  return {
    refundProposal: proposal
      ? {
          when: proposal.when,
          percent: proposal.percent,
          payments: proposal.payments.map((p) => ({ ...p, paid: money(p.paidMinor), left: money(p.leftMinor), proposed: money(p.proposedMinor) })),
        }
      : null,
    reference,
    enrolment: found.enrolment,
    section: toSectionCard(found.section, found.timeZone, lang),
    alternatives: found.alternatives.map((section) => toSectionCard(section, found.timeZone, lang)),
    notice: notice === "moved" || notice === "dropped" ? notice : null,
  };
}

/** The page's two forms, each the endpoint its JSON route serves (decision 048), with or without JavaScript. */
export async function action(args: Route.ActionArgs) {
  const { request, context, params } = args;
  requireAdminPage(context, request);
  if (!REFERENCE.test(params.reference)) throw data(null, { status: 404 });
  const intent = (
    await request
      .clone()
      .formData()
      .catch(() => null)
  )?.get("intent");
  const back = (done: string) => `${new URL(request.url).pathname}?done=${done}`;
  if (intent === "move")
    return postFormToApi(args, {
      form: "move",
      endpoint: staffMoveEnrolment,
      params: { reference: params.reference },
      toBody: (form) => ({ sectionId: postedNumber(form.sectionId) }),
      onSuccess: () => back("moved"),
    });
  if (intent === "drop")
    return postFormToApi(args, {
      form: "drop",
      endpoint: staffDropEnrolment,
      params: { reference: params.reference },
      toBody: (form) => ({ reason: form.reason ?? "" }),
      onSuccess: () => back("dropped"),
    });
  throw data({ message: "Bad request." }, { status: 400 });
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

const served = (value: unknown, form: string): FormState | null =>
  typeof value === "object" && value !== null && (value as FormState).form === form ? (value as FormState) : null;

/** /admin/enrolments/:reference: staff move a child to another group of the course, or drop the enrolment with a reason (decision 067). */
export default function AdminEnrolmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("sections");
  const { enrolment, section, alternatives, notice, refundProposal } = loaderData;
  const move = served(actionData, "move");
  const drop = served(actionData, "drop");
  const live = enrolment.status === "enrolled";
  return (
    <div className="max-w-3xl space-y-8">
      <PageMeta title={t("staffEnrolment.title")} description={t("manage.description")} />
      <header>
        <h1 className="text-3xl font-bold text-slate-900">{t("staffEnrolment.title")}</h1>
        <LocalLink to="/admin/sections" className="text-indigo-700 hover:underline">
          {t("staffEnrolment.back")}
        </LocalLink>
      </header>
      {notice ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 font-semibold text-emerald-900">
          {t(notice === "moved" ? "changeApi.moved" : "changeApi.dropped")}
        </p>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-2xl border border-slate-200 bg-white p-5">
        <dt className="font-semibold text-slate-700">{t("waitlist.course")}</dt>
        <dd className="text-slate-900">{enrolment.courseName}</dd>
        <dt className="font-semibold text-slate-700">{t("waitlist.child")}</dt>
        <dd className="text-slate-900">
          {enrolment.childName}, {enrolment.childAge}
        </dd>
        <dt className="font-semibold text-slate-700">{t("details.parentName")}</dt>
        <dd className="text-slate-900">
          {enrolment.parentName} · <span dir="ltr">{enrolment.email}</span>
        </dd>
        <dt className="font-semibold text-slate-700">{t("manage.code")}</dt>
        <dd className="font-mono text-slate-900" dir="ltr">
          {enrolment.code}
        </dd>
        <dt className="font-semibold text-slate-700">{t("manage.group")}</dt>
        <dd className="text-slate-900">
          {t("page.schedule", { days: section.days, time: section.time })} · {t("page.dates", { first: section.first, last: section.last })}
        </dd>
        <dt className="font-semibold text-slate-700">{t("staffEnrolment.status")}</dt>
        <dd className="text-slate-900">
          {t(`manage.status.${enrolment.status}`)}
          {enrolment.dropReason ? ` · ${enrolment.dropReason}` : ""}
        </dd>
      </dl>
      {live ? (
        <>
          <section aria-labelledby="staff-move" className="rounded-2xl border border-slate-200 bg-white p-5">
            <h2 id="staff-move" className="text-xl font-semibold text-slate-900">
              {t("manage.moveHeading")}
            </h2>
            <p className="mt-1 text-slate-700">{t("manage.moveIntro")}</p>
            {alternatives.length === 0 ? (
              <p className="mt-3 text-slate-700">{t("manage.noOther")}</p>
            ) : (
              <form method="post" className="mt-4 space-y-3">
                <input type="hidden" name="intent" value="move" />
                <FormAlert message={move?.message} />
                <fieldset>
                  <legend className="sr-only">{t("page.choose")}</legend>
                  <div className="space-y-2">
                    {alternatives.map((other) => (
                      <div
                        key={other.id}
                        className="flex gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50"
                      >
                        <input type="radio" id={`staff-move-${other.id}`} name="sectionId" value={other.id} required className="mt-1 h-4 w-4 shrink-0" />
                        <label htmlFor={`staff-move-${other.id}`} className="cursor-pointer text-slate-900">
                          <span className="font-semibold">{t("page.schedule", { days: other.days, time: other.time })}</span> ·{" "}
                          {t("page.dates", { first: other.first, last: other.last })} · {t("page.seatsLeft", { count: other.seatsLeft })}
                        </label>
                      </div>
                    ))}
                  </div>
                </fieldset>
                <button type="submit" className="rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700">
                  {t("manage.moveSubmit")}
                </button>
              </form>
            )}
          </section>
          <section aria-labelledby="staff-drop" className="rounded-2xl border border-red-200 bg-white p-5">
            <h2 id="staff-drop" className="text-xl font-semibold text-slate-900">
              {t("manage.dropHeading")}
            </h2>
            <p className="mt-1 text-slate-700">{t("manage.dropIntro")}</p>
            <form method="post" className="mt-4 space-y-3">
              <input type="hidden" name="intent" value="drop" />
              <FormAlert message={drop && !drop.errors.reason ? drop.message : undefined} />
              <label htmlFor="staff-drop-reason" className="block font-semibold text-slate-900">
                {t("staffEnrolment.reason")}
              </label>
              <textarea
                id="staff-drop-reason"
                name="reason"
                required
                maxLength={500}
                rows={3}
                defaultValue={drop?.values.reason ?? ""}
                aria-invalid={drop?.errors.reason ? true : undefined}
                aria-describedby={drop?.errors.reason ? "staff-drop-reason-error" : undefined}
                className="block w-full rounded-lg border border-slate-400 p-2"
              />
              {drop?.errors.reason ? (
                <p id="staff-drop-reason-error" className="text-sm text-red-700">
                  {drop.errors.reason}
                </p>
              ) : null}
              <button type="submit" className="rounded-lg bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800">
                {t("manage.dropSubmit")}
              </button>
            </form>
          </section>
        </>
      ) : null}
      {refundProposal ? <RefundProposal proposal={refundProposal} /> : null}
    </div>
  );
}
