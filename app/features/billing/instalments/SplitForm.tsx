import { useTranslation } from "react-i18next";
import type { FormState } from "~/lib/forms/form-state";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { MAX_PARTS, MIN_PARTS } from "~/features/billing/instalment-split";

interface SplitPage {
  currency: string;
  owed: string;
  rows: { dueOn: string; amount: string }[];
  helper: { count: number; first: string };
}

/**
 * The staff's split: the "equal split" helper (a GET form: it only fills the rows, with or without
 * JavaScript) and the rows themselves (a POST to the endpoint). Two empty rows follow the filled
 * ones so a part can be added without JavaScript.
 */
export function SplitForm({ page, refused }: { page: SplitPage; refused: FormState | null }) {
  const { t } = useTranslation("instalments");
  const box = "rounded-2xl border border-slate-200 bg-white p-5";
  const rowCount = Math.min(MAX_PARTS, Math.max(page.rows.length, refused ? rowsIn(refused.values) : 0) + 2);
  const value = (name: string, fallback: string) => (refused ? (refused.values[name] ?? "") : fallback);
  const error = (index: number, field: "dueOn" | "amountMinor") => refused?.errors[`parts.${index}.${field}`];
  return (
    <>
      <section aria-labelledby="helper-heading" className={box}>
        <h2 id="helper-heading" className="text-xl font-semibold text-slate-900">
          {t("admin.helper")}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t("admin.helperHint")}</p>
        <form method="get" className="mt-4 grid gap-4 sm:grid-cols-3 sm:items-end">
          <Field label={t("admin.count")}>
            {(ids) => (
              <input
                type="number"
                name="parts"
                min={MIN_PARTS}
                max={MAX_PARTS}
                step={1}
                defaultValue={page.helper.count}
                required
                className={inputClass}
                id={ids.id}
                aria-describedby={ids.describedBy}
              />
            )}
          </Field>
          <Field label={t("admin.firstDue")}>
            {(ids) => (
              <input type="date" name="first" defaultValue={page.helper.first} required className={inputClass} id={ids.id} aria-describedby={ids.describedBy} />
            )}
          </Field>
          <div>
            <button type="submit" className="rounded-lg border border-indigo-700 bg-white px-5 py-2 font-semibold text-indigo-800 hover:bg-indigo-50">
              {t("admin.fill")}
            </button>
          </div>
        </form>
      </section>
      <section aria-labelledby="split-heading" className={box}>
        <h2 id="split-heading" className="text-xl font-semibold text-slate-900">
          {t("admin.edit")}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t("admin.editHint", { currency: page.currency, owed: page.owed })}</p>
        <form method="post" className="mt-4 space-y-4" data-testid="split-form">
          <FormAlert message={refused?.message} />
          {refused?.errors.parts && refused.errors.parts !== refused.message ? <FormAlert message={refused.errors.parts} /> : null}
          {Array.from({ length: rowCount }, (_, index) => {
            const n = index + 1;
            const row = page.rows[index];
            return (
              <div key={n} className="grid gap-3 sm:grid-cols-2" data-testid={`split-row-${n}`}>
                <Field label={t("admin.rowDue", { n })} error={error(index, "dueOn")}>
                  {(ids) => (
                    <input
                      type="date"
                      name={`due_${n}`}
                      defaultValue={value(`due_${n}`, row?.dueOn ?? "")}
                      className={inputClass}
                      id={ids.id}
                      aria-describedby={ids.describedBy}
                      aria-invalid={ids.invalid}
                    />
                  )}
                </Field>
                <Field label={t("admin.rowAmount", { n })} error={error(index, "amountMinor")}>
                  {(ids) => (
                    <input
                      type="text"
                      inputMode="decimal"
                      dir="ltr"
                      name={`amount_${n}`}
                      defaultValue={value(`amount_${n}`, row?.amount ?? "")}
                      className={inputClass}
                      id={ids.id}
                      aria-describedby={ids.describedBy}
                      aria-invalid={ids.invalid}
                    />
                  )}
                </Field>
              </div>
            );
          })}
          <button type="submit" className="rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700">
            {t("admin.save")}
          </button>
        </form>
      </section>
    </>
  );
}

/** How many rows a refused post had filled (the last row with anything in it). */
function rowsIn(values: Record<string, string>): number {
  let last = 0;
  for (let n = 1; n <= MAX_PARTS; n += 1) if ((values[`due_${n}`] ?? "") !== "" || (values[`amount_${n}`] ?? "") !== "") last = n;
  return last;
}
