import { familyEndpoint } from "~/features/family/account-owner.server";
import { z } from "zod";
import { defineEndpoint, fileAnswer, type Caller } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { idParams, recordId } from "~/lib/record-id";
import { isStaffRole } from "~/lib/roles";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { assertTeachesSection } from "~/features/teaching/teaching-access.server";
import { reportNotesSchema } from "./progress.schema";
import { earlierVersions, familyReports, groupReport, groupReports, issueReports, reportVersion, saveNotes, type IssuedReport } from "./progress.server";
import { reportFileName } from "./progress-mail.server";

const say = (caller: Caller, key: string, values?: Record<string, string | number>) => serverT(caller.lang, "progress", `api.${key}`, values);

/** The account's download of one of its reports. */
export const accountReportPdfPath = (id: number) => `/api/account/progress-reports/${id}/pdf`;
/** One issued version of it: the same PDF for good (decision 144), while the path above follows the newest. */
export const accountReportVersionPath = (id: number, version: number) => `/api/account/progress-reports/${id}/versions/${version}/pdf`;
/** Staff's and the instructor's view of a child's issued report. */
export const teachingReportPdfPath = (sectionId: number, enrolmentId: number) => `/api/teaching/sections/${sectionId}/progress-reports/${enrolmentId}/pdf`;

/** A report's PDF as a file answer (pdfkit and its fonts load with the first one). */
async function reportPdf(db: Parameters<typeof academyTimeZone>[0], report: IssuedReport) {
  const { buildProgressPdf } = await import("./progress-pdf.server");
  const pdf = await buildProgressPdf(report, await academyTimeZone(db));
  return fileAnswer("pdf", pdf, { filename: reportFileName(report), cacheControl: "private, no-store" });
}

/** GET /api/teaching/sections/:id/progress-reports: the group's children, their comments and next steps, each report's state (own groups only). */
export const sectionReports = defineEndpoint({
  method: "GET",
  path: "/api/teaching/sections/:id/progress-reports",
  access: "teaching",
  params: idParams,
  input: z.object({}),
  async run({ deps: { db }, caller, params }) {
    await assertTeachesSection(db, caller.user, params.id);
    const group = await groupReports(db, params.id, await academyTimeZone(db));
    if (!group) throw new HttpError(404, say(caller, "notFound"));
    return {
      status: 200,
      body: {
        ...group,
        mayIssue: group.group.ended || isStaffRole(caller.user.role),
        children: group.children.map((child) => ({ ...child, pdf: child.report ? teachingReportPdfPath(params.id, child.enrolmentId) : null })),
      },
    };
  },
});

/** POST /api/teaching/sections/:id/progress-reports/notes: the children's comments and next steps (audited); read once the caller is known to teach the group. */
export const saveReportNotes = defineEndpoint({
  method: "POST",
  path: "/api/teaching/sections/:id/progress-reports/notes",
  access: "teaching",
  params: idParams,
  limits: [{ name: "progress-notes", limit: 300, windowMs: 60 * 60_000 }],
  // The group is checked before the notes are read (as the skills'): another instructor's group answers 403 whatever was sent.
  load: ({ db }, caller, params) => assertTeachesSection(db, caller.user, params.id),
  input: reportNotesSchema,
  async run({ deps: { db }, caller, params }, input) {
    if (!(await saveNotes(db, params.id, input.notes, caller.user.id))) {
      const message = say(caller, "notOnRoster");
      throw new HttpError(400, message, { notes: message });
    }
    return { status: 200, body: { message: say(caller, "notesSaved") } };
  },
});

/**
 * POST /api/teaching/sections/:id/progress-reports/issue: issues every child's report, mailing each
 * family once; again later, only reports whose content changed (a new version). Instructors once the
 * group's last class has begun; staff at any time.
 */
