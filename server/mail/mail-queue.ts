import { z } from "zod";
import type { DB } from "~server/db/db";
import { defineJob } from "~server/jobs/job";
import { enqueue } from "~server/jobs/queue";
import { sendMail, type MailMessage } from "./mailer";

/** A mail as stored in a job: attachments as base64 text, so the payload is plain JSON. */
const queuedMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  attachments: z.array(z.object({ filename: z.string(), contentBase64: z.string(), contentType: z.string().optional() })).optional(),
});

/** A mail rendered when it was queued, delivered by the worker (decision 052). */
export const mailJob = defineJob("mail", queuedMail);

/**
 * Queues an e-mail for the background worker, which sends it and retries with backoff when the
 * mail server fails (a dead job shows on the admin dashboard). Pass the transaction that writes
 * the record the mail is about, so the record and its mail are stored together or not at all.
 */
export async function queueMail(db: DB, message: MailMessage): Promise<void> {
  await enqueue(db, mailJob, {
    ...message,
    attachments: message.attachments?.map((a) => ({ filename: a.filename, contentBase64: Buffer.from(a.content).toString("base64"), contentType: a.contentType })),
  });
}

/** The mail job's handler. */
export function deliverQueuedMail(deps: Parameters<typeof sendMail>[0], mail: z.output<typeof queuedMail>): Promise<void> {
  return sendMail(deps, {
    ...mail,
    attachments: mail.attachments?.map((a) => ({ filename: a.filename, content: Buffer.from(a.contentBase64, "base64"), contentType: a.contentType })),
  });
}
