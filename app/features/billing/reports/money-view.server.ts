import type { AppLoadContext } from "react-router";
import type { Lang } from "~/i18n/lang";
import { billingSummary } from "./money.api";
import type { MoneySummary } from "./money-types";

/**
 * The dashboard's money view, read through GET /api/admin/billing/summary run in process (the same
 * figures as the API). A period that does not parse shows this month, with the refusal's message.
 */
export async function moneyViewData(context: AppLoadContext, url: URL, lang: Lang): Promise<{ summary: MoneySummary; refused: string | null }> {
  const input = Object.fromEntries(["from", "to"].flatMap((key) => (url.searchParams.has(key) ? [[key, url.searchParams.get(key) ?? ""]] : [])));
  let answer = await context.run(billingSummary, { input, lang });
  let refused: string | null = null;
  if (answer.status === 400) {
    // The field's own words ("a valid date"), not the form's general line.
    refused = Object.values(answer.body.errors ?? {})[0] ?? answer.body.message ?? "";
    answer = await context.run(billingSummary, { input: {}, lang });
  }
  if (!answer.ok || answer.status !== 200) throw new Response(answer.body.message ?? "", { status: answer.status });
  return { summary: answer.body, refused };
}
