import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { dropJob, jobsMentioning, replaceJobPayload } from "~server/jobs/queue";
import type { Owner } from "~/features/family/account-owner.server";
import { ownedCampEnrolmentContacts, ownedEnrolmentContacts } from "~/features/enrolments/queries.server";
import { ownedWaitlistContacts } from "~/features/sections/queries.server";
import { ownedBookingContacts, waitlistContactsByEmail } from "~/features/booking/queries.server";
import { ownedAnswerContacts } from "~/features/consent/queries.server";

/** Most distinct e-mails and names one erasure looks for in the queue (a family has a handful). */
const MAX_NEEDLES = 200;
/** Shorter values (an initial, "A") would match inside unrelated words: not looked for. */
const MIN_NAME_LENGTH = 3;

/**
 * Erasure reaches the mail queue too (issue 39 finding 5): a job's payload keeps the recipient, the
 * subject and the template's data (names, sometimes) until the daily purge drops it 30 days after
 * it ran. Called inside deleteAccount's transaction BEFORE the records are erased (their names and
 * e-mails are what it looks for): every job whose payload names one of the family's e-mails is
 * found; one still waiting to go TO the family (queued, or dead after its retries) is deleted (the
 * person asked to be forgotten; its record is erased anyway); every other one (sent, or to staff)
 * keeps its shape but each of the family's e-mails, names and phones in it becomes `erased` / the
 * deletion's neutral e-mail. Answers how many jobs were deleted and how many blanked.
 */
export async function eraseFamilyMailJobs(
  trx: DB,
  owner: Owner & { row: { email: string; username: string } },
  replacement: { text: string; email: string },
): Promise<{ mailJobsDeleted: number; mailJobsBlanked: number }> {
  const { emails, names } = await familyNeedles(trx, owner);
  if (emails.size === 0) return { mailJobsDeleted: 0, mailJobsBlanked: 0 };
  const jobs = await jobsMentioning(trx, [...emails]);
  let mailJobsDeleted = 0;
  let mailJobsBlanked = 0;
  const now = nowIso();
  for (const job of jobs) {
    let payload: unknown;
    try {
      payload = JSON.parse(job.payload);
    } catch {
      payload = job.payload;
    }
    const to =
      typeof payload === "object" && payload !== null
        ? String((payload as { to?: unknown }).to ?? "")
            .trim()
            .toLowerCase()
        : "";
    if ((job.status === "queued" || job.status === "dead") && emails.has(to)) {
      await dropJob(trx, job.id, job.status);
      mailJobsDeleted++;
      continue;
    }
    const blanked = JSON.stringify(blank(payload, emails, names, replacement));
    await replaceJobPayload(trx, job.id, blanked, now);
    mailJobsBlanked++;
  }
  return { mailJobsDeleted, mailJobsBlanked };
}

/** The family's e-mails (lower case) and the names and phones its records carry. */
async function familyNeedles(trx: DB, owner: Owner & { row: { email: string; username: string } }) {
  const emails = new Set<string>([owner.row.email.trim().toLowerCase()]);
  const names = new Set<string>([owner.row.username]);
  const add = (rows: Array<Record<string, string | null>>) => {
    for (const row of rows) {
      for (const [key, value] of Object.entries(row)) {
        if (!value) continue;
        if (key === "email") emails.add(value.trim().toLowerCase());
        else names.add(value.trim());
      }
    }
  };
  add(await ownedEnrolmentContacts(trx, owner, MAX_NEEDLES));
  add(await ownedBookingContacts(trx, owner, MAX_NEEDLES));
  add(await ownedWaitlistContacts(trx, owner, MAX_NEEDLES));
  add(await ownedAnswerContacts(trx, owner, MAX_NEEDLES));
  add(await ownedCampEnrolmentContacts(trx, owner, MAX_NEEDLES));
  if (owner.provenEmail) {
    add(await waitlistContactsByEmail(trx, owner.provenEmail, MAX_NEEDLES));
  }
  const kept = [...names].filter((name) => name.length >= MIN_NAME_LENGTH).slice(0, MAX_NEEDLES);
  return { emails: new Set([...emails].slice(0, MAX_NEEDLES)), names: kept.sort((a, b) => b.length - a.length) };
}

/** The payload with every family e-mail and name in its strings replaced (longest names first, so "Sara Khan" goes before "Sara"). */
function blank(value: unknown, emails: Set<string>, names: string[], replacement: { text: string; email: string }): unknown {
  if (typeof value === "string") {
    let out = value;
    for (const email of emails) out = out.replace(new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi"), replacement.email);
    for (const name of names) out = out.split(name).join(replacement.text);
    return out;
  }
  if (Array.isArray(value)) return value.map((item) => blank(item, emails, names, replacement));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, blank(item, emails, names, replacement)]));
  return value;
}
