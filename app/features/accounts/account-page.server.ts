import type { AppLoadContext } from "react-router";
import type { Lang } from "~/i18n/lang";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { accountOverview, ownProfile, type AccountOverview } from "./account-space.server";
import { listDevices } from "./devices.server";
import { timetablePageData } from "~/features/timetable/timetable.api";
import { pick, pickPair } from "~/i18n/localized";
import { formatDateLabel } from "~/kernel/slot-format";
import { familyAttendance } from "~/features/teaching/family-attendance.server";
import { familyLevels } from "~/features/levels/family-levels.server";
import { pushChoicesOf } from "~/features/push/index.server";
import { familyPortfolio } from "~/features/portfolio/portfolio.server";
import { getSiteSettings } from "~/features/site/site.server";
import { earlierVersions, familyReports } from "~/features/progress/progress.server";
import { accountReportPdfPath, accountReportVersionPath } from "~/features/progress/progress.api";
import { formatCalendarDay } from "~/lib/dates";
import { zonedParts } from "~/lib/zoned-time";
import { familyOf } from "~/features/family/account-owner.server";
import { mayUse } from "~/features/family/family-parts";
import { guardiansPageData } from "~/features/guardians/guardians-page.server";

/**
 * Everything /account shows: the overview of GET /api/account, the signed-in devices, the academy's
 * zone, the timetable with the calendar feed (GET /api/account/timetable), the children's attendance and levels.
 * A guardian (decision 139) gets only what the role opens (FAMILY_PARTS): the family's records are
 * not read at all for a payer or a pickup guardian, and a view-only guardian gets no link that changes anything.
 */
export async function accountPageData(context: AppLoadContext, userId: number, lang: Lang) {
  const family = await familyOf(context.db, userId);
  const sees = mayUse(family.role, "see");
  const acts = mayUse(family.role, "act");
  const timeZone = await academyTimeZone(context.db);
  const [overview, devices, timetable, attended, levels, push, projects, settings, reports, guardians] = await Promise.all([
    sees ? accountOverview(context.db, userId, timeZone, lang, context.config.sessionSecret) : ownOnly(context, userId),
    listDevices(context.db, userId, context.sessionRef),
    sees ? timetablePageData(context, userId, lang) : { children: [], feed: null, zone: "" },
    sees ? familyAttendance(context.db, userId) : [],
    // The children's levels and skills (issue 44, decision 130), read-only.
    sees ? familyLevels(context.db, userId, lang) : [],
    pushChoicesOfUser(context, userId),
    // The children's projects with the photos this family may see (decision 135).
    sees ? familyPortfolio(context.db, userId) : [],
    getSiteSettings(context.db),
    // The children's termly progress reports (decision 138).
    sees ? familyReports(context.db, userId) : [],
    guardiansPageData(context.db, family, lang),
  ]);
  const portfolio = {
    familyUploads: acts && settings.familyPortfolioUploads,
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
  const earlierOf = await earlierVersions(context.db, reports);
  const progressReports = reports.map((report) => ({
    id: report.id,
    child: report.content.childName,
    course: pickPair(report.content.course, lang),
    issuedOn: formatCalendarDay(zonedParts(report.issuedAt, timeZone).date, lang),
    version: report.version,
    pdfUrl: accountReportPdfPath(report.id),
    // Earlier issued versions, each its own PDF for good (decision 144).
    earlier: (earlierOf.get(report.id) ?? []).map((old) => ({
      version: old.version,
      issuedOn: formatCalendarDay(zonedParts(old.issuedAt, timeZone).date, lang),
      pdfUrl: accountReportVersionPath(report.id, old.version),
    })),
  }));
  const view = acts ? overview : readOnly(overview);
  const shownTimetable = acts
    ? timetable
    : {
        ...timetable,
        // The manage links move or drop an enrolment: not a view-only guardian's.
        children: timetable.children.map((child) => ({ ...child, enrolments: child.enrolments.map((enrolment) => ({ ...enrolment, manageUrl: "" })) })),
      };
  return {
    ...view,
    devices,
    timeZone,
    timetable: shownTimetable,
    attendance,
    levels,
    push,
    portfolio,
    progressReports,
    family: { role: family.role },
    guardians,
  };
}

export type AccountPageData = Awaited<ReturnType<typeof accountPageData>>;

/** What a payer or a pickup guardian's /account holds of the overview: their own profile, no family record. */
async function ownOnly(context: AppLoadContext, userId: number): Promise<AccountOverview> {
  return {
    profile: await ownProfile(context.db, userId),
    bookings: { upcoming: [], past: [] },
    enrollments: [],
    brochureRequests: [],
    waitlist: [],
    children: [],
    certificates: [],
  };
}

/** A view-only guardian's overview: the records without the links that cancel, move or answer them. */
function readOnly(overview: AccountOverview): AccountOverview {
  const still = (b: AccountOverview["bookings"]["upcoming"][number]) => ({ ...b, cancelUrl: null, rescheduleUrl: null });
  return { ...overview, bookings: { upcoming: overview.bookings.upcoming.map(still), past: overview.bookings.past.map(still) }, waitlist: [] };
}

/** The notification choices of the signed-in account (decision 131), by its e-mail as push keys guardians. */
async function pushChoicesOfUser(context: AppLoadContext, userId: number) {
  const user = await context.db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
  return pushChoicesOf(context.db, user.email);
}
