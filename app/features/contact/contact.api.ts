import type { Router } from "express";
import { nowIso } from "~server/db/values";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { serverT } from "~server/i18n";
import { queueStaffNotice } from "~/features/admin-kit/staff-notice.server";
import { contactMessageSchema } from "./contact.schema";

/** POST /contact-us/form: a visitor's message, stored with the staff notice about it (the worker sends the mail). */
export const sendContactMessage = defineEndpoint({
  method: "POST",
  path: "/contact-us/form",
  access: "anyone",
  limits: [{ name: "contact", limit: 5, windowMs: 60_000 }],
  input: contactMessageSchema,
  async run({ deps: { db, config }, caller }, input) {
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto("contact_messages")
        .values({ email: input.email, description: input.description, status: "new", notes: "", created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await queueStaffNotice(trx, config.publicUrl, {
        kind: "contact",
        subject: { email: input.email },
        details: [
          ["email", input.email],
          ["message", input.description],
        ],
        path: `/admin/submissions/contact/${id}`,
      });
    });
    return { status: 201, body: { message: serverT(caller.lang, "common", "contactForm.sent") } };
  },
});

export function contactApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, [sendContactMessage]);
}