export const issueSectionReports = defineEndpoint({
  method: "POST",
  path: "/api/teaching/sections/:id/progress-reports/issue",
  access: "teaching",
  params: idParams,
  noBody: true,
  limits: [{ name: "progress-issue", limit: 60, windowMs: 60 * 60_000 }],
  input: z.object({}),
  async run({ deps: { db }, caller, params }) {
    const user = caller.user;
    await assertTeachesSection(db, user, params.id);
    const result = await issueReports(db, params.id, { userId: user.id, timeZone: await academyTimeZone(db), early: isStaffRole(user.role) });
    if (!result.ok) {
      if (result.reason === "notFound") throw new HttpError(404, say(caller, "notFound"));
      throw new HttpError(409, say(caller, "notEnded"));
    }
    return {
      status: result.issued > 0 ? 201 : 200,
      body: {
        message: result.issued > 0 ? say(caller, "issued", { count: result.issued }) : say(caller, "unchanged"),
        issued: result.issued,
        unchanged: result.unchanged,
      },
    };
  },
});

/** GET /api/teaching/sections/:id/progress-reports/:enrolmentId/pdf: a child's issued report (staff, or the group's instructor). */
export const teachingReportPdf = defineEndpoint({
  method: "GET",
  path: "/api/teaching/sections/:id/progress-reports/:enrolmentId/pdf",
  access: "teaching",
  produces: "pdf",
  params: z.object({ id: recordId, enrolmentId: recordId }),
  notFound: { ns: "progress", key: "api.notFound" },
  input: z.object({}),
  async run({ deps: { db }, caller, params }) {
    await assertTeachesSection(db, caller.user, params.id);
    const report = await groupReport(db, params.id, params.enrolmentId);
    if (!report) throw new HttpError(404, say(caller, "notFound"));
    return reportPdf(db, report);
  },
});

/** GET /api/account/progress-reports: the account's children's issued reports, newest first. */
export const ownReports = familyEndpoint("see", {
  method: "GET",
  path: "/api/account/progress-reports",
  signedOut: { ns: "accounts", key: "api.notSignedIn" },
  input: z.object({}),
  async run({ deps: { db }, caller }) {
    const reports = await familyReports(db, caller.user.id);
    const earlier = await earlierVersions(db, reports);
    return {
      status: 200,
      body: {
        reports: reports.map((report) => ({
          id: report.id,
          version: report.version,
          issuedAt: report.issuedAt,
          childName: report.content.childName,
          course: report.content.course,
          pdf: accountReportPdfPath(report.id),
          earlier: (earlier.get(report.id) ?? []).map((old) => ({ ...old, pdf: accountReportVersionPath(report.id, old.version) })),
        })),
      },
    };
  },
});

/** GET /api/account/progress-reports/:id/pdf: one of the account's children's reports; another family's id is a 404. */
export const ownReportPdf = familyEndpoint("see", {
  method: "GET",
  path: "/api/account/progress-reports/:id/pdf",
  signedOut: { ns: "accounts", key: "api.notSignedIn" },
  produces: "pdf",
  params: idParams,
  notFound: { ns: "progress", key: "api.notFound" },
  input: z.object({}),
  async run({ deps: { db }, caller, params }) {
    const report = (await familyReports(db, caller.user.id)).find((r) => r.id === params.id);
    if (!report) throw new HttpError(404, say(caller, "notFound"));
    return reportPdf(db, report);
  },
});

/**
 * GET /api/account/progress-reports/:id/versions/:version/pdf: one issued version of one of the
 * account's children's reports, as it was issued (decision 144); another family's id, or a version
 * never issued, is a 404.
 */
export const ownReportVersionPdf = familyEndpoint("see", {
  method: "GET",
  path: "/api/account/progress-reports/:id/versions/:version/pdf",
  signedOut: { ns: "accounts", key: "api.notSignedIn" },
  produces: "pdf",
  params: z.object({ id: recordId, version: recordId }),
  notFound: { ns: "progress", key: "api.notFound" },
  input: z.object({}),
  async run({ deps: { db }, caller, params }) {
    const report = (await familyReports(db, caller.user.id)).find((r) => r.id === params.id);
    const version = report ? await reportVersion(db, report, params.version) : undefined;
    if (!version) throw new HttpError(404, say(caller, "notFound"));
    return reportPdf(db, version);
  },
});

export const progressEndpoints = [sectionReports, saveReportNotes, issueSectionReports, teachingReportPdf, ownReports, ownReportPdf, ownReportVersionPdf];
