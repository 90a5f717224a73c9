import { data, type ActionFunctionArgs } from "react-router";
import type { DB } from "~server/db/db";
import { langFromPath } from "~/i18n/lang";
import { saveInstalmentRule } from "./instalments.api";
import type { RuleAnswer } from "./InstalmentRuleForm";

/** The instalment rule of a course or the camp, for its edit screen's form. */
export async function instalmentRuleOfOffer(db: DB, kind: "course" | "camp", id: number | null): Promise<number> {
  if (id === null) return 0;
  const row = await db
    .selectFrom(kind === "course" ? "courses" : "camps")
    .select("instalment_count")
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(row?.instalment_count ?? 0);
}

/** The rule form's post (intent "instalment-rule"): the endpoint its JSON route serves, run in process. */
export async function instalmentRuleAction({ request, context }: ActionFunctionArgs, kind: "course" | "camp", id: number, fields: FormData) {
  const raw = String(fields.get("instalmentCount") ?? "");
  const answer = await context.run(saveInstalmentRule, {
    input: { instalmentCount: /^-?\d{1,3}$/.test(raw) ? Number(raw) : raw },
    params: { kind, id: String(id) },
    lang: langFromPath(new URL(request.url).pathname),
  });
  const ok = answer.status >= 200 && answer.status < 300;
  const body: RuleAnswer = { form: "instalment-rule", ok, message: String(answer.body.message ?? "") };
  return data(body, { status: answer.status, headers: { "Cache-Control": "private, no-store" } });
}
