import { z } from "zod";
import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import { defineJob } from "~server/jobs/job";
import { enqueue } from "~server/jobs/queue";
import type { Logger } from "~server/logger";
import { mayMail } from "./mail-budget";
import { sendMail, type MailMessage } from "./mailer";

type MailDeps = { db: DB; config: Config; logger: Logger };

/**
 * A queued mail (decision 053): whom it goes to and its subject (the admin dashboard lists failed
 * mails by them), its template's name and what the template needs. No text and no link: the body
 * is made when the job runs.
 */
const templatedMail = z.object({ template: z.string(), to: z.string(), subject: z.string(), data: z.unknown() });

/** A mail queued rendered, before decision 053: attachments as base64 text. Still delivered as it is. */
const renderedMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  attachments: z.array(z.object({ filename: z.string(), contentBase64: z.string(), contentType: z.string().optional() })).optional(),
});

/** The one mail job (decisions 052, 053). */
export const mailJob = defineJob("mail", z.union([templatedMail, renderedMail]));

export interface QueuedMail<Data = unknown> {
  template: string;
  to: string;
  subject: string;
  data: Data;
}

/** A mail's body, made when its job runs from the job's data and the database of that moment. */
export type MailTemplate = (deps: MailDeps, mail: QueuedMail) => Promise<Pick<MailMessage, "text" | "html" | "attachments">>;

/**
 * Queues an e-mail for the background worker, which renders it with its template (a feature's
 * manifest names them) and sends it, retrying with backoff when the mail server fails (a dead job
 * shows on the admin dashboard). Pass the transaction that writes the record the mail is about, so
 * the record and its mail are stored together or not at all. In a public form's transaction, a mail
 * to the typed address is dropped once that address's budget is spent (mail-budget.ts).
 */
export async function queueMail<Data>(db: DB, mail: QueuedMail<Data>): Promise<void> {
  if (!(await mayMail(db, mail.to))) return;
  await enqueue(db, mailJob, mail);
}

/** The mail job's handler: renders a queued mail with its template and sends it. */
export async function deliverQueuedMail(deps: MailDeps, templates: Readonly<Record<string, MailTemplate>>, mail: z.output<typeof mailJob.payload>): Promise<void> {
  if (!("template" in mail)) {
    await sendMail(deps, {
      ...mail,
      attachments: mail.attachments?.map((a) => ({ filename: a.filename, content: Buffer.from(a.contentBase64, "base64"), contentType: a.contentType })),
    });
    return;
  }
  const template = templates[mail.template];
  if (!template) throw new Error(`no mail template "${mail.template}"`);
  const body = await template(deps, mail);
  // A template that renders nothing says the mail went stale (its record gone or changed): not sent.
  if (body.text === "" && !body.html) return;
  await sendMail(deps, { to: mail.to, subject: mail.subject, ...body });
}
