import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createOrPromoteAdmin } from "~/features/accounts/accounts.server";
import { openDatabase } from "~server/db/db";
import { decodeMail } from "~server/test/smtp-catcher";
import { expect, type APIRequestContext, type Page } from "./fixtures";

/** Helpers other browser tests import to act as staff. */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface AdminAccount {
  email: string;
  password: string;
  name: string;
}

/**
 * Creates (or promotes) a staff account in the e2e server's database with the function the
 * `admin:create` script runs, on the same SQLite file as the running server. In this process, not
 * by running the script: each run of it started Node, tsx and the app's modules again (about 3 s of
 * a core, over a hundred times per suite). The script itself runs in `bench:lighthouse` (CI) and
 * its function in app/features/accounts/admin-setup.api.test.ts.
 */
export async function createAdminAccount(
  email: string,
  password: string,
  name: string,
  dataDir = process.env.E2E_DATA_DIR ?? "data-e2e",
): Promise<AdminAccount> {
  const db = openDatabase({ kind: "sqlite", file: path.resolve(root, dataDir, "app.db") });
  try {
    await createOrPromoteAdmin(db, { email, password, username: name });
  } finally {
    await db.destroy();
  }
  return { email, password, name };
}

/**
 * Where a staff sign-in lands: /admin when the page had hydrated, or the same page with the
 * sign-in notice when the form was posted before that (forms work before their scripts arrive,
 * and the scripts load only after the first paint: decisions 019 and 038).
 */
export const ADMIN_HOME = /\/admin(?:\?notice=login-ok#form-notice)?$/;

/** Creates a fresh staff account and signs in through /admin/login; the page ends on /admin. */
export async function signInAsAdmin(page: Page): Promise<AdminAccount> {
  const account = await createAdminAccount(`staff-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Test Staff");
  await page.goto("/admin/login");
  await page.getByLabel("E-mail", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(ADMIN_HOME);
  return account;
}

/** The e2e server has no SMTP_URL, so mail lands in its outbox folder: the newest first. */
export function outboxMails(): string[] {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? "data-e2e", "outbox");
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .sort()
    .reverse()
    .map((file) => readFileSync(path.join(outbox, file), "utf8"));
}

/** The newest password-reset link mailed to that address. */
export function resetLinkFor(email: string): string {
  for (const raw of outboxMails()) {
    if (!raw.toLowerCase().includes(email)) continue;
    const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(decodeMail(raw).text);
    if (link) return link[0];
  }
  throw new Error(`no reset mail for ${email}`);
}

/** Waits for the reset link mailed to that address (the mail is sent after the answer). */
export async function waitForResetLink(email: string): Promise<string> {
  let link = "";
  await expect
    .poll(() => {
      try {
        link = resetLinkFor(email);
      } catch {
        return "";
      }
      return link;
    })
    .toContain("/reset-password?token=");
  return link;
}

/** A nodemailer message's leaf parts (headers and body each), decoded. */
function mailParts(raw: string): { head: string; text: string }[] {
  return raw.split(/\r?\n--[^\r\n]+\r?\n/).map((part) => ({ head: part.slice(0, part.search(/\r?\n\r?\n/)), text: decodeMail(part).text }));
}

/**
 * The HTML part of the newest mail with one whose text says `text`; for an e-mail address, the newest
 * mail sent to it (staff notices also name the parent, and have an HTML part too since issue 42).
 */
export async function waitForMailHtml(text: string): Promise<string> {
  let html = "";
  const addressed = (raw: string) =>
    !text.includes("@") ||
    raw
      .slice(0, raw.search(/\r?\n\r?\n/))
      .split(/\r?\n/)
      .some((line) => /^To:/i.test(line) && line.includes(text));
  await expect
    .poll(() => {
      const htmlOf = (mail: { head: string; text: string }[]) => mail.find((part) => /Content-Type: text\/html/i.test(part.head))?.text ?? "";
      const parts = outboxMails()
        .filter(addressed)
        .map(mailParts)
        .find((mail) => htmlOf(mail) !== "" && mail.some((part) => part.text.includes(text)));
      html = parts ? htmlOf(parts) : "";
      return html;
    })
    .not.toBe("");
  return html;
}

/** A parent account whose e-mail is proven (through the reset link), signed in on `request`; returns its e-mail. */
export async function provenParent(request: APIRequestContext, prefix = "proven"): Promise<string> {
  const email = `${prefix}-${randomBytes(5).toString("hex")}@example.com`;
  const password = "Parent-Passw0rd";
  expect((await request.post("/register", { data: { username: "Mona Wait", email, password, contactNumber: "9876543210" } })).status()).toBe(201);
  expect((await request.post("/api/password/forgot", { data: { email } })).status()).toBe(200);
  const token = new URL(await waitForResetLink(email)).searchParams.get("token");
  expect((await request.post("/api/password/reset", { data: { token, password } })).status()).toBe(200);
  expect((await request.post("/login", { data: { email, password } })).status()).toBe(200);
  return email;
}
