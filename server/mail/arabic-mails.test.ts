import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordLinkMail } from "~/features/accounts/password-reset.server";
import { staffInviteMail } from "~/features/accounts/staff-invite.server";
import { staffNoticeMail } from "~/features/admin-kit/staff-notice.server";
import { remindMissing } from "~/features/consent/consent-missing.server";
import { createLogger } from "~server/logger";
import { startStaffTestServer, type TestServer } from "~server/test/harness";
import { deliverNow } from "~server/test/mail-jobs";
import { outboxMails, waitForJobs, type SentMail } from "~server/test/outbox";

/**
 * The five mails the review of 2026-11-28 found sending plain text only (the password link, the
 * staff invitation, the staff notice, the consent reminder, the camp confirmation): in Arabic each
 * is HTML read right to left (lang="ar", dir="rtl") beside its text part (decision 118).
 */
describe("Arabic mails of the formerly text-only modules", () => {
  let server: TestServer;
  let staff: Record<string, string>;
  beforeAll(async () => {
    ({ server, headers: staff } = await startStaffTestServer());
  });
  afterAll(async () => {
    await server?.close();
  });

  const deps = () => ({ db: server.db, config: server.config, logger: createLogger("silent") });
  const sentTo = async (address: string): Promise<SentMail> => {
    await waitForJobs(server.db);
    const found = outboxMails(server.config.dataDir).filter((mail) => mail.to === address && !mail.raw.includes("application/pdf"));
    expect(found, address).toHaveLength(1);
    return found[0]!;
  };
  const expectArabic = (mail: SentMail, documentLang: "ar" | "en" = "ar") => {
    expect(mail.html).toContain(`<html lang="${documentLang}" dir="${documentLang === "ar" ? "rtl" : "ltr"}">`);
    expect(mail.html).toContain('lang="ar" dir="rtl"');
    expect(mail.text.trim()).not.toBe("");
    // The text part is text: no markup of the HTML part in it.
    expect(mail.text).not.toContain("<p>");
  };

  it("the password link", async () => {
    const user = await server.signIn("user");
    await deliverNow(deps(), passwordLinkMail, {
      to: "reset.ar@example.com",
      subject: "إعادة تعيين كلمة المرور",
      data: { seed: "s".repeat(22), userId: user.user.id, lang: "ar", purpose: "reset" },
    });
    const mail = await sentTo("reset.ar@example.com");
    expectArabic(mail);
    expect(mail.text).toContain("/ar/reset-password?token=");
  });

  it("the staff invitation", async () => {
    await deliverNow(deps(), staffInviteMail, {
      to: "invite.ar@example.com",
      subject: "دعوة",
      data: { seed: "s".repeat(22), lang: "ar", languages: ["ar"], role: "editor", invitedBy: null },
    });
    const mail = await sentTo("invite.ar@example.com");
    expectArabic(mail);
    expect(mail.text).toContain("/ar/admin/invite?token=");
  });

  it("the staff notice (both languages: the Arabic block right to left)", async () => {
    await deliverNow(deps(), staffNoticeMail, {
      to: "notice.ar@example.com",
      subject: "notice",
      data: { kind: "contact", subject: { name: "منى" }, details: [["email", "mona@example.com"]], path: "/admin/submissions/contact/7" },
    });
    const mail = await sentTo("notice.ar@example.com");
    expectArabic(mail, "en");
    expect(mail.html).toContain('<div lang="en" dir="ltr">');
    expect(mail.text).toContain("/ar/admin/submissions/contact/7");
  });

  it("the camp confirmation and the consent reminder, queued by their real flows", async () => {
    const enrolled = await server.request("POST", "/api/summercamp/enroll", {
      json: {
        studentName: "سامي",
        parentName: "هدى",
        email: "camp.ar@example.com",
        phoneNumber: "+91 98765 43210",
        selectedCamp: "Junior Camp",
        selectedSession: "1 July - 20th July",
        message: "",
      },
      headers: { "accept-language": "ar" },
    });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
    const camp = await sentTo("camp.ar@example.com");
    expectArabic(camp);
    expect(camp.subject).toContain("تم استلام طلب التسجيل");
    expect(camp.text).toMatch(/\u2066\+91[\d ]+\u2069/);
    // In HTML the phone is isolated by markup, not by the text's invisible marks.
    expect(camp.html).toMatch(/<span dir="ltr" style="unicode-bidi:isolate">\+91[\d ]+<\/span>/);

    const form = await server.request("POST", "/api/admin/consent-forms", {
      json: { kind: "liability", required: true, titleEn: "Liability waiver", titleAr: "إقرار المسؤولية", bodyEn: "text", bodyAr: "نص" },
      headers: staff,
    });
    expect(form.status, JSON.stringify(form.body)).toBe(201);
    const row = await server.db
      .selectFrom("camp_enrolments")
      .select(["camp_id", "session"])
      .where("email", "=", "camp.ar@example.com")
      .executeTakeFirstOrThrow();
    await waitForJobs(server.db);
    const before = outboxMails(server.config.dataDir).length;
    expect(await remindMissing(server.db, server.config.sessionSecret, { camp: row.camp_id!, session: row.session })).toBeGreaterThan(0);
    await waitForJobs(server.db);
    const reminder = outboxMails(server.config.dataDir)
      .slice(before)
      .find((mail) => mail.to === "camp.ar@example.com");
    expect(reminder).toBeDefined();
    expectArabic(reminder!);
    expect(reminder!.text).toContain("/ar/consent/complete?token=");
  });
});
