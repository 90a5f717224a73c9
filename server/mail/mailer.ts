import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { Config } from "~server/config";
import { loadNodemailer } from "~server/lazy/heavy-modules";
import type { Logger } from "~server/logger";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: string | Buffer; contentType?: string }[];
}

const transports = new Map<string, Transporter>();

async function smtpTransport(url: string): Promise<Transporter> {
  let transport = transports.get(url);
  if (!transport) {
    transport = (await loadNodemailer()).createTransport(url);
    transports.set(url, transport);
  }
  return transport;
}

/**
 * Sends one e-mail: over SMTP when SMTP_URL is set, otherwise written as an .eml file under
 * `${DATA_DIR}/outbox` (and logged), so a local run needs no mail server.
 */
export async function sendMail({ config, logger }: { config: Config; logger: Logger }, message: MailMessage): Promise<void> {
  const mail = { from: config.mail.from, ...message };
  if (config.mail.smtpUrl) {
    await (await smtpTransport(config.mail.smtpUrl)).sendMail(mail);
    logger.info({ to: message.to, subject: message.subject }, "mail sent");
    return;
  }
  const built = await (await loadNodemailer()).createTransport({ streamTransport: true, buffer: true, newline: "unix" }).sendMail(mail);
  const outbox = path.join(config.dataDir, "outbox");
  await mkdir(outbox, { recursive: true });
  const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`);
  await writeFile(file, built.message as Buffer);
  logger.info({ to: message.to, subject: message.subject, file }, "mail written to outbox");
}
