import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordLinkMail } from "~/features/accounts/password-reset.server";
import { bookingConfirmationMail } from "~/features/booking/booking.jobs.server";
import { html } from "~/lib/mail/html";
import { enqueue } from "~server/jobs/queue";
import { createLogger } from "~server/logger";
import { startTestServer, type TestServer } from "~server/test/harness";
import { mailJobsOf } from "~server/test/mail-jobs";
import { outboxMails } from "~server/test/outbox";
import { fromDbJson } from "~server/db/values";
import { defineMail, deliverQueuedMail, mailJob, queueMail } from "./mail-queue";

/** Typed mail (decision 118): a mail's data is checked against its schema when compiling, when queued and when sent. */
describe("typed mail", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const deps = () => ({ db: server.db, config: server.config, logger: createLogger("silent") });
  const greeting = defineMail("test-greeting", z.object({ name: z.string().min(1), lang: z.enum(["en", "ar"]) }), async (_deps, data) => ({
    lang: data.lang,
    text: `Hello ${data.name}`,
    html: html`<p>Hello ${data.name}</p>`,
  }));

  it("refuses, when compiling, data its schema's type does not accept", () => {
    // Never run: the type checker reads these lines (npm run typecheck fails if an error goes missing).
    const notRun = (db: typeof server.db) => [
      // @ts-expect-error a number where the schema says a string
      queueMail(db, bookingConfirmationMail, { to: "a@example.com", data: { reference: 42 } }),
      // @ts-expect-error a purpose the schema does not list
      queueMail(db, passwordLinkMail, { to: "a@example.com", subject: "s", data: { seed: "x", userId: 1, lang: "ar", purpose: "forgot" } }),
      // @ts-expect-error data missing a field
      queueMail(db, greeting, { to: "a@example.com", subject: "s", data: { lang: "en" } }),
      // @ts-expect-error no data at all
      queueMail(db, greeting, { to: "a@example.com", subject: "s" }),
    ];
    expect(typeof notRun).toBe("function");
  });

  it("refuses, when queued, data that fails its schema: a ZodError and no job", async () => {
    const wrong: unknown = { name: "", lang: "fr" };
    await expect(
      queueMail(server.db, greeting, { to: "typed@example.com", subject: "s", data: wrong as z.input<typeof greeting.data> }),
    ).rejects.toBeInstanceOf(z.ZodError);
    // Refused inside a transaction, the transaction's other writes roll back with it.
    await expect(
      server.db.transaction().execute(async (trx) => {
        await queueMail(trx, greeting, { to: "typed@example.com", subject: "s", data: { name: "Sara", lang: "en" } });
        await queueMail(trx, passwordLinkMail, {
          to: "typed@example.com",
          subject: "s",
          data: JSON.parse('{"seed":"x","userId":"1","lang":"ar","purpose":"reset"}'),
        });
      }),
    ).rejects.toBeInstanceOf(z.ZodError);
    expect(await mailJobsOf(server.db, greeting).execute()).toEqual([]);
    expect(await mailJobsOf(server.db, passwordLinkMail).execute()).toEqual([]);
  });

  it("refuses, when sent, stored data that fails its schema (a row written by another version): the job's error, nothing sent", async () => {
    const mails = new Map([[greeting.name, greeting]]);
    await expect(
      deliverQueuedMail(deps(), mails, { template: greeting.name, to: "typed@example.com", subject: "s", data: { name: 7 } }),
    ).rejects.toBeInstanceOf(z.ZodError);
    await expect(deliverQueuedMail(deps(), mails, { template: "no-such-mail", to: "typed@example.com", subject: "s", data: {} })).rejects.toThrow(
      'no mail named "no-such-mail"',
    );
    // Through the worker: the job fails with the schema's message and is retried later.
    await enqueue(server.db, mailJob, {
      template: passwordLinkMail.name,
      to: "stale.row@example.com",
      subject: "s",
      data: { seed: "x", userId: 1, lang: "fr", purpose: "reset" },
    });
    const job = () => mailJobsOf(server.db, passwordLinkMail).executeTakeFirstOrThrow();
    // A claim counts the attempt while the job is still running: wait for the failure to be stored.
    await expect.poll(async () => [(await job()).attempts, (await job()).status], { timeout: 10_000 }).toEqual([1, "queued"]);
    expect((await job()).last_error).toContain("lang");
    expect(outboxMails(server.config.dataDir).filter((mail) => mail.to === "stale.row@example.com")).toEqual([]);
    await server.db
      .deleteFrom("jobs")
      .where("id", "=", (await job()).id)
      .execute();
  });

  it("sends what it queued as HTML in the mail's language and direction, with its text part", async () => {
    await queueMail(server.db, greeting, { to: "typed.ar@example.com", subject: "مرحبًا", data: { name: "سارة", lang: "ar" } });
    // This test's mail is in no feature's manifest: the stored job is run here, with a registry that has it.
    const row = await mailJobsOf(server.db, greeting).executeTakeFirstOrThrow();
    await server.db.deleteFrom("jobs").where("id", "=", row.id).execute();
    await deliverQueuedMail(deps(), new Map([[greeting.name, greeting]]), mailJob.payload.parse(fromDbJson(row.payload, null)));
    const [mail] = outboxMails(server.config.dataDir).filter((sent) => sent.to === "typed.ar@example.com");
    expect(mail!.subject).toBe("مرحبًا");
    expect(mail!.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail!.html).toContain("<p>Hello سارة</p>");
    expect(mail!.text).toBe("Hello سارة");
  });
});
