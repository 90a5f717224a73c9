import type { AppLoadContext } from "react-router";
import type { Lang } from "~/i18n/lang";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { accountOverview } from "./account-space.server";
import { listDevices } from "./devices.server";
import { timetablePageData } from "~/features/timetable/timetable.api";
import { pick, pickPair } from "~/i18n/localized";
import { formatDateLabel } from "~/features/booking/slot-format";
import { familyAttendance } from "~/features/teaching/family-attendance.server";
import { familyLevels } from "~/features/levels/family-levels.server";
import { pushChoicesOf } from "~/features/push/index.server";
import { familyPortfolio } from "~/features/portfolio/portfolio.server";
import { getSiteSettings } from "~/features/site/site.server";
import { familyReports } from "~/features/progress/progress.server";
import { accountReportPdfPath } from "~/features/progress/progress.api";
import { formatCalendarDay } from "~/lib/dates";
import { zonedParts } from "~/lib/zoned-time";

/**
 * Everything /account shows: the overview of GET /api/account, the signed-in devices, the academy's
 * zone, the timetable with the calendar feed (GET /api/account/timetable), the children's attendance and levels.
 */
export async function accountPageData(context: AppLoadContext, userId: number, lang: Lang) {
  const timeZone = await academyTimeZone(context.db);
  const [overview, devices, timetable, attended, levels, push, projects, settings, reports] = await Promise.all([
    accountOverview(context.db, userId, timeZone, lang, context.config.sessionSecret),
    listDevices(context.db, userId, context.sessionRef),
    timetablePageData(context, userId, lang),
    familyAttendance(context.db, userId),
    // The children's levels and skills (issue 44, decision 130), read-only.
    familyLevels(context.db, userId, lang),
    pushChoicesOfUser(context, userId),
    // The children's projects with the photos this family may see (decision 135).
    familyPortfolio(context.db, userId),
    getSiteSettings(context.db),
    // The children's termly progress reports (decision 138).
    familyReports(context.db, userId),
  ]);
  const portfolio = {
    familyUploads: settings.familyPortfolioUploads,
    projects: projects.map((project) => ({ ...project, course: project.course ? pickPair(project.course, lang) : null })),
  };
  // Each child's attendance (issue 30), labelled here in the academy's zone.
  const attendance = attended.map((enrolment) => ({
    code: enrolment.code,
    child: enrolment.childName,
    course: pick({ name_en: enrolment.courseEn, name_ar: enrolment.courseAr }, "name", lang),
    rate: enrolment.rate,
    marks: enrolment.marks.map((mark) => ({ meetingId: mark.meetingId, date: formatDateLabel(mark.startsAt, timeZone, lang), status: mark.status })),
  }));
  const progressReports = reports.map((report) => ({
    id: report.id,
    child: report.content.childName,
    course: pickPair(report.content.course, lang),
    issuedOn: formatCalendarDay(zonedParts(report.issuedAt, timeZone).date, lang),
    version: report.version,
    pdfUrl: accountReportPdfPath(report.id),
  }));
  return { ...overview, devices, timeZone, timetable, attendance, levels, push, portfolio, progressReports };
}

export type AccountPageData = Awaited<ReturnType<typeof accountPageData>>;

/** The notification choices of the signed-in account (decision 131), by its e-mail as push keys guardians. */
async function pushChoicesOfUser(context: AppLoadContext, userId: number) {
  const user = await context.db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
  return pushChoicesOf(context.db, user.email);
}
