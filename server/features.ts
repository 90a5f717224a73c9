import type { Router } from "express";
import { BOOKING_CONFIRMATION_JOB } from "~/features/booking/booking.server";
import { sendBookingConfirmation, sendBookingReminder, sendRescheduledMail, sendStaffCancellation } from "~/features/booking/booking-mail.server";
import { BOOKING_FOLLOWUP_JOB, sendFollowupMail } from "~/features/booking/followup.server";
import { BOOKING_REMINDER_JOB, BOOKING_REMINDER_SWEEP_JOB, REMINDER_SWEEP_EVERY_MS, sweepDueReminders, type ReminderMail } from "~/features/booking/reminders.server";
import { BOOKING_RESCHEDULED_JOB } from "~/features/booking/reschedule.server";
import { WAITLIST_CLOSED_JOB } from "~/features/booking/waitlist-close.server";
import { STAFF_CANCEL_MAIL_JOB, type StaffCancelMail } from "~/features/booking/staff-cancel.server";
import { waitlistApi } from "~/features/booking/waitlist.api";
import { sendWaitlistJoined, sendWaitlistOffer } from "~/features/booking/waitlist-mail.server";
import { WAITLIST_OFFER_JOB, type WaitlistOfferMail } from "~/features/booking/waitlist-offers.server";
import { sweepExpiredOffers, WAITLIST_EXPIRY_SWEEP_JOB, WAITLIST_JOINED_JOB, WAITLIST_SWEEP_EVERY_MS } from "~/features/booking/waitlist.server";
import { sendEnrollmentConfirmation } from "~/features/camp/enroll-mail.server";
import { ENROLLMENT_CONFIRMATION_JOB } from "~/features/camp/enroll.server";
import { PASSWORD_LINK_MAIL, passwordLinkMail } from "~/features/accounts/password-reset.server";
import { STAFF_INVITE_MAIL, staffInviteMail } from "~/features/accounts/staff-invite.server";
import { STAFF_NOTICE_MAIL, staffNoticeMail } from "~/features/admin/staff-notice.server";
import { adminCollectionsApi } from "~/features/admin-content/collections.api";
import { uploadsApi } from "~/features/admin-content/uploads.api";
import { mediaApi } from "~/features/media/media.api";
import { accountsApi } from "~/features/accounts/accounts.api";
import { accountSpaceApi } from "~/features/accounts/account-space.api";
import { devicesApi } from "~/features/accounts/devices.api";
import { campApi } from "~/features/camp/camp.api";
import { blogApi } from "~/features/blog/blog.api";
import { bookingApi } from "~/features/booking/booking.api";
import { slotsAdminApi } from "~/features/booking/slots-admin.api";
import { contactApi } from "~/features/contact/contact.api";
import { coursesApi } from "~/features/courses/courses.api";
import { schoolApi } from "~/features/school/school.api";
import { seoApi } from "~/features/seo/seo.api";
import { submissionsApi } from "~/features/admin/submissions/submissions.api";
import { usersApi } from "~/features/admin/users/users.api";
import { settingsApi } from "~/features/admin/settings/settings.api";
import { auditApi } from "~/features/admin/audit/audit.api";
import type { Config } from "./config";
import type { DB } from "./db/db";
import type { Logger } from "./logger";
import type { MailTemplate } from "./mail/mail-queue";

export interface ApiDeps {
  config: Config;
  db: DB;
  logger: Logger;
}

/**
 * The registry: the one place server/ reaches feature code (app/features). Everything the process
 * needs from a feature (its API router, its background jobs, its seed data, the first-staff link)
 * is named here; an ESLint rule keeps other server modules from importing features directly.
 */

export { adminSetupLink } from "~/features/accounts/admin-setup.server";
export { seedDemoSlots } from "~/features/booking/seed-slots.server";
export { siteSettingsSchema, type SiteSettings } from "~/features/site/settings.schema";
export { FOLLOWUP_DEFAULTS } from "~/features/booking/followup-texts";

/** The templates of mails features queue with queueMail, by name (rendered when the mail job runs, decision 053). */
export const featureMailTemplates: Readonly<Record<string, MailTemplate>> = {
  [PASSWORD_LINK_MAIL]: passwordLinkMail,
  [STAFF_INVITE_MAIL]: staffInviteMail,
  [STAFF_NOTICE_MAIL]: staffNoticeMail,
};

/** Background jobs that features queue (server/jobs runs them with its own). */
export function featureJobs(deps: ApiDeps): Record<string, (payload: unknown) => Promise<void>> {
  return {
    [BOOKING_CONFIRMATION_JOB]: (payload) => sendBookingConfirmation(deps, (payload as { reference: string }).reference),
    [STAFF_CANCEL_MAIL_JOB]: (payload) => sendStaffCancellation(deps, payload as StaffCancelMail),
    [BOOKING_RESCHEDULED_JOB]: (payload) => sendRescheduledMail(deps, payload as ReminderMail),
    [BOOKING_REMINDER_JOB]: (payload) => sendBookingReminder(deps, payload as ReminderMail),
    [BOOKING_FOLLOWUP_JOB]: (payload) => sendFollowupMail(deps, (payload as { reference: string }).reference),
    [BOOKING_REMINDER_SWEEP_JOB]: async () => {
      const queued = await sweepDueReminders(deps.db);
      if (queued > 0) deps.logger.info({ queued }, "demo class reminders queued");
    },
    [WAITLIST_CLOSED_JOB]: (payload) => sendStaffCancellation(deps, payload as StaffCancelMail, "waitlist.closedMail"),
    [WAITLIST_JOINED_JOB]: (payload) => sendWaitlistJoined(deps, payload as { entryId: number }),
    [WAITLIST_OFFER_JOB]: (payload) => sendWaitlistOffer(deps, payload as WaitlistOfferMail),
    [WAITLIST_EXPIRY_SWEEP_JOB]: async () => {
      const ended = await sweepExpiredOffers(deps.db);
      if (ended > 0) deps.logger.info({ ended }, "waitlist offers ran out and passed on");
    },
    [ENROLLMENT_CONFIRMATION_JOB]: (payload) => sendEnrollmentConfirmation(deps, (payload as { reference: string }).reference),
  };
}

/** Feature jobs added once per period by whichever instance gets there first (their handlers are above). */
export const featurePeriodicJobs = [
  { kind: BOOKING_REMINDER_SWEEP_JOB, everyMs: REMINDER_SWEEP_EVERY_MS },
  { kind: WAITLIST_EXPIRY_SWEEP_JOB, everyMs: WAITLIST_SWEEP_EVERY_MS },
];

/** Every feature's JSON API router, mounted in this order by server/app.ts. */
export function apiRouters(deps: ApiDeps): Router[] {
  return [accountsApi(deps), accountSpaceApi(deps), devicesApi(deps), coursesApi(deps), contactApi(deps), schoolApi(deps), bookingApi(deps), waitlistApi(deps), slotsAdminApi(deps), campApi(deps), uploadsApi(deps), mediaApi(deps), adminCollectionsApi(deps), blogApi(deps), seoApi(deps), submissionsApi(deps), usersApi(deps), settingsApi(deps), auditApi(deps)];
}
