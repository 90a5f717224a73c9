import { Router } from "express";
import type { EndpointDeps } from "~server/http/endpoint";
import { requestLang, serverT } from "~server/i18n";
import { parseBody } from "~server/http/validate";
import { createRateLimit } from "~server/security/rate-limit";
import { queueStaffNotice } from "~/features/admin/staff-notice.server";
import { sitePhoneCountry } from "~/features/site/site.server";
import { schoolEnquirySchemaFor } from "./school.schema";
import { addSchoolEnquiry } from "./school.server";

export function schoolApi(deps: EndpointDeps): Router {
  const { db, config } = deps;
  const router = Router();
  const limit = createRateLimit(deps, { name: "school", limit: 5, windowMs: 60_000 });

  router.post("/school/add-school-info", limit, async (req, res) => {
    const input = parseBody(schoolEnquirySchemaFor(await sitePhoneCountry(db)), req);
    // The enquiry and the staff e-mail about it are stored together; the worker sends the mail.
    await db.transaction().execute(async (trx) => {
      const id = await addSchoolEnquiry(trx, input);
      await queueStaffNotice(trx, config.publicUrl, {
        kind: "school",
        subject: { school: input.schoolName, city: input.city },
        details: [
          ["reference", `#${id}`], ["name", input.name], ["designation", input.designation], ["school", input.schoolName], ["city", input.city],
          ["email", input.email], ["phone", input.contactNumber], ["preferred", `${input.preferredDate} ${input.preferredTime}`], ["requirements", input.requirements],
        ],
        path: `/admin/submissions/school/${id}`,
      });
    });
    res.status(201).json({ message: serverT(requestLang(req), "school", "form.sent") });
  });
  return router;
}
