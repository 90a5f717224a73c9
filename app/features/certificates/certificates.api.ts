import { Router } from "express";
import { z } from "zod";
import type { Lang } from "~/i18n/lang";
import { pick } from "~/i18n/localized";
import { defineEndpoint, fileAnswer, jsonRoutes, type EndpointDeps, type FileAnswer } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import type { SessionUser } from "~server/security/session";
import { idParams as recordIdParams } from "~/lib/record-id";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { getSiteSettings } from "~/features/site/site.server";
import { assertTeachesSection } from "~/features/teaching/teaching-access.server";
import {
  certificateById,
  certificateByCode,
  displayCode,
  groupRates,
  issueCertificates,
  normalizeCode,
  qualifies,
  revokeCertificate,
  type CertificateRow,
  type ChildRate,
  type IssueResult,
} from "./certificates.server";
import { codeParams, idParams, issueSchema, revokeSchema, thresholdQuery } from "./certificates.schema";

export const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "certificates", key, values);

/** GET /api/teaching/sections/:id/certificates: each child's attendance rate and certificates (staff, or the group's instructor). */
export const listGroupCertificates = defineEndpoint({
  method: "GET",
  path: "/api/teaching/sections/:id/certificates",
  access: "teaching",
  params: idParams,
  input: z.object({ threshold: thresholdQuery }),
  async run({ deps: { db }, caller, params }, input) {
    await assertTeachesSection(db, caller.user, params.id);
    const rates = await groupRates(db, params.id);
    if (!rates) throw new HttpError(404, say(caller.lang, "api.groupNotFound"));
    const threshold = input.threshold ?? null;
    return {
      status: 200,
      body: {
        sectionId: rates.section.id,
        course: { en: rates.section.courseEn, ar: rates.section.courseAr },
        held: rates.held,
        children: rates.children.map((child) => childJson(child, rates.held, threshold)),
      },
    };
  },
});

/** POST /api/teaching/sections/:id/certificates: issue to every qualifying child of the group, or to one (`enrolmentId`); idempotent per enrolment. */
export const issueGroupCertificates = defineEndpoint({
  method: "POST",
  path: "/api/teaching/sections/:id/certificates",
  access: "teaching",
  params: idParams,
  input: issueSchema,
  async run({ deps: { db }, caller, params }, input) {
    await assertTeachesSection(db, caller.user, params.id);
    const results = await issueCertificates(db, {
      sectionId: params.id,
      enrolmentId: input.enrolmentId,
      threshold: input.threshold,
      language: input.language,
      timeZone: await academyTimeZone(db),
      userId: caller.user.id,
    });
    if (!results) throw new HttpError(404, say(caller.lang, "api.groupNotFound"));
    if (results.length === 0) throw new HttpError(404, say(caller.lang, "api.childNotFound"), { enrolmentId: say(caller.lang, "api.childNotFound") });
    return issueAnswer(results, caller.lang);
  },
});

/** POST /api/teaching/certificates/:id/revoke: revoke with a reason (staff, or an instructor of the certificate's group; any instructor for the camp's); audited. */
export const revokeGroupCertificate = defineEndpoint({
  method: "POST",
  path: "/api/teaching/certificates/:id/revoke",
  access: "teaching",
  params: idParams,
  input: revokeSchema,
  async run({ deps: { db }, caller, params }, input) {
    const certificate = await teachableCertificate(db, caller.user, params.id, caller.lang);
    if (!(await revokeCertificate(db, certificate.id, input.reason, caller.user.id))) throw new HttpError(409, say(caller.lang, "api.alreadyRevoked"));
    return {
      status: 200,
      body: { message: say(caller.lang, "api.revoked"), id: certificate.id, sectionId: certificate.section_id, campId: certificate.camp_id },
    };
  },
});

/** GET /api/certificates/:code: the public check, as JSON (what the verification page shows). */
export const verifyCertificate = defineEndpoint({
  method: "GET",
  path: "/api/certificates/:code",
  access: "anyone",
  params: codeParams,
  input: z.object({}),
  async run({ deps: { db }, caller, params }) {
    const found = await lookupCode(db, params.code);
    if (!found) throw new HttpError(404, say(caller.lang, "api.notFound"));
    return { status: 200, body: publicView(found, { fullName: (await getSiteSettings(db)).certificateFullName }) };
  },
});

/** One child of a rates list, as the JSON endpoints answer it (`qualifies` when a threshold was asked). */
export function childJson(child: ChildRate, held: number, threshold: number | null) {
  return {
    enrolmentId: child.enrolmentId,
    childName: child.childName,
    attended: child.attended,
    rate: child.rate,
    ...(threshold === null ? {} : { qualifies: qualifies(child, held, threshold) }),
    certificate: child.live
      ? { id: child.live.id, code: displayCode(child.live.code), issuedOn: child.live.issued_on, language: child.live.lang, pdf: pdfPath(child.live.id) }
      : null,
    revoked: child.revoked.map((c) => ({ id: c.id, code: displayCode(c.code), issuedOn: c.issued_on, revokedAt: c.revoked_at, reason: c.revoke_reason })),
  };
}

