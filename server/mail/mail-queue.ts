import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import { enqueue } from "~server/jobs/queue";
import type { Logger } from "~server/logger";
import { sendMail, type MailMessage } from "./mailer";

export const MAIL_JOB = "mail";

type MailDeps = { db: DB; config: Config; logger: Logger };

/** What a queued mail's job holds: whom it goes to and its subject (the admin dashboard lists failed mails by them), and what its template needs. */
export interface QueuedMail<Data = unknown> {
  template: string;
  to: string;
  subject: string;
  data: Data;
}

/**
 * A mail's body, made when its job runs from the job's data, the database and the settings of
 * that moment (decision 053): the job keeps no link and no text, only what rebuilds them.
 */
export type MailTemplate = (deps: MailDeps, mail: QueuedMail) => Promise<Pick<MailMessage, "text" | "html">>;

/** A mail as queued before decision 053 (already rendered; attachments as base64 text). */
interface RenderedMail extends Omit<MailMessage, "attachments"> {
  attachments?: { filename: string; contentBase64: string; contentType?: string }[];
}

/**
 * Queues an e-mail for the background worker, which renders it with its template and sends it,
 * retrying with backoff when the mail server fails (a dead job shows on the admin dashboard). Pass
 * the transaction that writes the record the mail is about, so both are stored or neither.
 */
export async function queueMail<Data>(db: DB, mail: QueuedMail<Data>): Promise<void> {
  await enqueue(db, { kind: MAIL_JOB, payload: mail });
}

/** The mail job's handler: renders a queued mail with its template and sends it. */
export async function deliverQueuedMail(deps: MailDeps, templates: Readonly<Record<string, MailTemplate>>, payload: unknown): Promise<void> {
  const queued = payload as Partial<QueuedMail> & RenderedMail;
  if (typeof queued.template !== "string") {
    // Queued before decision 053, rendered then: sent as it is.
    await sendMail(deps, {
      ...queued,
      attachments: queued.attachments?.map((a) => ({ filename: a.filename, content: Buffer.from(a.contentBase64, "base64"), contentType: a.contentType })),
    });
    return;
  }
  const template = templates[queued.template];
  if (!template) throw new Error(`no mail template "${queued.template}"`);
  const body = await template(deps, queued as QueuedMail);
  await sendMail(deps, { to: queued.to, subject: queued.subject, ...body });
}
