import { createHash } from "node:crypto";
import { Router, type Request } from "express";
import type { EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { parseBody } from "~server/http/validate";
import { requestLang, serverT } from "~server/i18n";
import { createRateLimit } from "~server/security/rate-limit";
import { getSiteSettings, sitePhoneCountry } from "~/features/site/site.server";
import { isLang, type Lang } from "~/i18n/lang";
import { brochureRequestSchemaFor } from "./brochure.schema";
import { listCamps } from "./camps.server";
import { enrollmentSchemaFor } from "./enroll.schema";
import { brochurePdfPath, enrollConfirmedPath } from "./paths";
import { addBrochureLead, addEnrollment } from "./enroll.server";
import { queueStaffNotice } from "~/features/admin/staff-notice.server";

/** Where the brochure of a language is served. */
const brochureUrl = brochurePdfPath;

export function campApi(deps: EndpointDeps): Router {
  const { db, config } = deps;
  const router = Router();
  const enrollLimit = createRateLimit(deps, { name: "camp-enroll", limit: 5, windowMs: 60_000 });
  const brochureLimit = createRateLimit(deps, { name: "camp-brochure", limit: 5, windowMs: 60_000 });
  const brochureCache = new Map<Lang, { key: string; pdf: Buffer }>();
  const pdfLimit = createRateLimit(deps, { name: "camp-brochure-pdf", limit: 30, windowMs: 60_000 });

  router.post("/api/summercamp/enroll", enrollLimit, async (req, res) => {
    const lang = requestLang(req);
    const input = parseBody(enrollmentSchemaFor(await sitePhoneCountry(db)), req);
    const result = await addEnrollment(db, input, lang, (trx, id) =>
      queueStaffNotice(trx, config.publicUrl, {
        kind: "enrollment",
        subject: { student: input.studentName, camp: input.selectedCamp },
        details: [["camp", input.selectedCamp], ["session", input.selectedSession], ["student", input.studentName], ["parent", input.parentName], ["email", input.email], ["phone", input.phoneNumber], ["message", input.message]],
        path: `/admin/enrollment-forms/${id}`,
      }),
    );
    if (!result.ok) throw validationError(req, result.errors);
    res.status(201).json({
      message: serverT(lang, "camp", "enroll.sent", { camp: result.campTitle }),
      reference: result.reference,
      confirmationUrl: enrollConfirmedPath(result.reference, lang),
    });
  });

  router.post("/api/summercamp/brochure", brochureLimit, async (req, res) => {
    const lang = requestLang(req);
    const input = parseBody(brochureRequestSchemaFor(await sitePhoneCountry(db)), req);
    await addBrochureLead(db, input, lang, (trx, id) =>
      queueStaffNotice(trx, config.publicUrl, {
        kind: "brochure",
        subject: { student: input.studentName },
        details: [["student", input.studentName], ["email", input.studentEmail], ["grade", input.grade], ["school", input.school], ["phone", input.parentContact]],
        path: `/admin/brochure-leads/${id}`,
      }),
    );
    res.status(201).json({ message: serverT(lang, "camp", "brochureForm.saved"), url: brochureUrl(lang) });
  });

  router.get("/summer-camp/brochure.pdf", pdfLimit, async (req, res) => {
    const asked = req.query.lang;
    if (asked !== undefined && !isLang(asked)) throw new HttpError(400, "lang must be en or ar.");
    const lang: Lang = asked ?? "en";
    const [camps, settings] = await Promise.all([listCamps(db, lang), getSiteSettings(db)]);
    const input = { camps, settings, lang, siteUrl: config.publicUrl };
    // Drawing takes a few hundred milliseconds; the same rows always give the same brochure.
    const key = createHash("sha256").update(JSON.stringify(input)).digest("hex");
    let pdf = brochureCache.get(lang)?.key === key ? brochureCache.get(lang)!.pdf : undefined;
    if (!pdf) {
      // pdfkit and sharp (~50 MiB resident) load with the first brochure, not at start.
      const { buildBrochurePdf } = await import("./brochure-pdf.server");
      pdf = await buildBrochurePdf(input);
      brochureCache.set(lang, { key, pdf });
    }
    res
      .status(200)
      .type("application/pdf")
      .set("Content-Disposition", `attachment; filename="summer-camp-${settings.campStartDate.slice(0, 4)}-brochure-${lang}.pdf"`)
      .set("Cache-Control", "no-cache")
      .send(pdf);
  });
  return router;
}

/** 400 with per-field messages in the client's language, like parseBody's. */
function validationError(req: Request, keys: Record<string, string>): HttpError {
  const lang = requestLang(req);
  const errors = Object.fromEntries(Object.entries(keys).map(([field, key]) => [field, serverT(lang, "validation", key)]));
  return new HttpError(400, serverT(lang, "validation", "summary"), errors);
}
