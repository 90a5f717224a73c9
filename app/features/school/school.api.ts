import { Router } from "express";
import type { ApiDeps } from "../../../server/api-routers";
import { requestLang, serverT } from "../../../server/i18n";
import { parseBody } from "../../../server/http/validate";
import { createRateLimit } from "../../../server/security/rate-limit";
import { notifyStaffOfSchoolEnquiry } from "./school-mail.server";
import { sitePhoneCountry } from "../site/site.server";
import { schoolEnquirySchemaFor } from "./school.schema";
import { addSchoolEnquiry } from "./school.server";

export function schoolApi(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();
  const limit = createRateLimit(deps, { name: "school", limit: 5, windowMs: 60_000 });

  router.post("/school/add-school-info", limit, async (req, res) => {
    const input = parseBody(schoolEnquirySchemaFor(await sitePhoneCountry(db)), req);
    const id = await addSchoolEnquiry(db, input);
    // Staff hear of it without the school waiting for the mail server.
    void notifyStaffOfSchoolEnquiry(deps, input, id);
    res.status(201).json({ message: serverT(requestLang(req), "school", "form.sent") });
  });
  return router;
}
