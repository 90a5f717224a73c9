import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { outboxMails, waitForJobs } from "~server/test/outbox";
import { enrolmentLink, enrolmentPaymentLink, enrolmentReceiptLink } from "~/features/enrolments/links.server";

/**
 * Issue 42, step 4: after enrolling, the family is sent to a confirmation page by a link of its
 * own (it opens nothing else), the invoice e-mail says how to pay (the desk, its methods, the bank
 * details, the reference) and carries the invoice's signed link, which opens the invoice and its
 * PDF without signing in; the calendar file lists every class.
 */
describe("how to pay after enrolling", () => {
  let server: TestServer;
  let staff: Record<string, string>;
  let sectionId: number;
  const bank = { en: "Account name: STEM Academy\nIBAN: AE07 0331 2345 6789 0123 456", ar: "اسم الحساب: أكاديمية STEM\nIBAN: AE07 0331 2345 6789 0123 456" };

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie, origin: server.url };
    const course = await server.db.selectFrom("courses").select(["slug"]).where("slug", "=", "robotics-fundamentals").executeTakeFirstOrThrow();
    const sections = (await server.request("GET", `/api/courses/${course.slug}/sections`)).body.sections as { id: number; minAge: number }[];
    sectionId = sections[0]!.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const saveSettings = async (change: Record<string, unknown>) => {
    const { settings } = (await server.request("GET", "/api/admin/settings", { headers: staff })).body;
    return server.request("PUT", "/api/admin/settings", { json: { ...settings, ...change }, headers: staff });
  };

  const enrol = async (email: string, lang: "en" | "ar") => {
    const age = (await server.db.selectFrom("course_sections").select("min_age").where("id", "=", sectionId).executeTakeFirstOrThrow()).min_age;
    const res = await server.request("POST", `/api/sections/${sectionId}/enrolments`, {
      json: { childName: "Layla Hassan", childAge: age, parentName: "Sara Ahmed", email, phone: "+91 98765 43210" },
      headers: { "accept-language": lang },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { confirmationUrl: string; reference: string; code: string };
  };

  it("staff set the desk's methods and the bank details in both languages; a method it does not know is refused", async () => {
    expect((await saveSettings({ payMethods: ["cash", "card"] })).status).toBe(400);
    const saved = await saveSettings({ payMethods: ["cash", "bank_transfer"], bankDetails: bank });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.settings).toMatchObject({ payMethods: ["cash", "bank_transfer"], bankDetails: bank });
  });

  it("the enrolment answers its confirmation link, which opens no other page of the enrolment", async () => {
    const answer = await enrol("confirm.parent@example.com", "en");
    const match = /^\/enrolments\/confirmed\?token=(\d+_[\w-]{43})$/.exec(answer.confirmationUrl);
    expect(match, answer.confirmationUrl).not.toBeNull();
    const token = match![1]!;
    const row = await server.db.selectFrom("section_enrolments").select("id").where("reference", "=", answer.reference).executeTakeFirstOrThrow();
    expect(await enrolmentReceiptLink.open(server.db, server.config.sessionSecret, token)).toBe(row.id);
    // Not the manage link (move, drop) nor the payment link.
    expect(await enrolmentLink.open(server.db, server.config.sessionSecret, token)).toBeUndefined();
    expect(await enrolmentPaymentLink.open(server.db, server.config.sessionSecret, token)).toBeUndefined();
    // Every class as one calendar file.
    const ics = await server.request("GET", `/enrolments/calendar?token=${token}`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toMatch(/^text\/calendar/);
    const meetings = await server.db
      .selectFrom("section_meetings")
      .select("id")
      .where("section_id", "=", sectionId)
      .where("status", "=", "scheduled")
      .execute();
    expect(String(ics.body).match(/BEGIN:VEVENT/g)).toHaveLength(meetings.length);
    expect((await server.request("GET", `/enrolments/calendar?token=${row.id}_${"x".repeat(43)}`)).status).toBe(404);
  });

  it("the invoice e-mail says how to pay, in the family's language, with a link that opens the invoice and its PDF without signing in", async () => {
    const email = "pay.parent@example.com";
    await enrol(email, "ar");
    await waitForJobs(server.db);
    const invoice = await server.db.selectFrom("invoices").select(["id", "number"]).where("email", "=", email).executeTakeFirstOrThrow();
    const mail = outboxMails(server.config.dataDir).find((m) => m.to === email && m.subject.includes(invoice.number));
    expect(mail, "the invoice e-mail").toBeDefined();
    for (const body of [mail!.text, mail!.html]) {
      expect(body).toContain("طريقة الدفع");
      expect(body).toContain(invoice.number);
      expect(body).toContain("نقدًا");
      expect(body).toContain("AE07 0331 2345 6789 0123 456");
      // Cheques were switched off in the settings above.
      expect(body).not.toContain("شيك");
    }
    const link = /\/ar\/payments\/invoice\?token=(\d+_[\w-]{43})/.exec(mail!.text);
    expect(link, mail!.text).not.toBeNull();
    expect(mail!.html).toContain(`/ar/payments/invoice?token=${link![1]}`);
    // The account's link (sign-in needed) is no longer the e-mail's only way to the invoice.
    expect(mail!.text).not.toContain(`/account/invoices/${invoice.id}/pdf`);
    const pdf = await server.request("GET", `/ar/payments/invoice/pdf?token=${link![1]}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const forged = await server.request("GET", `/payments/invoice/pdf?token=${invoice.id}_${"A".repeat(43)}`);
    expect(forged.status).toBe(404);
    expect(forged.body).toMatchObject({ message: expect.any(String) });
    expect((await server.request("GET", "/payments/invoice/pdf")).status).toBe(404);
  });

  // The English twin of the mail above, which the browser walks no longer open in English (issue 40).
  it("an English family's invoice e-mail says how to pay in English, with the invoice's English link", async () => {
    const email = "pay.parent.en@example.com";
    await enrol(email, "en");
    await waitForJobs(server.db);
    const invoice = await server.db.selectFrom("invoices").select(["number"]).where("email", "=", email).executeTakeFirstOrThrow();
    const mail = outboxMails(server.config.dataDir).find((m) => m.to === email && m.subject.includes(invoice.number));
    expect(mail, "the invoice e-mail").toBeDefined();
    for (const body of [mail!.text, mail!.html]) {
      expect(body).toContain("How to pay");
      expect(body).toContain(invoice.number);
      expect(body).not.toContain("طريقة الدفع");
    }
    const link = /\/payments\/invoice\?token=(\d+_[\w-]{43})/.exec(mail!.text);
    expect(link, mail!.text).not.toBeNull();
    expect(mail!.text).not.toContain("/ar/payments/invoice?token=");
    expect(mail!.html).toContain(`/payments/invoice?token=${link![1]}`);
    const pdf = await server.request("GET", `/payments/invoice/pdf?token=${link![1]}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
  });
});
