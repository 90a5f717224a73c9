import { defineFeature } from "~server/feature-manifest";
import { handleJob } from "~server/jobs/job";
import { defineMail } from "~server/mail/mail-queue";
import { nowIso } from "~server/db/values";
import type { DB } from "~server/db/db";
import { textMail } from "~/lib/mail/html";
import { deliverMessage, fallBack, messageFallbackJob, messageMail, messageSendJob } from "./delivery.server";
import { messagingApi } from "./messaging.api";
import { inboxEndpoints } from "./inbox.api";
import { broadcastEndpoints } from "./broadcasts.api";
import { broadcastSendJob, sendBroadcast } from "./broadcasts.server";
import { automationEndpoints } from "./automations.api";
import { jsonRoutes } from "~server/http/endpoint";
import { TEMPLATE_DEFAULTS } from "./templates";
import { owns } from "./tables";

/** A message's e-mail step: its text, in the guardian's language. */
const messageMailDefinition = defineMail(messageMail, async (_deps, data) => ({ subject: data.subject, ...textMail([{ lang: data.lang, text: data.text }]) }));

/** The templates as first written; a template staff already have is left as it is. */
async function seedTemplates(db: DB): Promise<void> {
  const now = nowIso();
  for (const template of TEMPLATE_DEFAULTS) {
    await db
      .insertInto("messaging_templates")
      .values({
        key: template.key,
        category: template.category,
        urgent: Number(template.urgent === true),
        body_en: template.en,
        body_ar: template.ar,
        wa_name: "",
        wa_category: template.category === "news" ? "marketing" : "utility",
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
  }
}

/** WhatsApp, SMS and e-mail to families behind one interface (issue 43, decision 127). */
export const messagingManifest = defineFeature({
  name: "messaging",
  owns,
  routers: (deps) => [messagingApi(deps), jsonRoutes(deps, [...inboxEndpoints, ...broadcastEndpoints, ...automationEndpoints])],
  mails: [messageMailDefinition],
  jobs: (deps) => [
    handleJob(messageSendJob, (payload, job) => deliverMessage(deps, payload.id, job)),
    handleJob(messageFallbackJob, (payload) => fallBack(deps.db, payload.id, payload.step)),
    handleJob(broadcastSendJob, (payload) => sendBroadcast(deps, payload.id)),
  ],
  seed: seedTemplates,
});
