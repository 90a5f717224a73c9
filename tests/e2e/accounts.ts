import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page } from "./fixtures";

/** Helpers other browser tests import to act as staff. */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface AdminAccount {
  email: string;
  password: string;
  name: string;
}

/**
 * Creates (or promotes) a staff account in the e2e server's database with the real
 * `admin:create` script, pointed at the same data folder as the running server.
 */
export function createAdminAccount(email: string, password: string, name: string): AdminAccount {
  // The e2e server keeps SQLite in its data folder; never inherit a DATABASE_URL meant for something else.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  execFileSync("npx", ["tsx", "scripts/admin-create.ts", "--email", email, "--password", password, "--name", name], {
    cwd: root,
    env: { ...env, DATA_DIR: process.env.E2E_DATA_DIR ?? "data-e2e", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  return { email, password, name };
}

/** Creates a fresh staff account and signs in through /admin/login; the page ends on /admin. */
export async function signInAsAdmin(page: Page): Promise<AdminAccount> {
  const account = createAdminAccount(`staff-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Test Staff");
  await page.goto("/admin/login");
  await page.getByLabel("E-mail", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return account;
}
