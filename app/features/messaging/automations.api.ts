import { z } from "zod";
import { defineEndpoint } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { byCallerAccount } from "~server/security/rate-limit";
import { v } from "~/lib/validation";
import { automationSettings } from "./automation-run.server";
import { AUTOMATION_KEYS, AUTOMATIONS, MAX_THROTTLE_DAYS } from "./automations";
import { automationAudit, conversions, saveAutomation } from "./automations.server";

const whole = (min: number, max: number) => z.number({ error: v.invalid }).int(v.invalid).min(min, v.invalid).max(max, v.invalid);

/** One automation's settings (decision 140): on or off, its N where it has one, its throttle. One declaration for the JSON API and the page's form. */
export const automationSchema = z
  .object({
    enabled: z.boolean({ error: v.invalid }),
    days: whole(0, 90).optional(),
    throttleDays: whole(0, MAX_THROTTLE_DAYS),
  })
  .strict();

/** GET /api/admin/messaging/automations: each automation's settings and conversion figure, and the audit trail (newest 50). */
export const listAutomationsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/admin/messaging/automations",
  access: "staff",
  input: z.object({}).strict(),
  run: async ({ deps: { db } }) => ({
    status: 200,
    body: { automations: await automationSettings(db), conversions: await conversions(db), audit: await automationAudit(db) },
  }),
});

/** PUT /api/admin/messaging/automations/{key}: switches an automation on or off and sets its N (days) and throttle; audited. */
export const saveAutomationEndpoint = defineEndpoint({
  method: "PUT",
  path: "/api/admin/messaging/automations/:key",
  access: "staff",
  params: z.object({ key: z.enum(AUTOMATION_KEYS) }),
  limits: [{ name: "messaging-automation-save", limit: 60, windowMs: 60_000, keyBy: byCallerAccount }],
  input: automationSchema,
  async run({ deps: { db }, caller, params }, input) {
    const bounds = AUTOMATIONS[params.key].days;
    // Each automation's N has its own range; one without an N takes none.
    if (input.days !== undefined && (!bounds || input.days < bounds.min || input.days > bounds.max)) {
      const message = serverT(caller.lang, "validation", "invalid");
      throw new HttpError(400, message, { days: message });
    }
    await saveAutomation(db, params.key, input, caller.user.id);
    return { status: 200, body: { message: serverT(caller.lang, "messaging", "automations.saved") } };
  },
});

export const automationEndpoints = [listAutomationsEndpoint, saveAutomationEndpoint];
