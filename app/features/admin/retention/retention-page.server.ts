import type { AppLoadContext } from "react-router";
import type { Lang } from "~/i18n/lang";
import { termOf } from "~/features/billing";
import { retentionFigures } from "./retention.api";
import { academyToday } from "./retention.server";
import { shiftTerm } from "./terms";

/** How many terms the picker offers, ending with the current one. */
const PICKER_TERMS = 8;

/**
 * The retention screen, read through GET /api/admin/reports/retention run in process (the same
 * figures as the API and its CSV). A term that does not parse shows the last whole term, with a note.
 */
export async function retentionPageData(context: AppLoadContext, url: URL, lang: Lang) {
  const asked = url.searchParams.has("term") ? { term: url.searchParams.get("term") ?? "" } : {};
  let answer = await context.run(retentionFigures, { input: asked, lang });
  let refused = false;
  if (answer.status === 400) {
    refused = true;
    answer = await context.run(retentionFigures, { input: {}, lang });
  }
  if (!answer.ok || answer.status !== 200) throw new Response(answer.body.message ?? "", { status: answer.status });
  const figures = answer.body;
  const current = termOf(academyToday(figures.timeZone));
  const choices = Array.from({ length: PICKER_TERMS }, (_, i) => shiftTerm(current, -i));
  if (!choices.includes(figures.retention.term)) choices.push(figures.retention.term);
  return { ...figures, refused, choices: choices.sort().reverse(), current };
}
