import { Router } from "express";
import type { ApiDeps } from "~server/features";
import { nowIso } from "~server/db/values";
import { requestLang, serverT } from "~server/i18n";
import { parseBody } from "~server/http/validate";
import { createRateLimit } from "~server/security/rate-limit";
import { contactMessageSchema } from "./contact.schema";

export function contactApi(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();
  const limit = createRateLimit(deps, { name: "contact", limit: 5, windowMs: 60_000 });

  router.post("/contact-us/form", limit, async (req, res) => {
    const input = parseBody(contactMessageSchema, req);
    const now = nowIso();
    await db
      .insertInto("contact_messages")
      .values({ email: input.email, description: input.description, status: "new", notes: "", created_at: now, updated_at: now })
      .execute();
    res.status(201).json({ message: serverT(requestLang(req), "common", "contactForm.sent") });
  });
  return router;
}
