import { z } from "zod";
import { mailKind } from "~server/mail/mail-queue";

/**
 * An enrollment's confirmation e-mail, built from the enrollment when sent (decisions 052, 118):
 * declared apart from its render (enroll-mail.server.ts), which reads enroll.server.ts, the module
 * that queues it.
 */
export const enrollmentConfirmationMail = mailKind("enrollment-confirmation", z.object({ reference: z.string() }));
