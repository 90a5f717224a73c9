import type { DB } from "~server/db/db";
import type { SubmissionStatus } from "~server/db/schema";
import { deadJobs } from "~server/jobs/queue";
import { mailJob } from "~server/mail/mail-queue";
import { zonedParts } from "~/lib/zoned-time";
import { getSiteSettings } from "~/features/site/site.server";
import { campsOffStartDate } from "./settings/settings.server";
import { countPerWeek, lastWeeks } from "./week-buckets";
import { contentCounts } from "~/features/admin-content/queries.server";
import { accountCount } from "~/features/accounts/queries.server";
import { bookingTimesSince, upcomingBookingCount } from "~/features/booking/queries.server";
import { latestSchoolEnquiries, newSchoolEnquiryCount, schoolEnquiryTimesSince } from "~/features/school/queries.server";
import { contactMessageTimesSince, latestContactMessages, newContactMessageCount } from "~/features/contact/queries.server";
import { brochureLeadCount, brochureLeadTimesSince, latestBrochureLeads } from "~/features/camp/queries.server";
import { campEnrolmentCount, campEnrolmentTimesSince, latestCampEnrolments } from "~/features/enrolments/queries.server";

const CHART_WEEKS = 12;

export type SubmissionKind = "school" | "contact" | "enrollment" | "brochure";

interface LatestSubmission {
  kind: SubmissionKind;
  id: number;
  name: string;
  email: string;
  status: SubmissionStatus;
  createdAt: string;
}

interface Dashboard {
  counts: {
    courses: number;
    /** Published and out: the publish date has come. */
    publishedPosts: number;
    /** Published with a publish date still to come: not on the site yet. */
    scheduledPosts: number;
    draftPosts: number;
    teachers: number;
    users: number;
    newSchoolEnquiries: number;
    newContactMessages: number;
    upcomingBookings: number;
    enrollments: number;
    brochureLeads: number;
  };
  latest: LatestSubmission[];
  /** E-mails the background worker gave up on (newest first): staff should follow them up by hand. */
  failedMails: { id: number; to: string; subject: string; error: string; failedAt: string }[];
  /** The summer camp's start date (yyyy-mm-dd) when it is before today in the academy's time zone: the public page still shows it. */
  campSeasonPassed: string | null;
  /** Camps whose batches are not the ones the start date gives (decision 037). */
  campsOffStartDate: { id: number; title: { en: string; ar: string } }[];
  /** Per week (Monday, yyyy-mm-dd, in the academy's time zone): submissions and demo bookings. */
  weeks: { week: string; submissions: number; bookings: number }[];
}

const n = (row: { n: number | string } | undefined) => Number(row?.n ?? 0);

/** Everything the admin dashboard shows, read in one go. */
export async function getDashboard(db: DB, now = new Date()): Promise<Dashboard> {
  const { timeZone, campStartDate } = await getSiteSettings(db);
  const weeks = lastWeeks(now, timeZone, CHART_WEEKS);
  // A day of margin either side of the first Monday covers every time zone's offset.
  const since = new Date(Date.parse(`${weeks[0]}T00:00:00Z`) - 86_400_000).toISOString();
  const nowText = now.toISOString();

  const [{ courses, published, scheduled, drafts, teachers }, users, newSchool, newContact, upcoming, campEnrolments, brochure] = await Promise.all([
    contentCounts(db, nowText),
    accountCount(db),
    newSchoolEnquiryCount(db),
    newContactMessageCount(db),
    upcomingBookingCount(db, nowText),
    campEnrolmentCount(db),
    brochureLeadCount(db),
  ]);

  const latestLimit = 8;
  // Only the times are needed for the chart.
  const [school, contact, enrolled, leads, bookings] = await Promise.all([
    schoolEnquiryTimesSince(db, since),
    contactMessageTimesSince(db, since),
    campEnrolmentTimesSince(db, since),
    brochureLeadTimesSince(db, since),
    bookingTimesSince(db, since),
  ]);
  // The latest list also shows older submissions when the last weeks were quiet.
  const [schoolOld, contactOld, enrolledOld, leadsOld] = await Promise.all([
    latestSchoolEnquiries(db, latestLimit),
    latestContactMessages(db, latestLimit),
    latestCampEnrolments(db, latestLimit),
    latestBrochureLeads(db, latestLimit),
  ]);

  const latest: LatestSubmission[] = [
    ...schoolOld.map((r) => ({ kind: "school" as const, id: r.id, name: r.name, email: r.email, status: r.status, createdAt: r.created_at })),
    ...contactOld.map((r) => ({ kind: "contact" as const, id: r.id, name: "", email: r.email, status: r.status, createdAt: r.created_at })),
    ...enrolledOld.map((r) => ({ kind: "enrollment" as const, id: r.id, name: r.parent_name, email: r.email, status: r.status, createdAt: r.created_at })),
    ...leadsOld.map((r) => ({ kind: "brochure" as const, id: r.id, name: r.student_name, email: r.student_email, status: r.status, createdAt: r.created_at })),
  ]
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
    .slice(0, latestLimit);

  const failedMails = (await deadJobs(db, 50))
    .filter((job) => job.kind === mailJob.kind)
    .slice(0, 10)
    .map((job) => {
      // Read through the mail job's schema; a mail whose subject is made when sent (booking, camp) shows its name.
      const read = mailJob.payload.safeParse(job.payload);
      const mail = read.success ? read.data : undefined;
      const subject = mail === undefined ? "" : (mail.subject ?? ("template" in mail ? mail.template : ""));
      return { id: job.id, to: mail?.to ?? "", subject, error: job.lastError, failedAt: job.failedAt };
    });

  const submissionTimes = [...school, ...contact, ...enrolled, ...leads].map((r) => r.created_at);
  const submissionCounts = countPerWeek(submissionTimes, weeks, timeZone);
  const bookingCounts = countPerWeek(
    bookings.map((r) => r.created_at),
    weeks,
    timeZone,
  );

  return {
    counts: {
      courses: n(courses),
      publishedPosts: n(published),
      scheduledPosts: n(scheduled),
      draftPosts: n(drafts),
      teachers: n(teachers),
      users: n(users),
      newSchoolEnquiries: newSchool,
      newContactMessages: newContact,
      upcomingBookings: n(upcoming),
      enrollments: campEnrolments,
      brochureLeads: brochure,
    },
    latest,
    failedMails,
    campSeasonPassed: campStartDate < zonedParts(now, timeZone).date ? campStartDate : null,
    campsOffStartDate: await campsOffStartDate(db, campStartDate),
    weeks: weeks.map((week, i) => ({ week, submissions: submissionCounts[i]!, bookings: bookingCounts[i]! })),
  };
}
