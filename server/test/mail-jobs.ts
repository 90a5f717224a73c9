import type { z } from "zod";
import type { DB } from "~server/db/db";
import { fromDbJson } from "~server/db/values";
import { deliverQueuedMail, type MailDefinition, type MailDeps, type MailKind } from "~server/mail/mail-queue";

/** The mail jobs queued for one kind of mail, oldest first (every mail is a job of the one mail job, decision 118). */
export function mailJobsOf(db: DB, mail: MailKind) {
  return db
    .selectFrom("jobs")
    .selectAll()
    .where("kind", "=", "mail")
    .where("payload", "like", `{"template":${JSON.stringify(mail.name)},%`)
    .orderBy("id");
}

/** Those jobs' envelopes: to, subject and the data as stored. */
export async function queuedMailsOf(db: DB, mail: MailKind): Promise<{ to: string; subject?: string; data: unknown }[]> {
  return (await mailJobsOf(db, mail).execute()).map((job) => fromDbJson(job.payload, { to: "", data: null }));
}

/** Renders and sends one mail now, as the mail job would run it (a test's stand-in for a job queued earlier). */
export async function deliverNow<S extends z.ZodType>(
  deps: MailDeps,
  mail: MailDefinition<S>,
  envelope: { to: string; subject?: string; data: z.input<S> },
): Promise<void> {
  await deliverQueuedMail(deps, new Map([[mail.name, mail]]), { template: mail.name, ...envelope });
}
