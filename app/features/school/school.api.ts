import type { Router } from "express";
import { z } from "zod";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { parseInput } from "~server/http/validate";
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
  // Any object: its fields are checked below by schoolEnquirySchemaFor, whose phone rule is the site's country's.
  input: z.record(z.string(), z.unknown()),
  async run({ deps: { db, config }, caller }, raw) {
    const input = parseInput(schoolEnquirySchemaFor(await sitePhoneCountry(db)), raw, caller.lang);
    await addSchoolEnquiryWithNotice(db, config.publicUrl, input);
    return { status: 201, body: { message: serverT(caller.lang, "school", "form.sent") } };
  },
});

export function schoolApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, [sendSchoolEnquiry]);
}
