import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { DB } from "~server/db/db";
import { decodeMail } from "./smtp-catcher";

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The whole message as written (attachments base64 inside). */
  raw: string;
}

/** The text and HTML parts of a message or part, looking into nested multiparts (a mail with an .ics is mixed around alternative). */
function bodies(raw: string): { text: string; html: string } {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
  const boundary = /content-type:\s*multipart\/[^;]+;.*?boundary="?([^";\s]+)"?/i.exec(head)?.[1];
  if (!boundary) {
    if (/content-type:\s*text\/html/i.test(head)) return { text: "", html: decodeMail(raw).text };
    if (/content-type:\s*text\/plain/i.test(head) || !/content-type:/i.test(head)) return { text: decodeMail(raw).text, html: "" };
    return { text: "", html: "" };
  }
  const found = { text: "", html: "" };
  for (const part of raw.split(`--${boundary}`).slice(1, -1)) {
    const inner = bodies(part.replace(/^\r?\n/, ""));
    found.text ||= inner.text;
    found.html ||= inner.html;
  }
  return found;
}

/** One outbox .eml: its recipient, subject, and decoded text and HTML parts. */
export function parseEml(raw: string): SentMail {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
  const to = /^To:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? "";
  return { to, subject: decodeMail(raw).subject, ...bodies(raw), raw };
}

/** Every e-mail written to `${dataDir}/outbox` (SMTP_URL unset). */
export function outboxMails(dataDir: string): SentMail[] {
  const outbox = path.join(dataDir, "outbox");
  return existsSync(outbox) ? readdirSync(outbox).map((file) => parseEml(readFileSync(path.join(outbox, file), "utf8"))) : [];
}

/**
 * Waits until the background jobs have no queued or running job (mail sent), at most `seconds`.
 * `ignoreKinds`: a LIKE pattern of job kinds not waited for (a sweep a test queues for later).
 */
export async function waitForJobs(db: DB, options: { seconds?: number; ignoreKinds?: string } = {}): Promise<void> {
  const deadline = Date.now() + (options.seconds ?? 30) * 1000;
  while (Date.now() < deadline) {
    let busy = db.selectFrom("jobs").select("id").where("status", "in", ["queued", "running"]);
    if (options.ignoreKinds) busy = busy.where("kind", "not like", options.ignoreKinds);
    if (!(await busy.executeTakeFirst())) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("background jobs did not finish");
}
