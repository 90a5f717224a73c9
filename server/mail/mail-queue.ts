import type { DB } from "~server/db/db";
import { enqueue } from "~server/jobs/queue";
import { sendMail, type MailMessage } from "./mailer";

export const MAIL_JOB = "mail";

/** A mail as stored in a job: attachments as base64 text, so the payload is plain JSON. */
interface QueuedMail extends Omit<MailMessage, "attachments"> {
  attachments?: { filename: string; contentBase64: string; contentType?: string }[];
}

/**
 * Queues an e-mail for the background worker, which sends it and retries with backoff when the
 * mail server fails (a dead job shows on the admin dashboard). Pass the transaction that writes
 * the record the mail is about, so the record and its mail are stored together or not at all.
 */
export async function queueMail(db: DB, message: MailMessage): Promise<void> {
  const payload: QueuedMail = {
    ...message,
    attachments: message.attachments?.map((a) => ({ filename: a.filename, contentBase64: Buffer.from(a.content).toString("base64"), contentType: a.contentType })),
  };
  await enqueue(db, { kind: MAIL_JOB, payload });
}

/** The mail job's handler. */
export function deliverQueuedMail(deps: Parameters<typeof sendMail>[0], payload: unknown): Promise<void> {
  const mail = payload as QueuedMail;
  return sendMail(deps, {
    ...mail,
    attachments: mail.attachments?.map((a) => ({ filename: a.filename, content: Buffer.from(a.contentBase64, "base64"), contentType: a.contentType })),
  });
}
