import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  to: string[];
  raw: string;
  subject: string;
  /** The decoded text body (single-part messages, as sendMail builds them). */
  text: string;
}

/** Decodes a message's headers and its text: a single part, or the text/plain part of a multipart (quoted-printable, base64 or plain). */
export function decodeMail(raw: string): { subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const body = raw.slice(split).trim();
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  let text = body;
  // A mail with an HTML part: its text is the text/plain part's (nested multiparts looked into).
  const boundary = /content-type:\s*multipart\/[^;]+;.*?boundary="?([^";\s]+)"?/i.exec(head)?.[1];
  const plain = boundary
    ? raw
        .slice(split)
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => part.replace(/^\r?\n/, ""))
        .filter((part) => /content-type:\s*(text\/plain|multipart\/)/i.test(part.slice(0, Math.max(0, part.search(/\r?\n\r?\n/)))))
        .map((part) => decodeMail(part).text)
        .find((partText) => partText !== "")
    : undefined;
  if (plain !== undefined) text = plain;
  else if (encoding === "base64") text = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  else if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    text = Buffer.from(bytes, "latin1").toString("utf8");
  }
  // Encoded-word subjects (=?UTF-8?B?...?= / =?UTF-8?Q?...?=).
  const subject = header("Subject").replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === "b"
      ? Buffer.from(data, "base64").toString("utf8")
      : Buffer.from(
          data.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
  return { subject, text };
}

export interface SmtpCatcher {
  /** Put this in SMTP_URL. */
  url: string;
  /** Resolves with the next message that arrives for that address (call it before the request). */
  nextMailTo: (address: string, timeoutMs?: number) => Promise<CaughtMail>;
  all: CaughtMail[];
  stop: () => Promise<void>;
}

/** A real SMTP server on a free loopback port that keeps every message it receives. */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const all: CaughtMail[] = [];
  const waiting: { address: string; resolve: (mail: CaughtMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail = { to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, ...decodeMail(raw) };
        all.push(mail);
        for (const waiter of [...waiting]) {
          if (mail.to.includes(waiter.address)) {
            waiting.splice(waiting.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    all,
    nextMailTo(address, timeoutMs = 5000) {
      const wanted = address.toLowerCase();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${wanted}`)), timeoutMs);
        waiting.push({
          address: wanted,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
