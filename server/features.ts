import type { Router } from "express";
import { accountsManifest } from "~/features/accounts/accounts.manifest.server";
import { adminContentManifest } from "~/features/admin-content/admin-content.manifest.server";
import { adminManifest } from "~/features/admin/admin.manifest.server";
import { billingDeskManifest, discountsManifest, moneyManifest, instalmentsManifest, paymentsManifest, refundsManifest } from "~/features/billing/index.server";
import { blogManifest } from "~/features/blog/blog.manifest.server";
import { changeSubmissionStatuses } from "~/features/admin/submissions/submissions.api";
import { bookingManifest } from "~/features/booking/booking.manifest.server";
import { campManifest } from "~/features/camp/camp.manifest.server";
import { consentManifest } from "~/features/consent/consent.manifest.server";
import { certificatesManifest } from "~/features/certificates/certificates.manifest.server";
import { contactManifest } from "~/features/contact/contact.manifest.server";
import { coursesManifest } from "~/features/courses/courses.manifest.server";
import { makeupsManifest } from "~/features/makeups/makeups.manifest.server";
import { messagingManifest } from "~/features/messaging/messaging.manifest.server";
import { pushManifest } from "~/features/push/push.manifest.server";
import { guardiansManifest } from "~/features/guardians/guardians.manifest.server";
import { installManifest } from "~/features/install/install.manifest.server";
import { mediaManifest } from "~/features/media/media.manifest.server";
import { schoolManifest } from "~/features/school/school.manifest.server";
import { sectionsManifest } from "~/features/sections/sections.manifest.server";
import { demoEnrolmentManifest } from "~/features/sections/demo-enrolment.manifest.server";
import { registerEnrolmentSubscribers } from "~/features/enrolments/events.server";
import { seoManifest } from "~/features/seo/seo.manifest.server";
import { teachingManifest } from "~/features/teaching/teaching.manifest.server";
import { levelsManifest } from "~/features/levels/levels.manifest.server";
import { portfolioManifest } from "~/features/portfolio/portfolio.manifest.server";
import { progressManifest } from "~/features/progress/progress.manifest.server";
import { timetableManifest } from "~/features/timetable/timetable.manifest.server";
import { existingAccount } from "~/features/accounts/queries.server";
import type { DB } from "./db/db";
import type { FeatureManifest } from "./feature-manifest";
import type { EndpointDeps } from "./http/endpoint";
import type { JobHandler, PeriodicJob } from "./jobs/job";
import type { MailDefinition } from "./mail/mail-queue";
import { registerSessionAccounts } from "./security/session";

/**
 * The registry: the one place server/ reaches feature code (app/features). Each feature exports one
 * manifest (its API routers, its jobs and periodic work, its seed; decision 052) and this is their
 * list; an ESLint rule keeps other server modules from importing features directly. The order is
 * the order the API routers are mounted in.
 */
const features: readonly FeatureManifest[] = [
  accountsManifest,
  coursesManifest,
  contactManifest,
  schoolManifest,
  bookingManifest,
  sectionsManifest,
  timetableManifest,
  demoEnrolmentManifest,
  paymentsManifest,
  moneyManifest,
  refundsManifest,
  makeupsManifest,
  campManifest,
  consentManifest,
  certificatesManifest,
  discountsManifest,
  billingDeskManifest,
  instalmentsManifest,
  mediaManifest,
  adminContentManifest,
  blogManifest,
  seoManifest,
  teachingManifest,
  levelsManifest,
  portfolioManifest,
  progressManifest,
  messagingManifest,
  pushManifest,
  guardiansManifest,
  installManifest,
  adminManifest,
];

// Enrolment events reach billing, discounts and sections in the registry's order (decision 100).
registerEnrolmentSubscribers(features.flatMap((feature) => feature.subscribers ?? []));
// Sessions read an account's role through accounts' query module (decision 153).
registerSessionAccounts({ existingAccount });

/**
 * Endpoints one feature's page runs on another feature's behalf, handed to pages in the load
 * context (`context.endpoints`) so the calling feature does not import the other: the slots screen
 * (booking) changes demo bookings' statuses through the submissions' bulk endpoint (admin), which
 * itself uses booking.
 */
export const sharedEndpoints = { changeSubmissionStatuses };
export type SharedEndpoints = typeof sharedEndpoints;

/** What server/ needs from single features beyond their manifests. */
export { adminSetupLink } from "~/features/accounts/admin-setup.server";
export { siteSettingsSchema, type SiteSettings } from "~/features/site/settings.schema";
export { FOLLOWUP_DEFAULTS } from "~/features/site/followup-texts";
/** The messaging providers' webhooks' paths, whose bodies server/app.ts keeps raw (decision 127). */
export { WHATSAPP_WEBHOOK_PATH, SMS_WEBHOOK_PATH } from "~/features/messaging/index.server";
/** The owners' reads server/ hands to its modules at start (decision 153): the refunds gauge's counts (billing), the media library's uploads. */
export { refundCountsByState } from "~/features/billing/index.server";
export { libraryUploads } from "~/features/media/queries.server";

/** Every feature's JSON API router, mounted in this order by server/app.ts. */
export function apiRouters(deps: EndpointDeps): Router[] {
  return features.flatMap((feature) => feature.routers?.(deps) ?? []);
}

/** The handlers of the jobs features queue (server/jobs runs them with its own). */
export function featureJobs(deps: EndpointDeps): JobHandler[] {
  return features.flatMap((feature) => feature.jobs?.(deps) ?? []);
}

/** The mails features queue, by name (rendered when the mail job runs, decisions 053 and 118). */
export const featureMails: ReadonlyMap<string, MailDefinition> = mailsByName(features);

/**
 * Every feature's mails in one table; a name two features (or one feature twice) use stops the
 * start, as two handlers of one job kind do, instead of one mail silently replacing the other.
 */
export function mailsByName(manifests: readonly Pick<FeatureManifest, "name" | "mails">[]): ReadonlyMap<string, MailDefinition> {
  const byName = new Map<string, MailDefinition>();
  const owner = new Map<string, string>();
  for (const manifest of manifests) {
    for (const mail of manifest.mails ?? []) {
      const first = owner.get(mail.name);
      if (first) throw new Error(`Two mails named "${mail.name}" (features ${first} and ${manifest.name}).`);
      owner.set(mail.name, manifest.name);
      byName.set(mail.name, mail);
    }
  }
  return byName;
}

/** The features' parts of the daily purge, in registry order: how many rows each kind lost. */
export async function purgeFeatures(db: DB, now: Date): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const feature of features) Object.assign(deleted, await feature.purge?.(db, now));
  return deleted;
}

/** Feature jobs added once per period by whichever instance gets there first. */
export const featurePeriodicJobs: readonly PeriodicJob[] = features.flatMap((feature) => feature.periodic ?? []);

/** Each feature's starter data, in registry order, after the content tables are seeded. */
export async function seedFeatures(db: DB): Promise<void> {
  for (const feature of features) await feature.seed?.(db);
}
