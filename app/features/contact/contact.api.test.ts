import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";

describe("POST /contact-us/form", () => {
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
        .selectFrom("contact_messages")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n;

  it("stores a valid message and answers 201 with a message", async () => {
    const res = await server.request("POST", "/contact-us/form", { json: { email: "parent@example.com", description: "Do you teach robotics on weekends?" } });
    expect(res.status).toBe(201);
    expect(res.body.message).toMatch(/message has been received/);
    const row = await server.db.selectFrom("contact_messages").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: "parent@example.com", description: "Do you teach robotics on weekends?", status: "new" });
  });

  it("answers in Arabic when asked", async () => {
    const res = await server.request("POST", "/contact-us/form", { json: { email: "bad" }, headers: { "accept-language": "ar" } });
    expect(res.status).toBe(400);
    expect(res.body.errors.email).toBe("يرجى إدخال بريد إلكتروني صحيح.");
  });

  it.each([
    ["missing fields", {}, ["email", "description"]],
    ["an invalid e-mail", { email: "not-an-email", description: "hi" }, ["email"]],
    ["wrong types", { email: 42, description: ["x"] }, ["email", "description"]],
    ["an empty description", { email: "a@b.co", description: "   " }, ["description"]],
    ["a 1 MB-like oversized description", { email: "a@b.co", description: "x".repeat(6000) }, ["description"]],
  ])("refuses %s with 400 and per-field messages", async (_name, json, fields) => {
    const before = await count();
    const res = await server.request("POST", "/contact-us/form", { json });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe("string");
    expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
    expect(await count()).toBe(before);
  });

  it("refuses malformed JSON, non-objects, other content types and oversized bodies", async () => {
    expect((await server.request("POST", "/contact-us/form", { body: "{nope", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect((await server.request("POST", "/contact-us/form", { json: ["a"] })).status).toBe(400);
    const form = await server.request("POST", "/contact-us/form", { body: "email=a@b.co", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(415);
    expect(form.body.message).toBeTruthy();
    const huge = await server.request("POST", "/contact-us/form", { json: { email: "a@b.co", description: "x".repeat(1_000_000) } });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe("The request body is too large.");
  });

  it("refuses a message whose honeypot is filled and stores nothing", async () => {
    const before = await count();
    const res = await server.request("POST", "/contact-us/form", { json: { email: "bot@example.com", description: "spam", website: "http://spam" } });
    expect(res.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it("limits each client address to 5 messages a minute with a clear 429", async () => {
    const headers = { "x-forwarded-for": "203.0.113.9" };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await server.request("POST", "/contact-us/form", { json: { email: `p${i}@example.com`, description: "hello" }, headers })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const other = await server.request("POST", "/contact-us/form", { json: { email: "other@example.com", description: "hello" } });
    expect(other.status).toBe(201);
  });
});
