import { z } from "zod";
import { mailKind } from "~server/mail/mail-queue";

/**
 * An enrolment's confirmation e-mail, built from the enrolment when sent (decisions 052, 118):
 * declared apart from its render (enrol-mail.server.ts), which reads enrol.server.ts, the module
 * that queues it.
 */
export const campEnrolmentConfirmationMail = mailKind("enrollment-confirmation", z.object({ reference: z.string() }));
