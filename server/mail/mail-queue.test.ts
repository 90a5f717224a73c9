import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDashboard } from "~/features/admin/dashboard.server";
import { startSmtpCatcher, type SmtpCatcher } from "~server/test/smtp-catcher";
import { startTestServer, type TestServer } from "~server/test/harness";
import { queueStaffNotice } from "~/features/admin-kit/staff-notice.server";
import { getSiteSettings } from "~/features/site/site.server";
import { enqueue } from "~server/jobs/queue";
import { mailJob } from "./mail-queue";

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

  const job = () =>
    server.db.selectFrom("jobs").select(["status", "attempts", "payload"]).where("kind", "=", "mail").orderBy("id", "desc").executeTakeFirstOrThrow();

  it("is rendered and delivered by the background worker from what it keeps, and the job is done (decision 053)", async () => {
    const arrives = smtp.nextMailTo((await getSiteSettings(server.db)).email);
    await queueStaffNotice(server.db, server.config.publicUrl, {
      kind: "contact",
      subject: { name: "Mona" },
      details: [["email", "<mona@example.com>"]],
      path: "/admin/submissions/contact/7",
    });
    const queued = await job();
    // The job keeps the envelope and the notice's data, not its text.
    expect(JSON.stringify(queued.payload)).not.toContain("/admin/submissions/contact/7\n");
    expect(JSON.stringify(queued.payload)).not.toContain(server.config.publicUrl);
    const mail = await arrives;
    expect(mail.text).toContain(`${server.config.publicUrl}/ar/admin/submissions/contact/7`);
    expect(mail.text).toContain("<mona@example.com>");
    await expect.poll(async () => ({ ...(await job()), payload: undefined }), { timeout: 10_000 }).toEqual({ status: "done", attempts: 1, payload: undefined });
  });

  it("still delivers a mail queued rendered, before decision 053, attachment included", async () => {
    const arrives = smtp.nextMailTo("parent@example.com");
    const content = "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n";
    await enqueue(server.db, mailJob, {
      to: "parent@example.com",
      subject: "Your demo class",
      text: "See you soon.",
      attachments: [{ filename: "demo-class.ics", contentBase64: Buffer.from(content).toString("base64"), contentType: "text/calendar" }],
    });
    const mail = await arrives;
    expect(mail.subject).toBe("Your demo class");
    expect(mail.raw).toContain("demo-class.ics");
    expect(mail.raw).toContain(Buffer.from(content).toString("base64"));
    await expect.poll(async () => (await job()).status, { timeout: 10_000 }).toBe("done");
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
    await server.db
      .updateTable("jobs")
      .set({ attempts: first.max_attempts - 1, run_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", first.id)
      .execute();
    await expect.poll(async () => (await job()).status, { timeout: 20_000 }).toBe("dead");
    const failed = (await getDashboard(server.db)).failedMails;
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ id: first.id, subject: "Reset your STEM Academy password" });
    expect(failed[0]!.error).toMatch(/ECONNREFUSED|connect/i);
  });
});
