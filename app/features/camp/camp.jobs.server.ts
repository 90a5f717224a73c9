import { z } from "zod";
import { defineJob } from "~server/jobs/job";

/** An enrollment's confirmation e-mail, built from the enrollment when sent (enroll-mail.server.ts; decision 052). */
export const enrollmentConfirmationJob = defineJob("enrollment-confirmation", z.object({ reference: z.string() }));
