import { z } from "zod";
import { languages } from "~/i18n/lang";
import { defineJob } from "~server/jobs/job";
import { mailKind } from "~server/mail/mail-queue";

/*
 * The booking feature's background jobs and mails, each defined once: its name (stored with every
 * queued row: renaming one strands the rows already queued under the old name) and its payload's
 * schema (decisions 052, 118). The code that queues one imports it from here. The sweeps' handlers
 * are in booking.manifest.server.ts; the mails go through the one mail job, rendered by
 * booking-mail.server.ts, waitlist-mail.server.ts and followup.server.ts (which read the modules
 * that queue them, hence the kinds declared apart).
 */

const reference = z.object({ reference: z.string() });
/** A booking and the class time a mail is about (a later move makes it stale). */
const referenceAt = z.object({ reference: z.string(), startsAt: z.string() });

/** A booking's confirmation e-mail, built from the booking when sent (booking-mail.server.ts). */
export const bookingConfirmationMail = mailKind("booking-confirmation", reference);

/** The follow-up e-mail after an attended demo class, built from the booking and settings when sent (followup.server.ts). */
export const bookingFollowupMail = mailKind("booking-followup", reference);

/** One reminder e-mail, built from the booking when sent (booking-mail.server.ts). */
export const bookingReminderMail = mailKind("booking-reminder", referenceAt);
export type ReminderMail = z.infer<typeof referenceAt>;

/** The periodic job that looks for bookings whose reminder is due (reminders.server.ts). */
export const bookingReminderSweepJob = defineJob("booking-reminder-sweep");

/** Tells the parent the new time of a moved booking (booking-mail.server.ts). */
export const bookingRescheduledMail = mailKind("booking-rescheduled", referenceAt);

/**
 * What a cancellation e-mail needs, copied when the booking is cancelled: the slot (and, after a
 * delete, the booking and the course) may be gone by the time the worker sends it.
 */
const staffCancelMail = z.object({
  email: z.string(),
  lang: z.enum(languages),
  parentName: z.string(),
  childName: z.string(),
  courseId: z.number().int().nullable(),
  /** The course name as stored with the booking (used when the course no longer exists). */
  courseName: z.string(),
  startsAt: z.string(),
});
export type StaffCancelMail = z.infer<typeof staffCancelMail>;

/** Tells a parent the academy cancelled their demo class (staff-cancel.server.ts). */
export const staffCancelMailKind = mailKind("booking-cancelled-by-staff", staffCancelMail);

/** Tells a parent in a slot's line that staff closed the slot (waitlist-close.server.ts). */
export const waitlistClosedMail = mailKind("waitlist-closed-by-staff", staffCancelMail);

/** Confirms a parent's place in a slot's line, with the link to leave it (waitlist-mail.server.ts). */
export const waitlistJoinedMail = mailKind("waitlist-joined", z.object({ entryId: z.number().int() }));

/** E-mails a waitlisted parent the seat held for them: the entry, and the offer's end (a later offer of the same entry makes it stale; waitlist-mail.server.ts). */
export const waitlistOfferMail = mailKind("waitlist-offer", z.object({ entryId: z.number().int(), expiresAt: z.string() }));
export type WaitlistOfferMail = z.infer<typeof waitlistOfferMail.data>;

/** The periodic job that ends offers that ran out and passes their seats on (waitlist.server.ts). */
export const waitlistExpirySweepJob = defineJob("waitlist-expiry-sweep");
