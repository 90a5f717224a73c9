import { Router } from "express";
import type { ApiDeps } from "~server/features";
import { requestLang, serverT } from "~server/i18n";
import { parseBody } from "~server/http/validate";
import { createRateLimit } from "~server/security/rate-limit";
import { queueSchoolEnquiryMail } from "./school-mail.server";
import { sitePhoneCountry } from "~/features/site/site.server";
import { schoolEnquirySchemaFor } from "./school.schema";
import { addSchoolEnquiry } from "./school.server";

export function schoolApi(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();
  const limit = createRateLimit(deps, { name: "school", limit: 5, windowMs: 60_000 });

  router.post("/school/add-school-info", limit, async (req, res) => {
    const input = parseBody(schoolEnquirySchemaFor(await sitePhoneCountry(db)), req);
    // The enquiry and the staff e-mail about it are stored together; the worker sends the mail.
    await db.transaction().execute(async (trx) => queueSchoolEnquiryMail(trx, input, await addSchoolEnquiry(trx, input)));
    res.status(201).json({ message: serverT(requestLang(req), "school", "form.sent") });
  });
  return router;
}
