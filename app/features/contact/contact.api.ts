import { Router } from "express";
import type { ApiDeps } from "~server/features";
import { nowIso } from "~server/db/values";
import { requestLang, serverT } from "~server/i18n";
import { parseBody } from "~server/http/validate";
import { createRateLimit } from "~server/security/rate-limit";
import { queueStaffNotice } from "~/features/admin/staff-notice.server";
import { contactMessageSchema } from "./contact.schema";

export function contactApi(deps: ApiDeps): Router {
  const { db, config } = deps;
  const router = Router();
  const limit = createRateLimit(deps, { name: "contact", limit: 5, windowMs: 60_000 });

  router.post("/contact-us/form", limit, async (req, res) => {
    const input = parseBody(contactMessageSchema, req);
    const now = nowIso();
    // The message and the staff notice about it are stored together; the worker sends the mail.
    await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto("contact_messages")
        .values({ email: input.email, description: input.description, status: "new", notes: "", created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await queueStaffNotice(trx, config.publicUrl, {
        kind: "contact",
        subject: { email: input.email },
        details: [["email", input.email], ["message", input.description]],
        path: `/admin/submissions/contact/${id}`,
      });
    });
    res.status(201).json({ message: serverT(requestLang(req), "common", "contactForm.sent") });
  });
  return router;
}
