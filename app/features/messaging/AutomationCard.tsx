import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { LocalLink } from "~/ui/LocalLink";
import type { FormState } from "~/lib/forms/form-state";
import { AUTOMATIONS, type AutomationSettings } from "./automations";
import type { Conversion } from "./automations.server";

interface Props {
  automation: AutomationSettings;
  figure: Conversion;
  /** The waitlist's own hold (booking settings), named on the waitlist offer's card. */
  holdHours: number;
  /** This form's refused post, rendered back with the values typed. */
  state: FormState | undefined;
}

/**
 * One automation (decision 140): what starts it and its kind of consent, a plain form (on or off,
 * its N days where it has one, the throttle) and its conversion figure with the definition.
 */
export function AutomationCard({ automation, figure, holdHours, state }: Props) {
  const { t } = useTranslation("messaging");
  const { key } = automation;
  const values = state?.values;
  const errors = state?.errors ?? {};
  const enabled = values ? values.enabled === "on" : automation.enabled;
  const percent = figure.counted > 0 ? Math.round((figure.converted / figure.counted) * 100) : null;
  const headingId = `automation-${key}-heading`;
  const bounds = AUTOMATIONS[key].days;
  return (
    <section id={`automation-${key}`} aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="flex flex-wrap items-center gap-2 text-xl font-bold text-slate-900">
        {t(`automations.name.${key}`)}
        <span className={`rounded px-2 py-0.5 text-sm font-semibold ${automation.enabled ? "bg-green-100 text-green-900" : "bg-slate-100 text-slate-800"}`}>
          {automation.enabled ? t("automations.on") : t("automations.off")}
        </span>
      </h2>
      <p className="mt-1 text-slate-700">{t(`automations.about.${key}`)}</p>
      <p className="mt-1 text-sm text-slate-600">{t(key === "trial_follow_up" ? "automations.consentNews" : "automations.consentService")}</p>
      {key === "waitlist_offer" ? (
        <p className="mt-1 text-sm text-slate-600">
          {t("automations.hold", { hours: holdHours })}{" "}
          <LocalLink to="/admin/settings/booking" className="font-semibold text-indigo-700 underline hover:text-indigo-900">
            {t("automations.holdLink")}
          </LocalLink>
        </p>
      ) : null}
      <Form method="post" className="mt-3 space-y-3">
        <FormAlert message={state?.message} />
        <label className="flex items-center gap-2 font-semibold text-slate-900">
          <input type="checkbox" name="enabled" defaultChecked={enabled} className="h-5 w-5" />
          {t("automations.enabled")}
        </label>
        {bounds ? (
          <Field label={t(`automations.days.${key}`)} error={errors.days} hint={t("automations.daysHint", { min: bounds.min, max: bounds.max })}>
            {(ids) => (
              <input
                id={ids.id}
                name="days"
                type="number"
                inputMode="numeric"
                min={bounds.min}
                max={bounds.max}
                required
                defaultValue={values?.days ?? String(automation.days)}
                aria-describedby={ids.describedBy}
                aria-invalid={ids.invalid || undefined}
                className={`${inputClass} max-w-32`}
              />
            )}
          </Field>
        ) : null}
        <Field label={t("automations.throttle")} error={errors.throttleDays} hint={t("automations.throttleHint")}>
          {(ids) => (
            <input
              id={ids.id}
              name="throttleDays"
              type="number"
              inputMode="numeric"
              min={0}
              max={365}
              required
              defaultValue={values?.throttleDays ?? String(automation.throttleDays)}
              aria-describedby={ids.describedBy}
              aria-invalid={ids.invalid || undefined}
              className={`${inputClass} max-w-32`}
            />
          )}
        </Field>
        <button type="submit" name="intent" value={`save-${key}`} className="rounded-lg bg-indigo-700 px-4 py-2 font-semibold text-white hover:bg-indigo-800">
          {t("automations.save", { name: t(`automations.name.${key}`) })}
        </button>
      </Form>
      <div className="mt-4 border-t border-slate-200 pt-3">
        <h3 className="font-semibold text-slate-900">{t("automations.conversion")}</h3>
        <p className="mt-1 text-2xl font-bold text-slate-900" data-testid={`conversion-${key}`}>
          {percent === null ? "–" : t("automations.percent", { percent })}
        </p>
        <p className="text-sm text-slate-700">{t("automations.figure", { converted: figure.converted, counted: figure.counted })}</p>
        <p className="mt-1 text-sm text-slate-600">{t(`automations.definition.${key}`)}</p>
      </div>
    </section>
  );
}
