import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { decodeMail } from "~server/test/smtp-catcher";

/** A date `days` from today (UTC) as yyyy-mm-dd. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const valid = {
  name: "Meera Sharma",
  email: "principal@school.example",
  contactNumber: "+91 98765 43210",
  designation: "Principal",
  city: "Noida",
  schoolName: "Green Valley Public School",
  preferredDate: inDays(7),
  preferredTime: "10:30",
  requirements: "A robotics lab for grades 6 to 8, about 120 students.",
};

describe("POST /school/add-school-info", () => {
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
        .selectFrom("school_enquiries")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n;

  it("stores a valid enquiry as new and answers 201 with a message", async () => {
    const res = await server.request("POST", "/school/add-school-info", { json: valid });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: "Thank you! Your school enquiry has been received. Our team will contact you soon." });
    const row = await server.db.selectFrom("school_enquiries").selectAll().where("email", "=", valid.email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: valid.name,
      contact_number: "+919876543210",
      designation: "Principal",
      city: "Noida",
      school_name: valid.schoolName,
      preferred_date: valid.preferredDate,
      preferred_time: "10:30",
      requirements: valid.requirements,
      status: "new",
      notes: "",
    });
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("tells staff by e-mail in English and Arabic, with a link to the enquiry (the local outbox when no SMTP server is set)", async () => {
    const outbox = path.join(server.config.dataDir, "outbox");
    const mails = () => (existsSync(outbox) ? readdirSync(outbox).map((file) => readFileSync(path.join(outbox, file), "utf8")) : []);
    const find = () => mails().find((raw) => decodeMail(raw).text.includes("principal@school.example"));
    await vi.waitFor(() => expect(find()).toBeTruthy());
    const raw = find()!;
    const mail = decodeMail(raw);
    expect(raw).toMatch(/^To: info@stemacademy\.example$/m);
    expect(mail.subject).toBe("New school enquiry: Green Valley Public School (Noida) / طلب مدرسة جديد: Green Valley Public School (Noida)");
    const id = (await server.db.selectFrom("school_enquiries").select("id").where("email", "=", "principal@school.example").executeTakeFirstOrThrow()).id;
    expect(mail.text).toContain(`${server.config.publicUrl}/admin/submissions/school/${id}`);
    expect(mail.text).toContain(`${server.config.publicUrl}/ar/admin/submissions/school/${id}`);
    expect(mail.text).toContain("School / المدرسة: Green Valley Public School");
  });

  it("accepts an enquiry without requirements and for today", async () => {
    const { requirements: _omitted, ...rest } = valid;
    const res = await server.request("POST", "/school/add-school-info", { json: { ...rest, email: "today@school.example", preferredDate: inDays(0) } });
    expect(res.status).toBe(201);
    const row = await server.db.selectFrom("school_enquiries").select("requirements").where("email", "=", "today@school.example").executeTakeFirstOrThrow();
    expect(row.requirements).toBe("");
  });

  it("answers in Arabic when asked", async () => {
    const ok = await server.request("POST", "/school/add-school-info?lang=ar", { json: { ...valid, email: "ar@school.example" } });
    expect(ok.status).toBe(201);
    expect(ok.body.message).toBe("شكرًا لك! تم استلام استفسار مدرستك. سيتواصل معك فريقنا قريبًا.");
    const bad = await server.request("POST", "/school/add-school-info", { json: { ...valid, email: "nope" }, headers: { "accept-language": "ar" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ email: "يرجى إدخال بريد إلكتروني صحيح." });
  });

  it.each([
    ["missing fields", {}, ["name", "email", "contactNumber", "designation", "city", "schoolName", "preferredDate", "preferredTime"]],
    ["blank required fields", { ...valid, name: "   ", city: "" }, ["name", "city"]],
    ["an invalid e-mail and phone", { ...valid, email: "not-an-email", contactNumber: "call me" }, ["email", "contactNumber"]],
    [
      "wrong types",
      { ...valid, name: 42, schoolName: ["x"], requirements: { a: 1 }, preferredDate: 20260101 },
      ["name", "schoolName", "requirements", "preferredDate"],
    ],
    ["a date in the past", { ...valid, preferredDate: inDays(-3) }, ["preferredDate"]],
    ["an impossible date", { ...valid, preferredDate: "2031-02-30" }, ["preferredDate"]],
    ["a non-ISO date", { ...valid, preferredDate: "01/07/2031" }, ["preferredDate"]],
    ["an invalid time", { ...valid, preferredTime: "25:00" }, ["preferredTime"]],
    ["a time with text", { ...valid, preferredTime: "10:30 tomorrow" }, ["preferredTime"]],
    ["oversized texts", { ...valid, name: "n".repeat(500), requirements: "r".repeat(5000) }, ["name", "requirements"]],
    ["control characters (NUL)", { ...valid, name: "Meera\u0000", requirements: "a\u0007b" }, ["name", "requirements"]],
    ["a filled honeypot", { ...valid, website: "http://spam.example" }, ["website"]],
  ])("refuses %s with 400, per-field messages and nothing stored", async (_name, json, fields) => {
    const before = await count();
    const res = await server.request("POST", "/school/add-school-info", { json });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please correct the highlighted fields.");
    expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
    expect(await count()).toBe(before);
  });

  it("names the past-date rule in the message", async () => {
    const res = await server.request("POST", "/school/add-school-info", { json: { ...valid, preferredDate: inDays(-3) } });
    expect(res.body.errors.preferredDate).toBe("Please choose today or a later date.");
  });

  it("refuses malformed JSON, non-objects, other content types and oversized bodies with a JSON message", async () => {
    const before = await count();
    const malformed = await server.request("POST", "/school/add-school-info", { body: '{"name":', headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe("The request body is not valid JSON.");
    const array = await server.request("POST", "/school/add-school-info", { json: [valid] });
    expect(array.status).toBe(400);
    expect(array.body.message).toBeTruthy();
    const nullBody = await server.request("POST", "/school/add-school-info", { json: null });
    expect(nullBody.status).toBe(400);
    const form = await server.request("POST", "/school/add-school-info", { body: "name=x", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(415);
    expect(form.body.message).toBeTruthy();
    const huge = await server.request("POST", "/school/add-school-info", { json: { ...valid, requirements: "x".repeat(1_000_000) } });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe("The request body is too large.");
    expect(await count()).toBe(before);
  });

  it("stores hostile strings as inert text, unchanged", async () => {
    const hostile = {
      ...valid,
      email: "hostile@school.example",
      name: "<script>alert(1)</script>",
      schoolName: "Robert'); DROP TABLE school_enquiries;--",
      requirements: '=HYPERLINK("http://evil.example") \u202e {{7*7}} ${7*7}',
    };
    const res = await server.request("POST", "/school/add-school-info", { json: hostile });
    expect(res.status).toBe(201);
    const row = await server.db.selectFrom("school_enquiries").selectAll().where("email", "=", hostile.email).executeTakeFirstOrThrow();
    expect(row.name).toBe(hostile.name);
    expect(row.school_name).toBe(hostile.schoolName);
    expect(row.requirements).toBe(hostile.requirements.trim());
  });

  it("limits each client address to 5 enquiries a minute with a clear 429", async () => {
    const headers = { "x-forwarded-for": "203.0.113.77" };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await server.request("POST", "/school/add-school-info", { json: { ...valid, email: `limit${i}@school.example` }, headers });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body.message).toMatch(/Too many requests/);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const other = await server.request("POST", "/school/add-school-info", { json: { ...valid, email: "other@school.example" } });
    expect(other.status).toBe(201);
  });
});
