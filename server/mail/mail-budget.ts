import type { DB } from "~server/db/db";
import { addToCounter } from "~server/security/rate-limit";

/**
 * The mail budget of public forms (issue 39 finding 2, decision 104): a visitor types any address
 * into a form that e-mails it (demo booking, demo waitlist, group enrolment, camp enrolment), so one
 * address receives at most PUBLIC_MAIL_BUDGET such mails per window, counted in rate_limits (shared
 * by every instance). Over budget the form still succeeds and the mail is not queued: the answer
 * does not tell whether an address is being flooded. Staff's and the academy's own mails (payment
 * confirmations, reminders, offers) are not counted.
 */
export const PUBLIC_MAIL_BUDGET = 10;
export const PUBLIC_MAIL_WINDOW_MS = 24 * 60 * 60_000;

/** The transactions of a public form, with the address it e-mails (weakly held: gone with the transaction). */
const publicForms = new WeakMap<object, string>();

const recipientKey = (address: string): string => address.trim().toLowerCase().slice(0, 254);

/** Marks `trx` as a public form's that e-mails `address`: every mail to it queued in `trx` spends the budget. */
export function markPublicForm(trx: DB, address: string): void {
  publicForms.set(trx, recipientKey(address));
}

/**
 * Whether a mail to `to` may be queued in `db`: always, unless `db` is a public form's transaction
 * mailing its typed address; then one from the address's budget (counted in that transaction, so a
 * form that fails spends nothing).
 */
export async function mayMail(db: DB, to: string): Promise<boolean> {
  const recipient = publicForms.get(db);
  if (recipient === undefined || recipient !== recipientKey(to)) return true;
  return (await addToCounter(db, { name: "public-mail", key: recipient, windowMs: PUBLIC_MAIL_WINDOW_MS })) <= PUBLIC_MAIL_BUDGET;
}
