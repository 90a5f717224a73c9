import type { Migration } from "kysely";
import * as content from "./2026-11-22-01-content";
import * as rateLimits from "./2026-11-22-02-rate-limits";
import * as contactMessages from "./2026-11-22-03-contact-messages";
import * as accounts from "./2026-11-22-04-accounts";
import * as schoolEnquiries from "./2026-11-22-10-school-enquiries";
import * as demoBooking from "./2026-11-22-40-demo-booking";
import * as campEnrollments from "./2026-11-22-20-camp-enrollments";
import * as auditLog from "./2026-11-22-60-audit-log";
import * as blogSlugRedirects from "./2026-11-22-70-blog-slug-redirects";
import * as adminSetup from "./2026-11-22-50-admin-setup";
import * as emailVerified from "./2026-11-23-10-email-verified";
import * as enrollmentReference from "./2026-11-23-10-enrollment-reference";
import * as jobs from "./2026-11-23-20-jobs";
import * as demoSlotModeAndCode from "./2026-11-23-20-demo-slot-mode-and-code";
import * as unreferencedUploads from "./2026-11-23-30-unreferenced-uploads";
import * as staffSeen from "./2026-11-24-10-staff-seen";
import * as bookingReminders from "./2026-11-24-20-booking-reminders";
import * as staffInvites from "./2026-11-24-20-staff-invites";
import * as editorRole from "./2026-11-24-30-editor-role";
import * as slotWaitlist from "./2026-11-25-10-slot-waitlist";
import * as followupAndChildren from "./2026-11-25-20-followup-and-children";
import * as mediaLibrary from "./2026-11-25-30-media-library";
import * as draftsAndRevisions from "./2026-11-25-40-drafts-and-revisions";
import * as inviteRole from "./2026-11-26-10-invite-role";
import * as sessionDevices from "./2026-11-26-10-session-devices";
import * as hashedLinkTokens from "./2026-11-26-20-hashed-link-tokens";
import * as secondFactor from "./2026-11-26-30-second-factor";
import * as pageSections from "./2026-11-27-10-page-sections";
import * as courseSections from "./2026-11-27-50-course-sections";
import * as revisedPageTexts from "./2026-11-28-10-revised-page-texts";
import * as sectionWaitlistAndMoves from "./2026-11-28-30-section-waitlist-and-moves";
import * as familyCalendar from "./2026-11-28-40-family-calendar";
import * as teachingCore from "./2026-11-29-00-teaching-core";
import * as onlinePayments from "./2026-11-29-60-online-payments";
import * as absencesAndMakeups from "./2026-11-29-20-absences-and-makeups";
import * as consent from "./2026-11-29-30-consent";
import * as certificates from "./2026-11-29-40-certificates";
import * as campCertificates from "./2026-11-30-10-camp-certificates";
import * as discounts from "./2026-11-29-70-discounts";
import * as enrolmentPrice from "./2026-11-29-80-enrolment-price";
import * as billing from "./2026-11-30-00-billing";
import * as instalments from "./2026-11-30-30-instalments";
import * as refunds from "./2026-11-30-40-refunds";
import * as paymentInbox from "./2026-11-30-50-payment-inbox";
import * as currencies from "./2026-11-30-60-currencies";
import * as dropEnrolmentPrice from "./2026-11-30-70-drop-enrolment-price";
import * as pickupPinLocks from "./2026-11-30-90-pickup-pin-locks";
import * as voidInvoiceCredit from "./2026-11-30-95-void-invoice-credit";
import * as promoUseReleased from "./2026-11-30-97-promo-use-released";
import * as coursePriceDecimals from "./2026-11-30-98-course-price-decimals";
import * as bookingMailJobs from "./2026-11-30-99-booking-mail-jobs";
import * as messaging from "./2026-12-01-10-messaging";
import * as levels from "./2026-12-02-10-levels";
import * as push from "./2026-12-02-20-push";
import * as broadcasts from "./2026-12-03-10-broadcasts";
import * as automations from "./2026-12-04-30-automations";
import * as videosAndReportVersions from "./2026-12-05-30-videos-and-report-versions";
import * as classPickups from "./2026-12-05-10-class-pickups";
import * as portfolio from "./2026-12-03-20-portfolio";
import * as progressReports from "./2026-12-04-10-progress-reports";
import * as absenceTold from "./2026-12-05-20-absence-told";
import * as guardians from "./2026-12-04-20-guardians";
import * as campEnrolments from "./2026-12-06-10-camp-enrolments";
import * as campEnrolmentColumns from "./2026-12-07-00-camp-enrolment-columns";
import * as campEnrolmentContract from "./2026-12-08-00-camp-enrolment-contract";
import * as dataVersions from "./2026-12-08-10-data-versions";

