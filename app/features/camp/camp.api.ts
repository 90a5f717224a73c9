import { createHash } from "node:crypto";
import { Router, type Request } from "express";
import type { ApiDeps } from "~server/features";
import { HttpError } from "~server/http/errors";
import { parseBody } from "~server/http/validate";
import { requestLang, serverT } from "~server/i18n";
import type { MailMessage } from "~server/mail/mailer";
import { createRateLimit } from "~server/security/rate-limit";
import { getSiteSettings, sitePhoneCountry } from "~/features/site/site.server";
import { isLang, type Lang } from "~/i18n/lang";
import { brochureRequestSchemaFor } from "./brochure.schema";
import { listCamps } from "./camps.server";
import { enrollmentSchemaFor } from "./enroll.schema";
import { brochurePdfPath, enrollConfirmedPath } from "./paths";
import { addBrochureLead, addEnrollment } from "./enroll.server";

/** Where the brochure of a language is served. */
const brochureUrl = brochurePdfPath;

export function campApi(deps: ApiDeps): Router {
  const { db, config } = deps;
  const router = Router();
  const enrollLimit = createRateLimit(deps, { name: "camp-enroll", limit: 5, windowMs: 60_000 });
  const brochureLimit = createRateLimit(deps, { name: "camp-brochure", limit: 5, windowMs: 60_000 });
  const brochureCache = new Map<Lang, { key: string; pdf: Buffer }>();
  const pdfLimit = createRateLimit(deps, { name: "camp-brochure-pdf", limit: 30, windowMs: 60_000 });

  // Staff hear of each new request when real mail is set up (a local run keeps them in the
  // database only): the mail is queued with the record.
  const staffMails = async (subject: string, lines: string[]): Promise<MailMessage[]> =>
    config.mail.smtpUrl ? [{ to: (await getSiteSettings(db)).email, subject, text: lines.join("\n") }] : [];

  router.post("/api/summercamp/enroll", enrollLimit, async (req, res) => {
    const lang = requestLang(req);
    const input = parseBody(enrollmentSchemaFor(await sitePhoneCountry(db)), req);
    const staff = await staffMails(serverT("en", "camp", "mail.enrollmentSubject", { student: input.studentName, camp: input.selectedCamp }), [
      `Camp: ${input.selectedCamp}`,
      `Session: ${input.selectedSession}`,
      `Student: ${input.studentName}`,
      `Parent: ${input.parentName}`,
      `E-mail: ${input.email}`,
      `Phone: ${input.phoneNumber}`,
      `Message: ${input.message}`,
    ]);
    const result = await addEnrollment(db, input, lang, staff);
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
    const staff = await staffMails(serverT("en", "camp", "mail.brochureSubject", { student: input.studentName }), [
      `Student: ${input.studentName}`,
      `E-mail: ${input.studentEmail}`,
      `Grade: ${input.grade}`,
      `School: ${input.school}`,
      `Parent's contact: ${input.parentContact}`,
    ]);
    await addBrochureLead(db, input, lang, staff);
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
