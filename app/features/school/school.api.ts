import type { Router } from "express";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { serverT } from "~server/i18n";
import { sitePhoneCountry } from "~/features/site/site.server";
import { schoolEnquirySchemaFor } from "./school.schema";
import { addSchoolEnquiryWithNotice } from "./school.server";

/**
 * POST /school/add-school-info: a school's enquiry, stored with the staff notice about it (the
 * worker sends the mail) → 201 { message }.
 */
export const sendSchoolEnquiry = defineEndpoint({
  method: "POST",
  path: "/school/add-school-info",
  access: "anyone",
  limits: [{ name: "school", limit: 5, windowMs: 60_000 }],
  // The phone rule is the chosen country code's, else the academy's country's (site settings).
  input: async ({ db }, raw) => schoolEnquirySchemaFor(await sitePhoneCountry(db, raw)),
  async run({ deps: { db, config }, caller }, input) {
    await addSchoolEnquiryWithNotice(db, config.publicUrl, input);
    return { status: 201, body: { message: serverT(caller.lang, "school", "form.sent") } };
  },
});

export function schoolApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, [sendSchoolEnquiry]);
}