/**
 * Every migration, by name; Kysely applies them in name order. A static list (not a folder scan)
 * so the same code runs under tsx, Vitest and the production build. Add new ones at the end.
 */
export const migrations: Record<string, Migration> = {
  "2026-11-22-01-content": content,
  "2026-11-22-02-rate-limits": rateLimits,
  "2026-11-22-03-contact-messages": contactMessages,
  "2026-11-22-04-accounts": accounts,
  "2026-11-22-10-school-enquiries": schoolEnquiries,
  "2026-11-22-40-demo-booking": demoBooking,
  "2026-11-22-20-camp-enrollments": campEnrollments,
  "2026-11-22-60-audit-log": auditLog,
  "2026-11-22-70-blog-slug-redirects": blogSlugRedirects,
  "2026-11-22-50-admin-setup": adminSetup,
  "2026-11-23-10-email-verified": emailVerified,
  "2026-11-23-10-enrollment-reference": enrollmentReference,
  "2026-11-23-20-demo-slot-mode-and-code": demoSlotModeAndCode,
  "2026-11-23-20-jobs": jobs,
  "2026-11-23-30-unreferenced-uploads": unreferencedUploads,
  "2026-11-24-10-staff-seen": staffSeen,
  "2026-11-24-20-booking-reminders": bookingReminders,
  "2026-11-24-20-staff-invites": staffInvites,
  "2026-11-24-30-editor-role": editorRole,
  "2026-11-25-10-slot-waitlist": slotWaitlist,
  "2026-11-25-20-followup-and-children": followupAndChildren,
  "2026-11-25-30-media-library": mediaLibrary,
  "2026-11-25-40-drafts-and-revisions": draftsAndRevisions,
  "2026-11-26-10-invite-role": inviteRole,
  "2026-11-26-10-session-devices": sessionDevices,
  "2026-11-26-20-hashed-link-tokens": hashedLinkTokens,
  "2026-11-26-30-second-factor": secondFactor,
  "2026-11-27-10-page-sections": pageSections,
  "2026-11-27-50-course-sections": courseSections,
  "2026-11-28-10-revised-page-texts": revisedPageTexts,
  "2026-11-28-30-section-waitlist-and-moves": sectionWaitlistAndMoves,
  "2026-11-28-40-family-calendar": familyCalendar,
  "2026-11-29-00-teaching-core": teachingCore,
  "2026-11-29-60-online-payments": onlinePayments,
  "2026-11-29-20-absences-and-makeups": absencesAndMakeups,
  "2026-11-29-30-consent": consent,
  "2026-11-29-40-certificates": certificates,
  "2026-11-29-70-discounts": discounts,
  "2026-11-29-80-enrolment-price": enrolmentPrice,
  "2026-11-30-00-billing": billing,
  "2026-11-30-10-camp-certificates": campCertificates,
  "2026-11-30-30-instalments": instalments,
  "2026-11-30-40-refunds": refunds,
  "2026-11-30-50-payment-inbox": paymentInbox,
  "2026-11-30-60-currencies": currencies,
  "2026-11-30-70-drop-enrolment-price": dropEnrolmentPrice,
  "2026-11-30-90-pickup-pin-locks": pickupPinLocks,
  "2026-11-30-95-void-invoice-credit": voidInvoiceCredit,
  "2026-11-30-97-promo-use-released": promoUseReleased,
  "2026-11-30-98-course-price-decimals": coursePriceDecimals,
  "2026-11-30-99-booking-mail-jobs": bookingMailJobs,
  "2026-12-01-10-messaging": messaging,
  "2026-12-02-10-levels": levels,
  "2026-12-02-20-push": push,
  "2026-12-03-10-broadcasts": broadcasts,
  "2026-12-03-20-portfolio": portfolio,
  "2026-12-04-10-progress-reports": progressReports,
  "2026-12-04-20-guardians": guardians,
  "2026-12-04-30-automations": automations,
  "2026-12-05-20-absence-told": absenceTold,
  "2026-12-05-30-videos-and-report-versions": videosAndReportVersions,
  "2026-12-05-10-class-pickups": classPickups,
  "2026-12-06-10-camp-enrolments": campEnrolments,
  "2026-12-07-00-camp-enrolment-columns": campEnrolmentColumns,
  "2026-12-08-00-camp-enrolment-contract": campEnrolmentContract,
  "2026-12-08-10-data-versions": dataVersions,
};
