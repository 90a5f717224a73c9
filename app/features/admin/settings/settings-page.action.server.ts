import { data, redirect, type ActionFunctionArgs } from "react-router";
import { serverT } from "~server/i18n";
import { langFromPath, localizePath, type Lang } from "~/i18n/lang";
import type { FormState } from "~/lib/forms/form-state";
import { withNotice } from "~/lib/forms/notice";
import { requireAdminPage } from "~/lib/page-guards.server";
import { saveSettings } from "./settings.api";
import { settingsFields, type SettingKey } from "./settings.schema";
import { CHECKBOX_SETTINGS, LIST_SETTINGS, NUMBER_SETTINGS, SETTINGS_GROUPS, settingsFormId, type SettingsGroup } from "./settings-groups";

/** A posted number as JSON: a plain decimal becomes a number, anything else (blank too) goes as typed, for the rule to refuse. */
const postedNumber = (text: string) => (/^-?\d{1,12}(\.\d{1,12})?$/.test(text.trim()) ? Number(text) : text);

/** A percent as typed → basis points; a percent with more than two decimals stays a fraction, which the rule refuses. */
function percentAsBp(text: string): unknown {
  const percent = postedNumber(text);
  if (typeof percent !== "number") return percent;
  const bp = percent * 100;
  return Math.abs(bp - Math.round(bp)) < 1e-6 ? Math.round(bp) : bp;
}

/**
 * A settings page's posted fields as the JSON body of PUT /api/admin/settings: only this page's
 * settings (the others keep their stored values, decision 116), numbers as numbers, a checkbox as
 * true when ticked, ticked boxes as a list, and dotted names (`address.en`) nested.
 */
export function settingsBody(group: SettingsGroup, form: FormData): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  // Browsers post a textarea's line breaks as CRLF; the JSON route gets LF: save the same text either way.
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.replace(/\r\n?/g, "\n") : undefined;
  };
  for (const key of SETTINGS_GROUPS[group]) {
    if (key === "taxRateBp") body.taxRateBp = percentAsBp(text("taxPercent") ?? "");
    else if (CHECKBOX_SETTINGS.has(key)) body[key] = form.get(key) !== null;
    else if (LIST_SETTINGS.has(key)) body[key] = form.getAll(key).filter((value) => typeof value === "string");
    else if (NUMBER_SETTINGS.has(key)) body[key] = postedNumber(text(key) ?? "");
    else if (text(key) !== undefined) body[key] = text(key);
    else {
      // A pair or a nested group of texts: each posted `key.part.part` in its place.
      for (const [name, value] of form) {
        if (typeof value !== "string" || !name.startsWith(`${key}.`)) continue;
        const path = name.split(".").slice(1);
        let node = (body[key] ??= {}) as Record<string, unknown>;
        for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
        node[path.at(-1)!] = value.replace(/\r\n?/g, "\n");
      }
    }
  }
  return body;
}

/**
 * The API names a setting's first wrong part (`address`); the page shows each message beside its
 * own control (`address.ar`), so a nested setting's parts are located by the same declared rule
 * (settingsFields), and the tax rate's message goes to the percent the page types.
 */
function placeErrors(errors: Record<string, string>, body: Record<string, unknown>, lang: Lang): Record<string, string> {
  const placed: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const rule = Object.hasOwn(settingsFields.shape, key) ? settingsFields.shape[key as SettingKey] : undefined;
    const parsed = rule && typeof body[key] === "object" && !Array.isArray(body[key]) ? rule.safeParse(body[key]) : undefined;
    const issues = parsed && !parsed.success ? parsed.error.issues.filter((issue) => issue.path.length > 0) : [];
    if (issues.length === 0) placed[key === "taxRateBp" ? "taxPercent" : key] = message;
    for (const issue of issues) placed[[key, ...issue.path].join(".")] ??= serverT(lang, "validation", issue.message);
  }
  return placed;
}

/**
 * A settings page posted (with or without JavaScript's help): the endpoint PUT /api/admin/settings
 * serves, run in process with this page's fields, so access, the rate limit, the rules, the audit
 * entry and the write are the JSON route's. Saved: back to the page with a notice (post/redirect/get);
 * refused: the page again with the status, each field's message and the values as typed.
 */
export async function settingsPageAction({ request, context }: ActionFunctionArgs, group: SettingsGroup) {
  requireAdminPage(context, request, "admin");
  const lang = langFromPath(new URL(request.url).pathname);
  const form = await request.formData().catch(() => null);
  if (!form) throw data({ message: "Bad request." }, { status: 400 });
  const body = settingsBody(group, form);
  const answer = await context.run(saveSettings, { input: body, lang });
  if (answer.status >= 200 && answer.status < 300)
    return redirect(withNotice(localizePath(`/admin/settings/${group}`, lang), "settings-saved"), { status: 303 });
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = name in values ? `${values[name]}\n${value}` : value;
  const state: FormState = {
    form: settingsFormId(group),
    values,
    errors: placeErrors(answer.body.errors ?? {}, body, lang),
    message: answer.body.message ?? "",
  };
  return data(state, { status: answer.status, headers: { "Cache-Control": "private, no-store" } });
}
