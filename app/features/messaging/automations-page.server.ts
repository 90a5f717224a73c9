import { data, type ActionFunctionArgs, type AppLoadContext } from "react-router";
import { localizePath } from "~/i18n/lang";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { withNotice } from "~/lib/forms/notice";
import { requireAdminPage } from "~/lib/page-guards.server";
import { getSiteSettings } from "~/features/site/site.server";
import { timeZoneOf } from "~/features/site/academy-zone.server";
import { automationSettings } from "./automation-run.server";
import { isAutomationKey } from "./automations";
import { automationAudit, conversions } from "./automations.server";
import { saveAutomationEndpoint } from "./automations.api";

const PATH = "/admin/messages/automations";

/** /admin/messages/automations: each automation's settings and conversion figure, and the audit trail. */
export async function automationsPageData(context: AppLoadContext, request: Request) {
  requireAdminPage(context, request);
  const [settings, automations, figures, audit] = await Promise.all([
    getSiteSettings(context.db),
    automationSettings(context.db),
    conversions(context.db),
    automationAudit(context.db),
  ]);
  return { zone: timeZoneOf(settings), holdHours: settings.waitlistHoldHours, automations, figures, audit };
}
export type AutomationsPageData = Awaited<ReturnType<typeof automationsPageData>>;

/** A whole number as typed ("" stays "" so the API names the field). */
const number = (value: string | undefined) => (value !== undefined && /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : (value ?? ""));

/**
 * One automation's form (`intent=save-<key>`), posted without JavaScript too: runs PUT
 * /api/admin/messaging/automations/{key} in process, then back here with a notice; a refusal
 * renders the page with the messages at the form's fields.
 */
export async function automationsPageAction(args: ActionFunctionArgs) {
  const posted = await args.request
    .clone()
    .formData()
    .catch(() => null);
  const key = String(posted?.get("intent") ?? "").replace(/^save-/, "");
  if (!posted || !isAutomationKey(key)) throw data({ message: "Bad request." }, { status: 400 });
  return postFormToApi(args, {
    form: `automation-${key}`,
    endpoint: saveAutomationEndpoint,
    params: { key },
    toBody: (fields) => ({
      enabled: fields.enabled === "on",
      ...(fields.days !== undefined ? { days: number(fields.days) } : {}),
      throttleDays: number(fields.throttleDays),
    }),
    onSuccess: (_answer, _fields, lang) => withNotice(localizePath(PATH, lang), "automation-saved"),
  });
}
