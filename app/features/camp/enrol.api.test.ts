import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { decodeMail } from "~server/test/smtp-catcher";

const valid = {
  studentName: "Aarav Sharma",
  parentName: "Priya Sharma",
  email: "priya@example.com",
  phoneNumber: "+91 98765 43210",
  selectedCamp: "Junior Camp",
  selectedSession: "1 July - 20th July",
  message: "He loves robots.",
};

describe("POST /api/summercamp/enroll", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const count = async () =>
    (
      await server.db
        .selectFrom("camp_enrolments")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n;
  const post = (json: unknown, headers?: Record<string, string>) => server.request("POST", "/api/summercamp/enroll", { json, headers });

  it("stores a valid enrollment with the camp's id and slug and answers 201 with a message", async () => {
    const res = await post(valid);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Thank you! Your enrollment in Junior Camp has been received. We will contact you soon to confirm your child's spot.");
    const camp = await server.db.selectFrom("camps").selectAll().where("slug", "=", "junior").executeTakeFirstOrThrow();
    const row = await server.db.selectFrom("camp_enrolments").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      student_name: "Aarav Sharma",
      parent_name: "Priya Sharma",
      email: "priya@example.com",
      phone_number: "+919876543210",
      camp_id: camp.id,
      camp_slug: "junior",
      camp_title: "Junior Camp",
      session: "1 July - 20th July",
      message: "He loves robots.",
      lang: "en",
      status: "new",
      notes: "",
    });
    expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  /** The outbox e-mail sent to this address (the text part decoded), waiting for the send in the background. */
  async function mailTo(address: string): Promise<string> {
    const { readdirSync, readFileSync, existsSync } = await import("node:fs");
    const path = await import("node:path");
    const outbox = path.join(server.config.dataDir, "outbox");
    for (let i = 0; i < 50; i++) {
      const files = existsSync(outbox) ? readdirSync(outbox) : [];
      const mail = files.map((f) => readFileSync(path.join(outbox, f), "utf8")).find((m) => m.includes(`To: ${address}`) && !m.includes("INV-"));
      if (mail) {
        const decoded = decodeMail(mail);
        return `Subject: ${decoded.subject}\n${decoded.text}`;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return "";
  }

  it("answers with an unguessable reference and its confirmation page, and e-mails the parent in their language", async () => {
    const res = await post({ ...valid, email: "english.parent@example.com" });
    expect(res.status).toBe(201);
    expect(res.body.reference).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(res.body.confirmationUrl).toBe(`/enroll/confirmed?ref=${res.body.reference}`);
    const row = await server.db.selectFrom("camp_enrolments").select("reference").where("email", "=", "english.parent@example.com").executeTakeFirstOrThrow();
    expect(row.reference).toBe(res.body.reference);
    const english = await mailTo("english.parent@example.com");
    expect(english).toContain("Subject: Enrollment received: Junior Camp");
    expect(english).toContain("Hello Priya Sharma,");
    expect(english).toContain("Session: 1 July - 20th July");
    expect(english).toContain("What happens next");
    expect(english).toContain(`/enroll/confirmed?ref=${res.body.reference}`);

    const arabic = await post({ ...valid, email: "arabic.parent@example.com", parentName: "هدى" }, { "accept-language": "ar" });
    expect(arabic.body.confirmationUrl).toBe(`/ar/enroll/confirmed?ref=${arabic.body.reference}`);
    const mail = await mailTo("arabic.parent@example.com");
    expect(mail).toContain("Subject: تم استلام طلب التسجيل: مخيم");
    expect(mail).toContain("مرحبًا هدى،");
    expect(mail).toContain("الفترة: من 1 يوليو إلى 20 يوليو");
    // The parent's number is a left-to-right isolate, or Arabic text around it scrambles its order (review row 4).
    expect(mail).toMatch(/الهاتف: \u2066\+91[\d ]+\u2069/);
    expect(mail).toContain(`/ar/enroll/confirmed?ref=${arabic.body.reference}`);
    expect(res.body.reference).not.toBe(arabic.body.reference);
    // The invoice names the batch in each language: the stored English value never inside Arabic documents (issue 42, H7).
    const invoice = await server.db
      .selectFrom("invoices")
      .select(["description_en", "description_ar"])
      .where("email", "=", "arabic.parent@example.com")
      .executeTakeFirstOrThrow();
    expect(invoice.description_ar).toContain("من 1 يوليو إلى 20 يوليو");
    expect(invoice.description_ar).not.toContain("July");
    expect(invoice.description_en).toContain("1 July - 20th July");
  });

  it("finds the camp by its Arabic title or its slug, answers in Arabic and keeps the message optional", async () => {
    const before = await count();
    const arabic = await post(
      { ...valid, selectedCamp: "مخيم اليافعين", selectedSession: "21st July - 10 Aug", message: undefined },
      { "accept-language": "ar" },
    );
    expect(arabic.status).toBe(201);
    expect(arabic.body.message).toContain("مخيم اليافعين");
    const bySlug = await post({ ...valid, selectedCamp: "senior" });
    expect(bySlug.status).toBe(201);
    expect(await count()).toBe(before + 2);
    const rows = await server.db.selectFrom("camp_enrolments").select(["camp_slug", "message", "lang"]).orderBy("id", "desc").limit(2).execute();
    expect(rows).toEqual([
      { camp_slug: "senior", message: "He loves robots.", lang: "en" },
      { camp_slug: "senior", message: "", lang: "ar" },
    ]);
  });

  it.each([
    ["missing fields", {}, ["studentName", "parentName", "email", "phoneNumber", "selectedCamp", "selectedSession"]],
    ["an invalid e-mail and phone", { ...valid, email: "not-an-email", phoneNumber: "call me" }, ["email", "phoneNumber"]],
    ["wrong types", { ...valid, studentName: 42, selectedSession: ["1 July - 20th July"], message: { x: 1 } }, ["studentName", "selectedSession", "message"]],
    ["blank names", { ...valid, studentName: "   ", parentName: "" }, ["studentName", "parentName"]],
    ["oversized fields", { ...valid, parentName: "x".repeat(101), message: "y".repeat(2001) }, ["parentName", "message"]],
    ["an unknown camp", { ...valid, selectedCamp: "Space Camp" }, ["selectedCamp"]],
    ["a session the camp does not have", { ...valid, selectedSession: "1 Aug - 20 Aug" }, ["selectedSession"]],
    ["the placeholder session", { ...valid, selectedSession: "" }, ["selectedSession"]],
    ["hostile strings in place of a camp", { ...valid, selectedCamp: "' OR 1=1 --", selectedSession: "<script>alert(1)</script>" }, ["selectedCamp"]],
  ])("refuses %s with 400, per-field messages and nothing stored", async (_name, json, fields) => {
    const before = await count();
    const res = await post(json);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please correct the highlighted fields.");
    expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
    expect(await count()).toBe(before);
  });

  it("stores hostile text as plain text", async () => {
    const res = await post({ ...valid, studentName: "<img src=x onerror=alert(1)>", message: "'; drop table camp_enrolments; --" });
    expect(res.status).toBe(201);
    const row = await server.db.selectFrom("camp_enrolments").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row.student_name).toBe("<img src=x onerror=alert(1)>");
    expect(row.message).toBe("'; drop table camp_enrolments; --");
  });

  it("refuses malformed JSON, non-objects, other content types and oversized bodies with a JSON message", async () => {
    const before = await count();
    const malformed = await server.request("POST", "/api/summercamp/enroll", { body: "{nope", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe("The request body is not valid JSON.");
    const array = await post([valid]);
    expect(array.status).toBe(400);
    expect(array.body.message).toBeTruthy();
    const form = await server.request("POST", "/api/summercamp/enroll", {
      body: "studentName=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect(form.body.message).toBeTruthy();
    const huge = await post({ ...valid, message: "x".repeat(200_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe("The request body is too large.");
    expect(await count()).toBe(before);
  });

  it("refuses an enrollment whose honeypot is filled and stores nothing", async () => {
    const before = await count();
    const res = await post({ ...valid, website: "http://spam.example" });
    expect(res.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it("limits each client address to 5 enrollments a minute with a clear 429", async () => {
    const headers = { "x-forwarded-for": "203.0.113.20" };
    const statuses: number[] = [];
    // Six families (one family's own enrolments are capped apart, decision 104).
    for (let i = 0; i < 6; i++) statuses.push((await post({ ...valid, studentName: `Child ${i}`, email: `limit${i}@example.com` }, headers)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const limited = await post(valid, headers);
    expect(limited.body.message).toMatch(/Too many requests/);
    // An Arabic page (or an Arabic client) gets the refusal in Arabic.
    const arabic = await post(valid, { ...headers, "accept-language": "ar" });
    expect(arabic.status).toBe(429);
    expect(arabic.body.message).toBe("طلبات كثيرة جدًا. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.");
    expect((await post({ ...valid, email: "other.client@example.com" })).status).toBe(201);
  });
});
