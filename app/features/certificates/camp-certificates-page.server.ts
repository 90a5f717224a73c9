import { data, type ActionFunctionArgs, type AppLoadContext } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { pickPair } from "~/i18n/localized";
import { requireAdminPage } from "~/lib/page-guards.server";
import { campBatches } from "~/features/consent/camp-checkout.server";
import { issueCampCertificatesEndpoint, listCampCertificates } from "./camp-certificates.api";
import { certificatesAction, number } from "./certificates-page.action.server";
import { pageChildren, pageChoices, pageNotice } from "./certificates-page.server";

/**
 * /teaching/camp/certificates: the camp periods to choose from (as the check-out page lists them,
 * `campId:session`), and the chosen one's children read through the camp's JSON endpoint run in
 * process (the same access). The first period is shown until another is chosen.
 */
export async function campCertificatesPageData(context: AppLoadContext, request: Request) {
  requireAdminPage(context, request, "teaching");
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const choices = pageChoices(url);
  const periods = (await campBatches(context.db)).map((b) => ({
    value: `${b.campId}:${b.session}`,
    campId: b.campId,
    session: b.session,
    label: `${pickPair({ en: b.title_en, ar: b.title_ar }, lang)} · ${b.sessionLabel[lang]}`,
  }));
  const period = periods.find((p) => p.value === url.searchParams.get("batch")) ?? periods[0];
  const base = { periods: periods.map(({ value, label }) => ({ value, label })), ...choices, notice: pageNotice(url) };
  if (!period) return { ...base, period: null, children: [] };
  const answer = await context.run(listCampCertificates, {
    input: { camp: String(period.campId), session: period.session, threshold: String(choices.threshold) },
    lang,
  });
  if (!answer.ok || answer.status !== 200) throw data({ message: answer.body.message ?? "" }, { status: answer.status });
  const body = answer.body;
  return {
    ...base,
    period: { value: period.value, campId: period.campId, session: period.session, camp: pickPair(body.camp, lang), held: body.held },
    children: await pageChildren(context, lang, body.children),
  };
}

/** The posts of /teaching/camp/certificates: the period rides in each form (camp, session). */
export const campCertificatesAction = (args: ActionFunctionArgs) =>
  certificatesAction(args, {
    endpoint: issueCampCertificatesEndpoint,
    params: {},
    body: (form) => ({ camp: number(form.camp), session: form.session ?? "" }),
    keep: ["batch"],
  });
