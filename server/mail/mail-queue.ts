import { z } from "zod";
import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import { defineJob } from "~server/jobs/job";
import { enqueue } from "~server/jobs/queue";
import type { Logger } from "~server/logger";
import type { Lang } from "~/i18n/lang";
import { mailDocument, type Html } from "~/lib/mail/html";
import { mayMail } from "./mail-budget";
import { sendMail, type MailMessage } from "./mailer";

export type MailDeps = { db: DB; config: Config; logger: Logger };

/**
 * A queued mail (decisions 053, 118): whom it goes to, its subject when known at queueing (the admin
 * dashboard lists failed mails by them), its mail's name and the data that mail's schema accepts.
 * No text and no link: the body is made when the job runs. `data` is whatever JSON was stored: the
 * mail's own schema reads it (`deliverQueuedMail`), not this envelope.
 */
const templatedMail = z.object({ template: z.string(), to: z.string(), subject: z.string().optional(), data: z.unknown() });

/** A mail queued rendered, before decision 053: attachments as base64 text. Still delivered as it is. */
const renderedMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  attachments: z.array(z.object({ filename: z.string(), contentBase64: z.string(), contentType: z.string().optional() })).optional(),
});

/** The one mail job (decisions 052, 053, 118): every e-mail of the product goes through it. */
export const mailJob = defineJob("mail", z.union([templatedMail, renderedMail]));

/** What a mail's render gives; the mail job wraps `html` in the one layout, with `lang` and `dir`. */
export interface RenderedMail {
  /** The document's language: its `lang`, and `dir` (rtl for Arabic), come from it. */
  lang: Lang;
  /** For a mail whose subject is made from the record when sent (booking, camp); else the queued one. */
  subject?: string;
  text: string;
  /** The body (escaped by construction); a mail in two languages gives each its own block (`textMail`). */
  html: Html;
  attachments?: MailMessage["attachments"];
}

/** Who a queued mail goes to and its subject, as the render sees them. */
export interface MailEnvelope {
  to: string;
  subject?: string;
}

/**
 * A kind of e-mail as the code that queues it sees it (decision 118): its name (stored with every
 * queued mail; renaming one strands those already queued) and the zod schema of the data it is
 * queued with. `queueMail` takes it with data of the schema's type, so wrong data is a compile
 * error, and parses the data, so it is refused where it is queued.
 */
export interface MailKind<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly data: S;
}

/**
 * A mail with its render (a feature's manifest lists these): the mail job parses the stored data
 * with the schema again before rendering (a row written by another version fails as the job's
 * error, then shows dead on the dashboard). The render answers null when the mail went stale (its
 * record gone or changed): nothing is sent.
 */
export interface MailDefinition<S extends z.ZodType = z.ZodType> extends MailKind<S> {
  // A method, so a definition of any schema fits a list of definitions (as JobHandler.run does).
  render(deps: MailDeps, data: z.output<S>, envelope: MailEnvelope): Promise<RenderedMail | null>;
}

type Render<S extends z.ZodType> = (deps: MailDeps, data: z.output<S>, envelope: MailEnvelope) => Promise<RenderedMail | null>;

/**
 * Declares a mail's name and data alone, for a mail whose render reads modules that queue it (a
 * booking's confirmation is queued by booking.server.ts, whose queries it reads): the render joins
 * it with `defineMail(kind, render)`, as `handleJob` joins a job defined with `defineJob`.
 */
export function mailKind<S extends z.ZodType>(name: string, data: S): MailKind<S> {
  return { name, data };
}

/** A mail, declared once: `defineMail(name, schema, render)`, or `defineMail(kind, render)` for a kind declared apart. */
export function defineMail<S extends z.ZodType>(name: string, data: S, render: Render<S>): MailDefinition<S>;
export function defineMail<S extends z.ZodType>(kind: MailKind<S>, render: Render<S>): MailDefinition<S>;
export function defineMail<S extends z.ZodType>(nameOrKind: string | MailKind<S>, dataOrRender: S | Render<S>, render?: Render<S>): MailDefinition<S> {
  if (typeof nameOrKind === "string") {
    if (typeof dataOrRender === "function" || render === undefined) throw new TypeError(`mail "${nameOrKind}": defineMail(name, schema, render)`);
    return { name: nameOrKind, data: dataOrRender, render };
  }
  if (typeof dataOrRender !== "function") throw new TypeError(`mail "${nameOrKind.name}": defineMail(kind, render)`);
  return { name: nameOrKind.name, data: nameOrKind.data, render: dataOrRender };
}

/**
 * Queues an e-mail for the background worker, which renders it with its definition (a feature's
 * manifest lists them) and sends it, retrying with backoff when the mail server fails (a dead job
 * shows on the admin dashboard). `data` is checked against the mail's schema when compiling and
 * parsed here (a ZodError for data the schema refuses). Pass the transaction that writes the record
 * the mail is about, so the record and its mail are stored together or not at all. In a public
 * form's transaction, a mail to the typed address is dropped once that address's budget is spent
 * (mail-budget.ts). Returns whether it was queued.
 */
export async function queueMail<S extends z.ZodType>(db: DB, mail: MailKind<S>, envelope: MailEnvelope & { data: z.input<S> }): Promise<boolean> {
  const data = mail.data.parse(envelope.data);
  if (!(await mayMail(db, envelope.to))) return false;
  const queued: z.input<typeof templatedMail> = { template: mail.name, to: envelope.to, data };
  if (envelope.subject !== undefined) queued.subject = envelope.subject;
  await enqueue(db, mailJob, queued);
  return true;
}

/** The mail job's handler: reads a queued mail's data with its definition's schema, renders it and sends it. */
export async function deliverQueuedMail(deps: MailDeps, mails: ReadonlyMap<string, MailDefinition>, queued: z.output<typeof mailJob.payload>): Promise<void> {
  if (!("template" in queued)) {
    await sendMail(deps, {
      ...queued,
      attachments: queued.attachments?.map((a) => ({ filename: a.filename, content: Buffer.from(a.contentBase64, "base64"), contentType: a.contentType })),
    });
    return;
  }
  const mail = mails.get(queued.template);
  if (!mail) throw new Error(`no mail named "${queued.template}"`);
  const envelope: MailEnvelope = queued.subject === undefined ? { to: queued.to } : { to: queued.to, subject: queued.subject };
  const rendered = await mail.render(deps, mail.data.parse(queued.data), envelope);
  if (!rendered) return;
  const subject = rendered.subject ?? queued.subject;
  if (subject === undefined) throw new Error(`mail "${queued.template}" has no subject`);
  await sendMail(deps, {
    to: queued.to,
    subject,
    text: rendered.text,
    html: mailDocument(rendered.lang, rendered.html),
    ...(rendered.attachments ? { attachments: rendered.attachments } : {}),
  });
}
