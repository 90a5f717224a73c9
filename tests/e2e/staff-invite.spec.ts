import { randomBytes } from "node:crypto";
import { expect, test, type Browser } from "./fixtures";
import { outboxMails, signInAsAdmin } from "./accounts";
import { decodeMail } from "~server/test/smtp-catcher";

/**
 * Issue 16: staff invite a new colleague by e-mail from the users screen; the mailed one-time link
 * opens a page where the invited address chooses a name and password and lands in the staff area.
 */

/** The mailed link of that language: an invitation in both languages (the default) carries one per language (issue 42). */
async function inviteLink(email: string, prefix: string): Promise<string> {
  let link = "";
  await expect
    .poll(() => {
      const mail = outboxMails().find((raw) => raw.includes(`To: ${email}`));
      const links = mail ? [...decodeMail(mail).text.matchAll(/https?:\/\/[^\s/]+(\/\S*)?\/admin\/invite\?token=[\w-]+/g)] : [];
      link = links.find((found) => (found[1] ?? "") === prefix)?.[0] ?? "";
      return link;
    })
    .toContain("token=");
  return new URL(link).pathname + new URL(link).search;
}

async function freshPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  return { context, page: await context.newPage() };
}

for (const t of [
  {
    prefix: "",
    title: "Invite a staff member",
    email: "Their e-mail",
    send: "Send the invitation",
    sent: "Invitation sent.",
    name: "Full name",
    password: "Password",
    join: "Create my staff account",
    welcome: "Welcome to the staff!",
  },
  {
    prefix: "/ar",
    title: "ادعُ عضوًا إلى الفريق",
    email: "بريده الإلكتروني",
    send: "أرسل الدعوة",
    sent: "أُرسلت الدعوة.",
    name: "الاسم الكامل",
    password: "كلمة المرور",
    join: "أنشئ حسابي في الفريق",
    welcome: "أهلًا بك في الفريق!",
  },
]) {
  test(`staff invite a colleague, who joins through the mailed link (${t.prefix || "en"})`, async ({ page, browser }) => {
    await signInAsAdmin(page);
    const email = `colleague-${randomBytes(3).toString("hex")}@example.com`;
    await page.goto(`${t.prefix}/admin/users`);
    const form = page.getByRole("form", { name: t.title });
    await form.getByLabel(t.email).fill(email);
    await form.getByRole("button", { name: t.send }).click();
    await expect(page.getByText(t.sent).first()).toBeVisible();
    const link = await inviteLink(email, t.prefix);
    expect(link.startsWith(`${t.prefix}/admin/invite?token=`)).toBe(true);

    // The colleague, in a browser of their own and without JavaScript: the form still works.
    const colleague = await freshPage(browser, false);
    try {
      await colleague.page.goto(link);
      await expect(colleague.page.getByText(email)).toBeVisible();
      await colleague.page.getByLabel(t.name, { exact: true }).fill("New Colleague");
      await colleague.page.getByLabel(t.password, { exact: true }).fill("Colleague-Passw0rd1");
      await colleague.page.getByRole("button", { name: t.join }).click();
      await expect(colleague.page).toHaveURL(new RegExp(`${t.prefix}/admin\\?notice=staff-joined`));
      await expect(colleague.page.getByRole("status").filter({ hasText: t.welcome })).toBeVisible();
      // The link worked once.
      await colleague.page.goto(link);
      await expect(colleague.page.getByRole("button", { name: t.join })).toHaveCount(0);
    } finally {
      await colleague.context.close();
    }
  });
}
