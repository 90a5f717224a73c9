import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { outboxMails, waitForJobs } from "~server/test/outbox";
import { startStripeStandIn, type StripeStandIn } from "~server/test/stripe-stand-in";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { createInvoice, recordPayment } from "~/features/billing/ledger.server";
import { STRIPE_WEBHOOK_PATH } from "~/features/billing/payments/payments.api";
import { sweepInstalmentReminders } from "./instalment-reminders.server";
import { invoiceInstalments } from "./instalments.server";
import { invoicePaymentToken } from "./invoice-link.server";
import { invoicePaymentData } from "./invoice-payment.server";

const run = promisify(execFile);

/**
 * Instalments (issue 31 part 4, decision 091) on SQLite and PostgreSQL (TEST_DATABASE_URL): the
 * staff's split and its refusals, the offer's rule, paying a part at the desk and online through
 * the Stripe stand-in, and the reminders sent once per part and kind across three instances.
 */
describe("instalments", () => {
  let server: TestServer;
  let stripe: StripeStandIn;
  let staff: Record<string, string>;
  let today: string;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    server = await startTestServer({ STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.url });
    stripe.setWebhookUrl(server.url + STRIPE_WEBHOOK_PATH);
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie, origin: server.url };
    today = zonedParts(new Date(), "Asia/Kolkata").date;
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.stop();
  });

  let campEnrolments = 0;
  /** An open camp invoice of `amountMinor` for a new family. */
  const newInvoice = async (email: string, amountMinor = 30_000, lang: "en" | "ar" = "en") => {
    const camp = await server.db.selectFrom("camps").select(["id", "slug", "title_en"]).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    campEnrolments += 1;
    const { id } = await server.db
      .insertInto("camp_enrolments")
      .values({
        student_name: "Aarav",
        parent_name: "Priya",
        email,
        phone_number: "+919876543210",
        camp_id: camp.id,
        camp_slug: camp.slug,
        camp_title: camp.title_en,
        session: `s${campEnrolments}`,
        message: "",
        lang,
        reference: null,
        status: "new",
        notes: "",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const line = { kind: "price" as const, label_en: "Fee", label_ar: "الرسوم", amountMinor };
    return (await server.db.transaction().execute((trx) =>
      createInvoice(trx, {
        email,
        parentName: "Priya",
        userId: null,
        lang,
        currency: "INR",
        offer: { kind: "camp", enrollmentId: id },
        childName: "Aarav",
        description: { en: "Summer camp", ar: "المخيم الصيفي" },
        lines: [line],
      }),
    ))!;
  };
  const split = (invoiceId: number, json: unknown, headers = staff) =>
    server.request("POST", `/api/admin/billing/invoices/${invoiceId}/instalments`, { json, headers });
  const parts = (...list: [string, number][]) => ({ parts: list.map(([dueOn, amountMinor]) => ({ dueOn, amountMinor })) });
  const states = async (invoiceId: number) => (await invoiceInstalments(server.db, invoiceId))!.parts.map((part) => [part.status, part.paidMinor]);
  const desk = (invoiceId: number, amountMinor: number) =>
    server.db.transaction().execute((trx) => recordPayment(trx, { invoiceId, method: "cash", amountMinor }));

  it("staff split an invoice (the equal helper or their own parts) and read it back; only staff may", async () => {
    const invoice = await newInvoice("split@example.com", 10_000);
    const equal = await split(invoice.id, { equal: { count: 3, firstDueOn: addDays(today, 5) } });
    expect(equal.status, JSON.stringify(equal.body)).toBe(200);
    expect(equal.body.instalments.map((p: { amountMinor: number }) => p.amountMinor)).toEqual([3334, 3333, 3333]);
    const read = await server.request("GET", `/api/admin/billing/invoices/${invoice.id}/instalments`, { headers: staff });
    expect(read.status).toBe(200);
    expect(read.body.instalments).toHaveLength(3);
    expect(read.body.instalments.map((p: { status: string }) => p.status)).toEqual(["open", "open", "open"]);
    const audit = await server.db
      .selectFrom("audit_log")
      .select(["action", "summary"])
      .where("entity", "=", "invoice")
      .where("entity_id", "=", String(invoice.id))
      .execute();
    expect(audit.map((row) => row.action)).toEqual(["instalments"]);

    const again = await split(invoice.id, parts([addDays(today, 1), 5_000], [addDays(today, 40), 5_000]));
    expect(again.status).toBe(200);
    expect((await invoiceInstalments(server.db, invoice.id))!.parts.map((p) => p.amountMinor)).toEqual([5_000, 5_000]);

    expect((await server.request("GET", `/api/admin/billing/invoices/${invoice.id}/instalments`)).status).toBe(401);
    expect((await split(invoice.id, parts([today, 5_000], [addDays(today, 1), 5_000]), {})).status).toBe(401);
    for (const role of ["user", "instructor"] as const) {
      const other = await server.signIn(role);
      expect((await split(invoice.id, parts([today, 5_000], [addDays(today, 1), 5_000]), { cookie: other.cookie, origin: server.url })).status).toBe(403);
      expect((await server.request("GET", `/api/admin/billing/invoices/${invoice.id}/instalments`, { headers: { cookie: other.cookie } })).status).toBe(403);
    }
    expect((await split(999_999, parts([today, 5_000], [addDays(today, 1), 5_000]))).status).toBe(404);
    expect((await server.request("GET", "/api/admin/billing/invoices/abc/instalments", { headers: staff })).status).toBe(404);
  });

  it("a bad split is a 400 with its message, and nothing changes", async () => {
    const invoice = await newInvoice("refused@example.com", 9_000);
    const cases: [string, unknown, RegExp][] = [
      ["one part", parts([today, 9_000]), /2 to 12/],
      ["thirteen parts", { equal: { count: 13, firstDueOn: today } }, /2 to 12/],
      ["dates not increasing", parts([addDays(today, 5), 4_500], [addDays(today, 5), 4_500]), /after the one before/],
      ["a date that does not exist", parts([today, 4_500], ["2027-02-30", 4_500]), /real date/],
      ["a date before the invoice", parts([addDays(today, -1), 4_500], [today, 4_500]), /before the invoice was issued/],
      ["a zero part", parts([today, 0], [addDays(today, 1), 9_000]), /above zero/],
      ["not the invoice's total", parts([today, 4_000], [addDays(today, 1), 4_000]), /add up to \S+, but the invoice asks for \S+/],
      ["no parts at all", {}, /./],
      ["amounts as text", { parts: [{ dueOn: today, amountMinor: "45" }] }, /./],
    ];
    for (const [name, json, message] of cases) {
      const res = await split(invoice.id, json);
      expect(res.status, name).toBe(400);
      expect(res.body.message, name).toMatch(message);
    }
    const arabic = await server.request("POST", `/api/admin/billing/invoices/${invoice.id}/instalments`, {
      json: parts([today, 1]),
      headers: { ...staff, "accept-language": "ar" },
    });
    expect(arabic.body.message).toMatch(/[\u0600-\u06FF]/);
    expect((await invoiceInstalments(server.db, invoice.id))!.parts).toHaveLength(0);
  });

  it("payments cover parts in order; paid parts stay as they were; a paid or void invoice is not split", async () => {
    const invoice = await newInvoice("paying@example.com", 9_000);
    expect((await split(invoice.id, parts([today, 3_000], [addDays(today, 30), 3_000], [addDays(today, 60), 3_000]))).status).toBe(200);
    await desk(invoice.id, 4_000);
    expect(await states(invoice.id)).toEqual([
      ["paid", 3_000],
      ["open", 1_000],
      ["open", 0],
    ]);
    // A part half paid: re-splitting would redraw money already taken.
    const half = await split(invoice.id, parts([today, 3_000], [addDays(today, 45), 6_000]));
    expect(half.status).toBe(409);
    expect(half.body.message).toMatch(/already paid/);
    await desk(invoice.id, 2_000);
    // The paid part changed: refused; kept: the rest may be redrawn.
    expect((await split(invoice.id, parts([addDays(today, 1), 6_000], [addDays(today, 60), 3_000]))).status).toBe(409);
    const kept = await split(invoice.id, parts([today, 3_000], [addDays(today, 30), 3_000], [addDays(today, 50), 1_000], [addDays(today, 70), 2_000]));
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(await states(invoice.id)).toEqual([
      ["paid", 3_000],
      ["paid", 3_000],
      ["open", 0],
      ["open", 0],
    ]);
    await desk(invoice.id, 3_000);
    expect((await split(invoice.id, parts([today, 4_500], [addDays(today, 1), 4_500]))).status).toBe(409);
    const row = await server.db.selectFrom("invoices").select("status").where("id", "=", invoice.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("paid");
  });

  it("a course's rule splits its new invoices monthly; the camp's rule is set the same way", async () => {
    const course = await server.db
      .selectFrom("courses")
      .select(["id", "min_age", "price"])
      .where("slug", "=", "robotics-fundamentals")
      .executeTakeFirstOrThrow();
    const rule = (kind: string, id: number | string, instalmentCount: unknown, headers = staff) =>
      server.request("PUT", `/api/admin/billing/instalment-rules/${kind}/${id}`, { json: { instalmentCount }, headers });
    expect((await rule("course", course.id, 1)).status).toBe(400);
    expect((await rule("course", course.id, 13)).status).toBe(400);
    expect((await rule("course", 999_999, 3)).status).toBe(404);
    expect((await rule("lesson", course.id, 3)).status).toBe(404);
    expect((await rule("course", course.id, 3, {})).status).toBe(401);
    expect((await rule("course", course.id, 3)).status).toBe(200);
    const camp = await server.db.selectFrom("camps").select("id").executeTakeFirstOrThrow();
    expect((await rule("camp", camp.id, 2)).status).toBe(200);
    expect((await server.db.selectFrom("camps").select("instalment_count").where("id", "=", camp.id).executeTakeFirstOrThrow()).instalment_count).toBe(2);
    expect((await rule("camp", camp.id, 0)).status).toBe(200);

    const section = await server.request("POST", "/api/admin/sections", {
      json: { courseId: course.id, weekdays: [3], startTime: "16:00", durationMinutes: 60, firstDate: addDays(today, 20), meetings: 4, capacity: 5 },
      headers: staff,
    });
    expect(section.status).toBe(201);
    // Without keys here the enrolment would be held for payment: staff-less default is held, so read the invoice either way.
    const res = await server.request("POST", `/api/sections/${section.body.id}/enrolments`, {
      json: { childName: "Rule Child", childAge: course.min_age, parentName: "Priya", email: "rule@example.com", phone: "+91 98765 43210" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const invoice = await server.db
      .selectFrom("invoices as i")
      .innerJoin("section_enrolments as e", "e.id", "i.enrolment_id")
      .select(["i.id", "i.total_minor", "i.due_on"])
      .where("e.reference", "=", res.body.reference)
      .executeTakeFirstOrThrow();
    const state = (await invoiceInstalments(server.db, invoice.id))!;
    expect(state.parts.map((p) => p.amountMinor).reduce((a, b) => a + b, 0)).toBe(invoice.total_minor);
    expect(state.parts).toHaveLength(3);
    expect(state.parts[0]!.dueOn).toBe(invoice.due_on);
    expect(state.parts[1]!.dueOn > state.parts[0]!.dueOn).toBe(true);
    expect((await rule("course", course.id, 0)).status).toBe(200);
  });

  it(
    "back from the provider before the event came, the invoice's page GET never calls the provider: it says confirming and a queued job reads the session and records the payment once",
    { timeout: 60_000 },
    async () => {
      const invoice = await newInvoice("return-first@example.com", 6_000);
      const token = invoicePaymentToken(server.config.sessionSecret, invoice);
      const started = await server.request("POST", "/api/payments/invoice-checkouts", { json: { token, instalmentId: null } });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      // Paid at the provider; its event is late (not delivered).
      stripe.complete(started.body.sessionId);
      const calls = stripe.calls.length;
      const page = (await invoicePaymentData(server.db, server.config, token, "en", { sessionId: started.body.sessionId, cancelled: false }))!;
      expect(page).toMatchObject({ payState: "online", confirming: true });
      // Reloads while it confirms queue nothing more (one job per session).
      await invoicePaymentData(server.db, server.config, token, "en", { sessionId: started.body.sessionId, cancelled: false });
      const job = () =>
        server.db
          .selectFrom("jobs")
          .select(["attempts", "status"])
          .where("kind", "=", "checkout-check")
          .where("unique_key", "=", `checkout-check:${started.body.sessionId}`)
          .execute();
      expect(await job()).toHaveLength(1);
      await vi.waitFor(
        async () =>
          expect(await server.db.selectFrom("payments").select(["amount_minor", "method"]).where("invoice_id", "=", invoice.id).execute()).toEqual([
            { amount_minor: 6_000, method: "online" },
          ]),
        { timeout: 20_000 },
      );
      // Every read of the session at the provider was the job's (the worker may run it while the page still answers): none was the page's.
      const [ran] = await job();
      const reads = stripe.calls.slice(calls).filter((call) => call === `GET /v1/checkout/sessions/${started.body.sessionId}`).length;
      expect(reads).toBeGreaterThanOrEqual(1);
      expect(reads).toBeLessThanOrEqual(ran!.attempts);
      expect(await invoicePaymentData(server.db, server.config, token, "en", { sessionId: started.body.sessionId, cancelled: false })).toMatchObject({
        payState: "paid",
        confirming: false,
      });
    },
  );

  it("the family pays one part online from the invoice's link; the webhook records it once on that part", async () => {
    const invoice = await newInvoice("online@example.com", 9_000);
    expect((await split(invoice.id, parts([today, 3_000], [addDays(today, 30), 3_000], [addDays(today, 60), 3_000]))).status).toBe(200);
    const token = invoicePaymentToken(server.config.sessionSecret, invoice);
    const [first, second] = (await invoiceInstalments(server.db, invoice.id))!.parts;
    expect(
      (await server.request("POST", "/api/payments/invoice-checkouts", { json: { token: `${invoice.id}_${"x".repeat(43)}`, instalmentId: first!.id } })).status,
    ).toBe(404);
    expect((await server.request("POST", "/api/payments/invoice-checkouts", { json: { token, instalmentId: 999_999 } })).status).toBe(404);
    const started = await server.request("POST", "/api/payments/invoice-checkouts", { json: { token, instalmentId: second!.id } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const checkout = await server.db.selectFrom("payment_checkouts").selectAll().where("session_id", "=", started.body.sessionId).executeTakeFirstOrThrow();
    expect(checkout).toMatchObject({ kind: "invoice", invoice_id: invoice.id, instalment_id: second!.id, amount_minor: 3_000, currency: "INR" });
    const event = stripe.complete(started.body.sessionId);
    const statuses = await Promise.all(Array.from({ length: 5 }, () => stripe.deliver(event)));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    // The webhook stores the event; its job records the payment (decision 094).
    await vi.waitFor(
      async () =>
        expect(await states(invoice.id)).toEqual([
          ["paid", 3_000],
          ["open", 0],
          ["open", 0],
        ]),
      { timeout: 5_000 },
    );
    const payments = await server.db.selectFrom("payments").selectAll().where("invoice_id", "=", invoice.id).execute();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ method: "online", amount_minor: 3_000, instalment_id: second!.id, provider: "stripe" });
    // Money covers the earliest part first (decision 091), whatever part the family named.
    expect(await states(invoice.id)).toEqual([
      ["paid", 3_000],
      ["open", 0],
      ["open", 0],
    ]);
    expect((await server.request("POST", "/api/payments/invoice-checkouts", { json: { token, instalmentId: first!.id } })).status).toBe(409);
    // The page of the link shows the parts and a Pay button per open one.
    const page = (await invoicePaymentData(server.db, server.config, token, "en", { sessionId: null, cancelled: false }))!;
    expect(page).toMatchObject({ number: invoice.number, payState: "online", outstanding: "\u2066₹60\u2069" });
    expect(page.parts.map((part) => part.status)).toEqual(["paid", "open", "open"]);
    expect(await invoicePaymentData(server.db, server.config, `${invoice.id}_${"y".repeat(43)}`, "en", { sessionId: null, cancelled: false })).toBeUndefined();
    // All the rest at once.
    const all = await server.request("POST", "/api/payments/invoice-checkouts", { json: { token, instalmentId: null } });
    expect(all.status).toBe(201);
    expect(await stripe.deliver(stripe.complete(all.body.sessionId))).toBe(200);
    await vi.waitFor(
      async () => expect((await server.db.selectFrom("invoices").select("status").where("id", "=", invoice.id).executeTakeFirstOrThrow()).status).toBe("paid"),
      { timeout: 5_000 },
    );
    expect((await server.request("POST", "/api/payments/invoice-checkouts", { json: { token, instalmentId: null } })).status).toBe(409);
  });

  it("reminders go before each due date and on the day a part is overdue, once per part and kind across three instances", { timeout: 120_000 }, async () => {
    const soon = await newInvoice("remind-soon@example.com", 6_000);
    const arabic = await newInvoice("remind-ar@example.com", 6_000, "ar");
    const covered = await newInvoice("remind-paid@example.com", 6_000);
    for (const invoice of [soon, arabic, covered])
      expect((await split(invoice.id, parts([addDays(today, 2), 3_000], [addDays(today, 40), 3_000]))).status).toBe(200);
    await desk(covered.id, 3_000);
    // One part of the Arabic family's invoice became overdue today (its due date was yesterday).
    await server.db
      .updateTable("invoice_instalments")
      .set({ due_on: addDays(today, -1) })
      .where("invoice_id", "=", arabic.id)
      .where("position", "=", 1)
      .execute();
    await waitForJobs(server.db);
    const { database } = server.config;
    const instance = async () => {
      const { stdout } = await run(process.execPath, ["--import", "tsx", "server/test/reminder-instance.ts"], {
        env: {
          ...process.env,
          SWEEP: "instalment",
          DATABASE_URL: database.kind === "sqlite" ? `sqlite:${database.file}` : database.url,
          DATA_DIR: server.config.dataDir,
          SWEEPS: "10",
          PUBLIC_URL: server.config.publicUrl,
          STRIPE_SECRET_KEY: stripe.secretKey,
          STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
          STRIPE_API_URL: stripe.url,
        },
        timeout: 60_000,
      });
      return (JSON.parse(stdout.trim().split("\n").at(-1)!) as { claimed: number }).claimed;
    };
    // Two other instances race each other (ten sweeps each at once), then this one sweeps too.
    const runs = await Promise.all([instance(), instance()]);
    runs.push(...(await Promise.all(Array.from({ length: 5 }, () => sweepInstalmentReminders(server.db)))));
    await waitForJobs(server.db);
    console.log(`[instalment reminders] claimed: ${runs.join(", ")}`);
    const mails = (to: string) => outboxMails(server.config.dataDir).filter((mail) => mail.to === to);
    expect(mails("remind-soon@example.com")).toHaveLength(1);
    expect(mails("remind-paid@example.com")).toHaveLength(0);
    expect(mails("remind-ar@example.com")).toHaveLength(1);
    const english = mails("remind-soon@example.com")[0]!;
    expect(english.subject).toBe(`Instalment reminder: invoice ${soon.number}`);
    expect(english.text).toContain("₹30");
    expect(english.text).toContain("/payments/invoice?token=");
    const overdue = mails("remind-ar@example.com")[0]!;
    expect(overdue.subject).toBe(`قسط متأخر: الفاتورة ${arabic.number}`);
    expect(overdue.text).toContain("/ar/payments/invoice?token=");
    // The link in the e-mail opens the invoice's page.
    const token = /\/ar\/payments\/invoice\?token=([\w-]+)/.exec(overdue.text)![1]!;
    expect((await invoicePaymentData(server.db, server.config, token, "ar", { sessionId: null, cancelled: false }))?.number).toBe(arabic.number);
    // Later sweeps send nothing again.
    expect(await sweepInstalmentReminders(server.db)).toBe(0);
  });
});
