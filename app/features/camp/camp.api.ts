import { isStaffRole } from "~/lib/roles";
import { createHash } from "node:crypto";
import { z } from "zod";
import type { Router } from "express";
import { HttpError } from "~server/http/errors";
import { defineEndpoint, fileAnswer, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { serverT } from "~server/i18n";
import { getSiteSettings, sitePhoneCountry } from "~/features/site/site.server";
import { isLang, type Lang } from "~/i18n/lang";
import { brochureRequestSchemaFor } from "./brochure.schema";
import { listCamps } from "./camps.server";
import { campEnrolmentSchemaFor } from "./enrol.schema";
import { checkEnrolmentConsent } from "~/features/consent/consent-enrolment.server";
import { brochurePdfPath, campEnrolConfirmedPath } from "./paths";
import { addBrochureLead, addCampEnrolment } from "./enrol.server";
import { queueStaffNotice } from "~/features/admin-kit/staff-notice.server";
import { priceEnrolment, PromoRefused, promoProblemMessage, type PricedEnrolment } from "~/features/billing/index.server";
import { pageTexts } from "~/features/site/page-sections.server";
import type { DB } from "~server/db/db";
import type { BrochureWhy } from "./brochure-pdf.server";

/** Where the brochure of a language is served. */
const brochureUrl = brochurePdfPath;

/** POST /api/summercamp/enroll: an enrolment, with the staff notice → 201 { message, reference, confirmationUrl }. */
export const postCampEnrolment = defineEndpoint({
  method: "POST",
  path: "/api/summercamp/enroll",
  access: "anyone",
  limits: [{ name: "camp-enroll", limit: 5, windowMs: 60_000 }],
  // The phone rule is the chosen country code's, else the academy's (site settings); the consent forms' fields (consent_…) ride along.
  input: async ({ db }, raw) => campEnrolmentSchemaFor(await sitePhoneCountry(db, raw)).catchall(z.unknown()),
  async run({ deps: { db, config }, caller: { lang, user } }, input) {
    // The required consent forms are part of the same post (decision 078): refused before anything is stored.
    const consent = await checkEnrolmentConsent(db, input, {
      email: input.email,
      childName: input.studentName,
      signerName: input.parentName,
      userId: user?.id ?? null,
      lang,
      phoneCountry: await sitePhoneCountry(db, input),
      secret: config.sessionSecret,
    });
    let price: PricedEnrolment | undefined;
    const result = await addCampEnrolment(
      db,
      input,
      lang,
      async (trx, id) => {
        await consent.save(trx, { enrollmentId: id });
        await queueStaffNotice(trx, config.publicUrl, {
          kind: "enrollment",
          subject: { student: input.studentName, camp: input.selectedCamp },
          details: [
            ["camp", input.selectedCamp],
            ["session", input.selectedSession],
            ["student", input.studentName],
            ["parent", input.parentName],
            ["email", input.email],
            ["phone", input.phoneNumber],
            ["message", input.message],
          ],
          path: `/admin/enrollment-forms/${id}`,
        });
      },
      // The price before paying, and the code used, in the enrolment's transaction: a refused code stores nothing.
      // Invoiced from these lines by billing's subscriber (decision 100).
      async (trx, enrolment) =>
        (price = await priceEnrolment(trx, {
          offer: { kind: "camp", id: enrolment.offerId },
          enrolmentId: enrolment.id,
          family: { userId: user?.id ?? null, email: input.email, childName: input.studentName },
          code: input.promoCode,
        })),
      // A family's own: capped (decision 104); staff entering one for a family are not.
      user && isStaffRole(user.role) ? undefined : { userId: user?.id ?? null, perFamily: (await getSiteSettings(db)).enrolmentsPerFamily },
    ).catch((error: unknown) => {
      if (!(error instanceof PromoRefused)) throw error;
      const message = promoProblemMessage(lang, error.problem);
      throw new HttpError(400, message, { promoCode: message });
    });
    if (!result.ok && "familyCap" in result)
      return { status: 409, body: { message: serverT(lang, "camp", "enroll.familyCap", { count: result.familyCap }), reason: "familyCap" } };
    if (!result.ok) throw validationError(lang, result.errors);
    return {
      status: 201,
      body: {
        message: serverT(lang, "camp", "enroll.sent", { camp: result.campTitle }),
        reference: result.reference,
        confirmationUrl: campEnrolConfirmedPath(result.reference, lang),
        price,
      },
    };
  },
});

/** POST /api/summercamp/brochure: a brochure lead, with the staff notice → 201 { message, url } (the PDF's address). */
export const requestBrochure = defineEndpoint({
  method: "POST",
  path: "/api/summercamp/brochure",
  access: "anyone",
  limits: [{ name: "camp-brochure", limit: 5, windowMs: 60_000 }],
  input: async ({ db }, raw) => brochureRequestSchemaFor(await sitePhoneCountry(db, raw)),
  async run({ deps: { db, config }, caller: { lang } }, input) {
    await addBrochureLead(db, input, lang, (trx, id) =>
      queueStaffNotice(trx, config.publicUrl, {
        kind: "brochure",
        subject: { student: input.studentName },
        details: [
          ["student", input.studentName],
          ["email", input.studentEmail],
          ["grade", input.grade],
          ["school", input.school],
          ["phone", input.parentContact],
        ],
        path: `/admin/brochure-leads/${id}`,
      }),
    );
    return { status: 201, body: { message: serverT(lang, "camp", "brochureForm.saved"), url: brochureUrl(lang) } };
  },
});

/** The last brochure drawn per language, with the hash of what it was drawn from (the same rows always give the same brochure). */
const brochureCache = new Map<Lang, { key: string; pdf: Buffer }>();

/** GET /summer-camp/brochure.pdf?lang=en|ar: the camp brochure (its language from `?lang`, English when absent). */
export const campBrochurePdf = defineEndpoint({
  method: "GET",
  path: "/summer-camp/brochure.pdf",
  access: "anyone",
  produces: "pdf",
  limits: [{ name: "camp-brochure-pdf", limit: 30, windowMs: 60_000 }],
  // Checked below with its own words (the brochure link's only parameter).
  input: z.object({ lang: z.unknown().optional() }),
  async run({ deps: { db, config } }, { lang: asked }) {
    if (asked !== undefined && !isLang(asked)) throw new HttpError(400, "lang must be en or ar.");
    const lang: Lang = asked ?? "en";
    const [camps, settings, why] = await Promise.all([listCamps(db, lang), getSiteSettings(db), brochureWhy(db, lang)]);
    const input = { camps, why, settings, lang, siteUrl: config.publicUrl };
    // Drawing takes a few hundred milliseconds; the same rows always give the same brochure.
    const key = createHash("sha256").update(JSON.stringify(input)).digest("hex");
    let pdf = brochureCache.get(lang)?.key === key ? brochureCache.get(lang)!.pdf : undefined;
    if (!pdf) {
      // pdfkit and sharp (~50 MiB resident) load with the first brochure, not at start.
      const { buildBrochurePdf } = await import("./brochure-pdf.server");
      pdf = await buildBrochurePdf(input);
      brochureCache.set(lang, { key, pdf });
    }
    return fileAnswer("pdf", pdf, { filename: `summer-camp-${settings.campStartDate.slice(0, 4)}-brochure-${lang}.pdf`, cacheControl: "no-cache" });
  },
});

export function campApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, [postCampEnrolment, requestBrochure, campBrochurePdf]);
}

/**
 * The brochure's "Why Choose Us": the summer camp page's own section as staff edited it (decision
 * 058), with the page's fallback (an empty Arabic field gives the English text). Part of the
 * brochure cache's key, so an edit shows in the next PDF.
 */
async function brochureWhy(db: DB, lang: Lang): Promise<BrochureWhy> {
  const texts = await pageTexts(db, ["summer-camp"], lang);
  const text = (key: string) => texts[`why.${key}`]?.text ?? "";
  return {
    title: text("title"),
    reasons: (["handsOn", "mentors", "future", "showcase"] as const).map((reason) => ({ title: text(`${reason}Title`), text: text(`${reason}Text`) })),
  };
}

/** 400 with per-field messages in the client's language, like parseInput's. */
function validationError(lang: Lang, keys: Record<string, string>): HttpError {
  const errors = Object.fromEntries(Object.entries(keys).map(([field, key]) => [field, serverT(lang, "validation", key)]));
  return new HttpError(400, serverT(lang, "validation", "summary"), errors);
}