/** The answer to an issue post: 201 when at least one certificate was made, else 200 saying why not. */
export function issueAnswer(results: IssueResult[], lang: Lang) {
  const issued = results.filter((r) => r.outcome === "issued").length;
  return {
    status: issued > 0 ? 201 : 200,
    body: {
      message: issued > 0 ? say(lang, "api.issued", { count: issued }) : say(lang, "api.nothingIssued"),
      issued,
      results: results.map((r) => ({
        ...r,
        certificate: r.certificate ? { id: r.certificate.id, code: displayCode(r.certificate.code), pdf: pdfPath(r.certificate.id) } : null,
      })),
    },
  };
}

export const certificateEndpoints = [listGroupCertificates, issueGroupCertificates, revokeGroupCertificate, verifyCertificate];

/** What anyone holding the code may see: never the reason, the threshold or who issued it. */
/** "Zara Khan Ali" → "Zara K." (the first word and the first letter of the last); one word stays as it is. */
export function shortName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return words[0] ?? "";
  return `${words[0]} ${Array.from(words[words.length - 1]!)[0]}.`;
}

/**
 * What anyone with the code sees. The child's name is the first name and the initial of the last
 * ("Zara K.") unless the academy's setting `certificateFullName` shows it whole (issue 39): the
 * code travels on paper and in photos, the full name stays on the PDF the family holds.
 */
export function publicView(certificate: CertificateRow, options: { fullName: boolean }) {
  const erased = certificate.erased_at !== null;
  return {
    code: displayCode(certificate.code),
    /** A course group's certificate, or the summer camp's (the page says "course" or "camp"). */
    kind: certificate.kind,
    status: erased ? ("erased" as const) : certificate.revoked_at ? ("revoked" as const) : ("valid" as const),
    childName: erased ? null : options.fullName ? certificate.child_name : shortName(certificate.child_name),
    course: erased ? null : { en: certificate.course_en, ar: certificate.course_ar },
    issuedOn: certificate.issued_on,
    revokedAt: erased ? null : certificate.revoked_at,
  };
}

/** The certificate of a typed code, or undefined (a code that cannot be one is not looked up). */
export async function lookupCode(db: EndpointDeps["db"], typed: string): Promise<CertificateRow | undefined> {
  const code = normalizeCode(typed);
  return code ? certificateByCode(db, code) : undefined;
}

/**
 * The certificate, when the member may manage it: its group is theirs, or it is the camp's (every
 * instructor runs the camp, decisions 078 and 089); 404 otherwise unknown, 403 not theirs.
 */
async function teachableCertificate(db: EndpointDeps["db"], member: SessionUser, id: number, lang: Lang): Promise<CertificateRow> {
  const certificate = await certificateById(db, id);
  if (!certificate || certificate.erased_at) throw new HttpError(404, say(lang, "api.notFound"));
  if (certificate.kind === "camp") return certificate;
  if (certificate.section_id === null) throw new HttpError(404, say(lang, "api.notFound"));
  await assertTeachesSection(db, member, certificate.section_id);
  return certificate;
}

export const pdfPath = (id: number) => `/api/teaching/certificates/${id}/pdf`;

/** A certificate's PDF as a file answer (a download); a revoked one is gone (410). */
export async function certificatePdf(certificate: CertificateRow, lang: Lang, siteUrl: string): Promise<FileAnswer> {
  if (certificate.revoked_at || certificate.erased_at) throw new HttpError(410, say(lang, "api.revokedNoPdf"));
  // pdfkit and its fonts load with the first certificate, not at start.
  const { buildCertificatePdf } = await import("./certificate-pdf.server");
  const pdf = await buildCertificatePdf(certificate, siteUrl);
  const course = pick({ name_en: certificate.course_en, name_ar: certificate.course_ar }, "name", "en");
  const slug =
    course
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || "course";
  return fileAnswer("pdf", pdf, { filename: `certificate-${slug}-${displayCode(certificate.code)}.pdf`, cacheControl: "private, no-store" });
}

/** GET /api/teaching/certificates/{id}/pdf: a certificate's PDF for staff or the group's instructor (the camp's: any instructor). */
export const teachingCertificatePdf = defineEndpoint({
  method: "GET",
  path: "/api/teaching/certificates/:id/pdf",
  access: "teaching",
  produces: "pdf",
  params: recordIdParams,
  notFound: { ns: "certificates", key: "api.notFound" },
  input: z.object({}),
  async run({ deps: { db, config }, caller, params: { id } }) {
    const certificate = await teachableCertificate(db, caller.user, id, caller.lang);
    return certificatePdf(certificate, caller.lang, config.publicUrl);
  },
});

/** The certificates' JSON routes, and the PDF for staff and the group's instructor. */
export function certificatesApi(deps: EndpointDeps): Router {
  const router = Router();
  router.use(jsonRoutes(deps, [teachingCertificatePdf, ...certificateEndpoints]));
  return router;
}
