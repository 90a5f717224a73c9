import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { FieldValues } from "react-hook-form";
import type { z } from "zod";
import { useAdminForm } from "~/features/admin-kit/use-admin-form";
import type { SiteSettings } from "~/features/site/settings.schema";
import { useServedState } from "~/lib/forms/served-state";
import { Field, inputClass } from "~/ui/Field";
import { percentToBp, settingsFields, settingsPageSchema, type SettingKey } from "./settings.schema";
import { SETTINGS_GROUPS, settingsFormId, type SettingsGroup } from "./settings-groups";

/** The settings NumberSetting edits: those whose rule is a whole number. */
type NumberSettingKey = { [K in SettingKey]: (typeof settingsFields.shape)[K] extends z.ZodNumber ? K : never }[SettingKey];

type Ids = { id: string; describedBy: string | undefined; invalid: boolean };
type Values = Record<string, unknown>;

/** One page's settings as its form edits them: the money page types the tax rate as a percent (decision 090). */
function pageValues(group: SettingsGroup, settings: SiteSettings): Values {
  const values: Values = {};
  for (const key of SETTINGS_GROUPS[group]) {
    if (key === "taxRateBp") values.taxPercent = settings.taxRateBp / 100;
    else values[key] = settings[key];
  }
  return values;
}

/** The values as the HTML's text controls start (`address.en`), so the page reads and posts before any script. */
function flatText(values: Values, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === "boolean" || Array.isArray(value)) continue;
    if (value !== null && typeof value === "object") Object.assign(out, flatText(value as Values, `${prefix}${key}.`));
    else out[`${prefix}${key}`] = String(value);
  }
  return out;
}

/**
 * A settings page's form (decision 116): it posts this page's fields to the page, whose action runs
 * PUT /api/admin/settings in process; once hydrated it sends the same fields to that route as JSON.
 * Each control starts from the stored value, or from what was posted when a save was refused.
 */
export function useSettingsForm(group: SettingsGroup, settings: SiteSettings) {
  const { t } = useTranslation("admin");
  const id = settingsFormId(group);
  const values = pageValues(group, settings);
  const schema = useMemo(() => settingsPageSchema(group) as unknown as z.ZodType<FieldValues, FieldValues>, [group]);
  const served = useServedState(id);
  const form = useAdminForm({
    id,
    schema,
    defaults: values,
    initial: flatText(values),
    request: (valid) => {
      const { taxPercent, ...rest } = valid;
      return { method: "PUT", path: "/api/admin/settings", body: taxPercent === undefined ? rest : { ...rest, taxRateBp: percentToBp(Number(taxPercent)) } };
    },
    saved: t("settings.saved"),
  });
  const { register } = form.methods;
  const aria = (ids: Ids) => ({ id: ids.id, "aria-describedby": ids.describedBy, "aria-invalid": ids.invalid, className: inputClass });
  return {
    form,
    /** A text, select or textarea control's attributes. */
    text: (name: string, ids: Ids) => ({ ...aria(ids), ...form.field(name) }),
    /** A whole number's: the browser's check reads it as a number. */
    number: (name: string, ids: Ids) => {
      register(name, { valueAsNumber: true });
      return { type: "number", step: 1, dir: "ltr", ...aria(ids), ...form.field(name) };
    },
    /** A checkbox's, ticked as stored or as posted. */
    checkbox: (name: string) => ({ ...register(name), defaultChecked: served ? served.values[name] !== undefined : values[name] === true }),
    /** One box of a list of ticked values (the ways to pay). */
    listBox: (name: string, value: string) => ({
      ...register(name),
      value,
      defaultChecked: served ? (served.values[name] ?? "").split("\n").includes(value) : (values[name] as readonly string[]).includes(value),
    }),
    error: (name: string) => form.error(name),
  };
}

export type SettingsForm = ReturnType<typeof useSettingsForm>;

/** A labelled checkbox with its hint under the label. */
export function CheckSetting({ s, name, label, hint }: { s: SettingsForm; name: string; label: string; hint: string }) {
  const hintId = `${name}-hint`;
  return (
    <label className="flex items-start gap-3 sm:col-span-2">
      <input type="checkbox" className="mt-1 h-4 w-4" aria-describedby={hintId} {...s.checkbox(name)} />
      <span>
        <span className="font-medium text-slate-900">{label}</span>
        <span id={hintId} className="block text-sm text-slate-600">
          {hint}
        </span>
      </span>
    </label>
  );
}

/** A whole-number setting with its range in the hint. */
/** A whole-number setting: its bounds are the schema's (settingsFields), so the field and the save agree. */
export function NumberSetting({ s, name, label, hint }: { s: SettingsForm; name: NumberSettingKey; label: string; hint?: string }) {
  const { minValue, maxValue } = settingsFields.shape[name];
  return (
    <Field label={label} hint={hint} error={s.error(name)}>
      {(ids) => <input min={minValue ?? undefined} max={maxValue ?? undefined} {...s.number(name, ids)} />}
    </Field>
  );
}

/**
 * A block of one page's controls, two columns from small screens up: a titled fieldset where a page
 * has several blocks, plain where the page's heading already names its only one.
 */
export function SettingsBlock({ title, intro, children }: { title?: string; intro?: string; children: ReactNode }) {
  const body = (
    <>
      {intro ? <p className="text-sm text-slate-600 sm:col-span-2">{intro}</p> : null}
      {children}
    </>
  );
  const frame = "grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2";
  if (!title) return <div className={frame}>{body}</div>;
  return (
    <fieldset className={frame}>
      <legend className="px-1 text-lg font-semibold text-slate-900">{title}</legend>
      {body}
    </fieldset>
  );
}
