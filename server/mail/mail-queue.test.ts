import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDashboard } from "~/features/admin/dashboard.server";
import { startSmtpCatcher, type SmtpCatcher } from "~server/test/smtp-catcher";
import { startTestServer, type TestServer } from "~server/test/harness";
import { queueMail } from "./mail-queue";

describe("queued e-mail", () => {
  let smtp: SmtpCatcher;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    server = await startTestServer({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it("is delivered by the background worker, attachment included, and the job is done", async () => {
    const arrives = smtp.nextMailTo("parent@example.com");
    await queueMail(server.db, {
      to: "parent@example.com",
      subject: "Your demo class",
      text: "See you soon.",
      attachments: [{ filename: "demo-class.ics", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", contentType: "text/calendar" }],
    });
    const mail = await arrives;
    expect(mail.subject).toBe("Your demo class");
    expect(mail.raw).toContain("demo-class.ics");
    expect(mail.raw).toContain(Buffer.from("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n").toString("base64"));
    const job = () => server.db.selectFrom("jobs").select(["status", "attempts"]).where("kind", "=", "mail").orderBy("id", "desc").executeTakeFirstOrThrow();
    await expect.poll(job, { timeout: 10_000 }).toEqual({ status: "done", attempts: 1 });
  });
});

describe("an e-mail the mail server keeps refusing", () => {
  let server: TestServer;
  beforeAll(async () => {
    // Nothing listens on port 9 of loopback: every delivery fails at once.
    server = await startTestServer({ SMTP_URL: "smtp://127.0.0.1:9" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("is retried later, and after its last try shows on the admin dashboard", async () => {
    const forgot = await server.request("POST", "/api/password/forgot", { json: { email: (await server.signIn("user")).user.email } });
    expect(forgot.status).toBe(200);
    const job = () => server.db.selectFrom("jobs").selectAll().where("kind", "=", "mail").orderBy("id", "desc").executeTakeFirstOrThrow();
    await expect.poll(async () => `${(await job()).status} ${(await job()).attempts}`, { timeout: 20_000 }).toBe("queued 1");
    const first = await job();
    expect(first.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(Date.parse(first.run_at)).toBeGreaterThan(Date.now() + 20_000);
    expect((await getDashboard(server.db)).failedMails).toEqual([]);

    // Fast-forward to its last try.
    await server.db.updateTable("jobs").set({ attempts: first.max_attempts - 1, run_at: new Date(Date.now() - 1000).toISOString() }).where("id", "=", first.id).execute();
    await expect.poll(async () => (await job()).status, { timeout: 20_000 }).toBe("dead");
    const failed = (await getDashboard(server.db)).failedMails;
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ id: first.id, subject: "Reset your STEM Academy password" });
    expect(failed[0]!.error).toMatch(/ECONNREFUSED|connect/i);
  });
});
