import { useTranslation } from "react-i18next";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { MAX_PARTS, MIN_PARTS } from "~/features/billing/instalment-split";

/** What the rule's post answers the page: saved, or refused with its message. */
export interface RuleAnswer {
  form: "instalment-rule";
  ok: boolean;
  message: string;
}

/**
 * An offer's instalment rule (decision 091) on its edit screen: a form of its own (next to, never
 * inside, the editor's form), posted to the screen's action with or without JavaScript.
 */
export function InstalmentRuleForm({ count, answer }: { count: number; answer: RuleAnswer | null }) {
  const { t } = useTranslation("instalments");
  const options = [0, ...Array.from({ length: MAX_PARTS - MIN_PARTS + 1 }, (_, index) => index + MIN_PARTS)];
  return (
    <section aria-labelledby="instalment-rule-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="instalment-rule-heading" className="text-lg font-semibold text-slate-900">
        {t("rule.heading")}
      </h2>
      <form method="post" className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="instalment-rule" />
        {answer?.ok ? (
          <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm font-semibold text-emerald-900 sm:col-span-2">
            {answer.message}
          </p>
        ) : (
          <FormAlert message={answer?.message} className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 sm:col-span-2" />
        )}
        <Field label={t("rule.label")} hint={t("rule.hint")}>
          {(ids) => (
            <select name="instalmentCount" defaultValue={count} className={inputClass} id={ids.id} aria-describedby={ids.describedBy}>
              {options.map((n) => (
                <option key={n} value={n}>
                  {n === 0 ? t("rule.none") : t("rule.option", { count: n })}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div>
          <button type="submit" className="rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700">
            {t("rule.save")}
          </button>
        </div>
      </form>
    </section>
  );
}
