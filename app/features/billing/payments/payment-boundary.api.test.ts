import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { startStripeStandIn, type StripeStandIn } from "~server/test/stripe-stand-in";
import { createLogger } from "~server/logger";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { enrolmentPaymentLink } from "~/features/enrolments/links.server";
import { familyBalances } from "~/features/billing/ledger.server";
import { retryPendingRefunds } from "~/features/billing/refunds/refund-retry.server";
import { invoicePaymentToken } from "~/features/billing/instalments/invoice-link.server";
import { paymentPageData } from "./enrolment-payment.server";
import { sweepPaymentHolds } from "./payment-holds.server";
import { openPaymentNotices } from "./payment-notices.server";
import { paymentProviderOf } from "./payment-provider.server";
import { reconcilePayments } from "./payment-reconcile.server";
import { STRIPE_WEBHOOK_PATH } from "./payments.api";

/**
 * The payment boundary that knows "unknown" (issue 38, decision 094), against the Stripe stand-in
 * through the official library, on SQLite and PostgreSQL (TEST_DATABASE_URL): a refund without a
 * clear answer stays pending and is finished once with the same key; the webhook is an inbox whose
 * jobs retry; a payment that differs from its checkout does not confirm; the provider's later
 * refund, dispute events and its records (the daily reconciliation) reach the ledger and the dashboard.
 */
describe("the payment boundary", () => {
  let server: TestServer;
  let stripe: StripeStandIn;
  let staff: Record<string, string>;
  let course: { id: number; min_age: number };
  let today: string;
  const deps = () => ({ db: server.db, logger: createLogger("silent") });

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    server = await startTestServer({ STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.url });
    stripe.setWebhookUrl(server.url + STRIPE_WEBHOOK_PATH);
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie, origin: server.url };
    course = await server.db.selectFrom("courses").select(["id", "min_age"]).where("slug", "=", "robotics-fundamentals").executeTakeFirstOrThrow();
    today = zonedParts(new Date(), "Asia/Kolkata").date;
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.stop();
  });

  const wait = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 8_000, interval: 50 });
  const enrol = async (email: string, capacity = 20) => {
    const json = { courseId: course.id, weekdays: [2], startTime: "16:00", durationMinutes: 60, firstDate: addDays(today, 10), meetings: 4, capacity };
    const section = await server.request("POST", "/api/admin/sections", { json, headers: staff });
    expect(section.status, JSON.stringify(section.body)).toBe(201);
    const res = await server.request("POST", `/api/sections/${section.body.id}/enrolments`, {
      json: { childName: "Zara Khan", childAge: course.min_age, parentName: "Sana Khan", email, phone: "+91 98765 43210" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await server.db.selectFrom("section_enrolments").selectAll().where("reference", "=", res.body.reference).executeTakeFirstOrThrow();
    const invoice = await server.db.selectFrom("invoices").selectAll().where("enrolment_id", "=", row.id).executeTakeFirstOrThrow();
    const token = enrolmentPaymentLink.token(server.config.sessionSecret, row);
    const started = await server.request("POST", "/api/payments/checkouts", { json: { token } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    return { row, invoice, token, sessionId: started.body.sessionId as string, url: started.body.url as string };
  };
  const paymentOf = (intent: string) =>
    server.db.selectFrom("payments").selectAll().where("kind", "=", "payment").where("provider_ref", "=", intent).executeTakeFirstOrThrow();
  /** Enrols and pays through the hosted page; resolves once the event's job recorded the payment. */
  const paid = async (email: string) => {
    const made = await enrol(email);
    expect((await fetch(made.url, { method: "POST", redirect: "manual" })).status).toBe(303);
    const intent = stripe.sessions.get(made.sessionId)!.payment_intent!;
    return { ...made, intent, payment: await wait(() => paymentOf(intent)) };
  };
  const refundsAt = (intent: string) => stripe.refunds.filter((refund) => refund.payment_intent === intent);
  const notices = async (kind: string) => (await openPaymentNotices(server.db, 200)).notices.filter((notice) => notice.kind === kind);
  const later = () => new Date(Date.now() + 10 * 60_000);

  it("a refund whose answer is lost (the provider did it, then 500) stays pending with its credit note; staff's retry refunds it once with the same key", async () => {
    const email = "lost.answer@example.com";
    const { payment, intent } = await paid(email);
    stripe.failNext("after");
    const first = await server.request("POST", `/api/admin/billing/payments/${payment.id}/refunds`, {
      json: { amountMinor: 1_500, reason: "Two classes missed" },
      headers: staff,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.body.message).toMatch(/^Pending: the payment provider has not confirmed/);
    expect(first.body.refund).toMatchObject({ state: "pending" });
    // The money did move at the provider; here the refund is pending, its credit note standing.
    expect(refundsAt(intent).map((refund) => refund.amount)).toEqual([1_500]);
    const shown = await server.request("GET", `/api/admin/billing/payments/${payment.id}`, { headers: staff });
    expect(shown.body.payment.refunds).toMatchObject([{ amountMinor: 1_500, state: "pending", creditNoteNumber: first.body.creditNote.number }]);
    expect(shown.body.payment.refundableMinor).toBe(payment.amount_minor - 1_500);
    const arabic = await server.request("POST", `/api/admin/billing/payments/${payment.id}/refunds`, {
      json: { amountMinor: payment.amount_minor, reason: "All" },
      headers: { ...staff, "accept-language": "ar" },
    });
    expect(arabic.status).toBe(409);
    expect(
      (await server.db.selectFrom("credit_notes").select("cancelled_at").where("id", "=", first.body.creditNote.id).executeTakeFirstOrThrow()).cancelled_at,
    ).toBeNull();

    // The retry (the sweep staff's page waits for) asks again with the credit note's number.
    stripe.failNext("before");
    expect(await retryPendingRefunds(deps(), paymentProviderOf(server.config), later())).toEqual({ settled: 0, failed: 0 });
    expect(await retryPendingRefunds(deps(), paymentProviderOf(server.config), later())).toEqual({ settled: 1, failed: 0 });
    expect(refundsAt(intent).map((refund) => refund.amount)).toEqual([1_500]);
    expect(refundsAt(intent)[0]!.metadata).toEqual({ reference: first.body.creditNote.number });
    expect(
      await server.db.selectFrom("payments").select(["refund_state", "provider_ref"]).where("id", "=", first.body.refund.id).executeTakeFirstOrThrow(),
    ).toEqual({ refund_state: "done", provider_ref: refundsAt(intent)[0]!.id });
    // Paid in full, 15.00 credited and given back: nothing owed either way.
    expect(await familyBalances(server.db, email)).toEqual([{ currency: "USD", balanceMinor: 0 }]);
  });

  it("a payment after the hold ran out with no seat left: the webhook only stores it, the return is a job retried until the provider does it, and the return page never calls the provider", async () => {
    const email = "late.return@example.com";
    const made = await enrol(email, 1);
    await server.db
      .updateTable("section_enrolments")
      .set({ payment_hold_until: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", made.row.id)
      .execute();
    expect(await sweepPaymentHolds(server.db)).toBeGreaterThanOrEqual(1);
    await server.db.updateTable("course_sections").set({ status: "closed" }).where("id", "=", made.row.section_id).execute();
    const event = stripe.complete(made.sessionId);
    const intent = stripe.sessions.get(made.sessionId)!.payment_intent!;
    stripe.failNext("before");
    const calls = stripe.calls.length;
    const res = await fetch(server.url + STRIPE_WEBHOOK_PATH, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": stripe.sign(JSON.stringify(event)) },
      body: JSON.stringify(event),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: "queued" });
    // The first ask of the return fails (Stripe's 500): the job is queued again with its backoff.
    const job = await wait(async () => {
      const row = await server.db.selectFrom("jobs").selectAll().where("kind", "=", "refund-return").executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "queued", attempts: 1 });
      return row;
    });
    expect(job.last_error).toContain("no clear answer");
    expect(refundsAt(intent)).toHaveLength(0);
    const ledgerRefund = await server.db
      .selectFrom("payments")
      .selectAll()
      .where("invoice_id", "=", made.invoice.id)
      .where("kind", "=", "refund")
      .executeTakeFirstOrThrow();
    expect(ledgerRefund.refund_state).toBe("pending");

    // The family's return page (a GET) reads only our records: no provider call, a check queued once.
    const before = stripe.calls.length;
    for (let i = 0; i < 3; i++) {
      const page = await paymentPageData(server.db, server.config, made.token, "en", { sessionId: made.sessionId, cancelled: false });
      expect(page).toBeDefined();
    }
    expect(stripe.calls.slice(before).filter((call) => call.startsWith("POST"))).toEqual([]);
    expect(stripe.calls.length - calls).toBeGreaterThanOrEqual(1);

    // Its time comes: asked again with the same key, done once.
    await server.db
      .updateTable("jobs")
      .set({ run_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", job.id)
      .execute();
    await wait(async () =>
      expect((await server.db.selectFrom("payment_checkouts").select("status").where("session_id", "=", made.sessionId).executeTakeFirstOrThrow()).status).toBe(
        "refunded",
      ),
    );
    expect(refundsAt(intent).map((refund) => [refund.amount, refund.metadata.reference])).toEqual([[made.invoice.total_minor, `return-${made.sessionId}`]]);
    expect(await server.db.selectFrom("payments").select("refund_state").where("id", "=", ledgerRefund.id).executeTakeFirstOrThrow()).toEqual({
      refund_state: "done",
    });
    expect(await familyBalances(server.db, email)).toEqual([{ currency: "USD", balanceMinor: 0 }]);
    const mails = (await server.db.selectFrom("jobs").select("payload").where("kind", "=", "mail").execute()).filter(
      (row) => row.payload.includes(`"to":"${email}"`) && row.payload.includes('"template":"payment-refunded"'),
    );
    expect(mails).toHaveLength(1);
    // Redelivered: stored once, nothing more.
    expect(await stripe.deliver(event)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(refundsAt(intent)).toHaveLength(1);
  });

  it("a signed paid event saying 1 INR for a USD checkout does not confirm the seat; the money is on record and staff see a notice", async () => {
    const made = await enrol("one.rupee@example.com");
    const event = stripe.complete(made.sessionId);
    const object = event.data.object as { amount_total: number; currency: string };
    object.amount_total = 1;
    object.currency = "inr";
    expect(await stripe.deliver(event)).toBe(200);
    await wait(async () =>
      expect((await server.db.selectFrom("payment_events").select("outcome").where("event_id", "=", event.id).executeTakeFirstOrThrow()).outcome).toBe(
        "mismatch",
      ),
    );
    const enrolment = await server.db
      .selectFrom("section_enrolments")
      .select(["status", "payment_hold_until"])
      .where("id", "=", made.row.id)
      .executeTakeFirstOrThrow();
    expect(enrolment).toEqual({ status: "enrolled", payment_hold_until: made.row.payment_hold_until });
    expect(
      await server.db
        .selectFrom("payment_checkouts")
        .select(["status", "paid_amount_minor", "paid_currency", "payment_ref"])
        .where("session_id", "=", made.sessionId)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      status: "open",
      paid_amount_minor: 1,
      paid_currency: "INR",
      payment_ref: stripe.sessions.get(made.sessionId)!.payment_intent,
    });
    // Another currency than the invoice's: in the ledger as the family's credit in that currency, paying nothing owed.
    expect(await server.db.selectFrom("payments").select(["kind", "currency", "amount_minor"]).where("invoice_id", "=", made.invoice.id).execute()).toEqual([
      { kind: "payment", currency: "INR", amount_minor: 1 },
    ]);
    expect(await familyBalances(server.db, made.invoice.family_key)).toEqual(
      [
        { currency: "INR", balanceMinor: -1 },
        { currency: made.invoice.currency, balanceMinor: made.invoice.total_minor },
      ].sort((a, b) => a.currency.localeCompare(b.currency)),
    );
    expect(await server.db.selectFrom("invoices").select("status").where("id", "=", made.invoice.id).executeTakeFirstOrThrow()).toEqual({ status: "open" });
    const [notice] = (await notices("amount-mismatch")).filter((n) => n.details.includes(made.sessionId));
    expect(notice).toMatchObject({ amountMinor: 1, currency: "INR", invoiceId: made.invoice.id, details: expect.stringContaining("credit") });
    // Staff cannot refund it by a credit note in the invoice's currency (it goes back at the provider).
    const detail = await server.request("GET", `/api/admin/billing/invoices/${made.invoice.id}`, { headers: staff });
    expect(detail.body.invoice.outstandingMinor).toBe(made.invoice.total_minor);
    expect(detail.body.invoice.payments).toMatchObject([{ currency: "INR", amountMinor: 1, refundableMinor: 0 }]);
    expect(await server.db.selectFrom("section_enrolments").select("status").where("id", "=", made.row.id).executeTakeFirstOrThrow()).toEqual({
      status: "enrolled",
    });

    // The same currency (written in capitals) but less than asked: paid on the invoice, still not confirmed.
    const short = await enrol("short.payment@example.com");
    const shortEvent = stripe.complete(short.sessionId);
    const shortObject = shortEvent.data.object as { amount_total: number; currency: string };
    shortObject.amount_total -= 100;
    shortObject.currency = "USD";
    expect(await stripe.deliver(shortEvent)).toBe(200);
    const payment = await wait(() => paymentOf(stripe.sessions.get(short.sessionId)!.payment_intent!));
    expect(payment).toMatchObject({ invoice_id: short.invoice.id, amount_minor: shortObject.amount_total });
    expect(
      (await server.db.selectFrom("section_enrolments").select("payment_hold_until").where("id", "=", short.row.id).executeTakeFirstOrThrow())
        .payment_hold_until,
    ).not.toBeNull();
    expect((await notices("amount-mismatch")).filter((n) => n.details.includes(short.sessionId))).toHaveLength(1);
  });

  it("a mismatched amount that pays what is left after a desk part payment confirms the seat, and the hold sweep keeps it", async () => {
    // Seen in the random money run: the desk took all but 100, the provider then reported 100 for the
    // checkout (asked the whole total). The invoice was paid in full, the seat stayed held, the sweep cancelled it.
    const made = await enrol("desk-then-short@example.com");
    const part = await server.request("POST", `/api/admin/billing/invoices/${made.invoice.id}/payments`, {
      json: { method: "cash", amountMinor: made.invoice.total_minor - 100 },
      headers: staff,
    });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(part.body.invoicePaid).toBe(false);
    const event = stripe.complete(made.sessionId);
    (event.data.object as { amount_total: number }).amount_total = 100;
    expect(await stripe.deliver(event)).toBe(200);
    await wait(async () =>
      expect((await server.db.selectFrom("payment_events").select("outcome").where("event_id", "=", event.id).executeTakeFirstOrThrow()).outcome).toBe(
        "mismatch",
      ),
    );
    expect(await server.db.selectFrom("invoices").select("status").where("id", "=", made.invoice.id).executeTakeFirstOrThrow()).toEqual({ status: "paid" });
    const confirmed = { status: "enrolled", payment_hold_until: null };
    const enrolment = () =>
      server.db.selectFrom("section_enrolments").select(["status", "payment_hold_until"]).where("id", "=", made.row.id).executeTakeFirstOrThrow();
    expect(await enrolment()).toEqual(confirmed);
    expect((await notices("amount-mismatch")).filter((n) => n.details.includes(made.sessionId))).toHaveLength(1);
    await sweepPaymentHolds(server.db, new Date(Date.now() + 2 * 86_400_000));
    expect(await enrolment()).toEqual(confirmed);
  });

  it("refund.updated to failed reopens a done refund (credit note cancelled, the family's money owed back); charge.refunded records a dashboard refund once; disputes become notices and a lost one a ledger entry", async () => {
    const email = "provider.events@example.com";
    const { payment, intent } = await paid(email);
    const made = await server.request("POST", `/api/admin/billing/payments/${payment.id}/refunds`, {
      json: { amountMinor: 1_000, reason: "Partial" },
      headers: staff,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await familyBalances(server.db, email)).toEqual([{ currency: "USD", balanceMinor: 0 }]);
    const atProvider = refundsAt(intent)[0]!;
    const failed = stripe.refundUpdated(atProvider, "failed");
    expect(await stripe.deliver(failed)).toBe(200);
    expect(await stripe.deliver(failed)).toBe(200);
    await wait(async () =>
      expect((await server.db.selectFrom("payments").select("refund_state").where("id", "=", made.body.refund.id).executeTakeFirstOrThrow()).refund_state).toBe(
        "failed",
      ),
    );
    expect(
      (await server.db.selectFrom("credit_notes").select("cancelled_at").where("id", "=", made.body.creditNote.id).executeTakeFirstOrThrow()).cancelled_at,
    ).not.toBeNull();
    // Paid in full, the refund undone: the academy holds nothing more than the invoice; the payment may be refunded again.
    expect(await familyBalances(server.db, email)).toEqual([{ currency: "USD", balanceMinor: 0 }]);
    expect((await server.request("GET", `/api/admin/billing/payments/${payment.id}`, { headers: staff })).body.payment.refundableMinor).toBe(
      payment.amount_minor,
    );
    expect((await notices("refund-failed")).filter((n) => n.providerRef === atProvider.id)).toHaveLength(1);

    // Someone refunds 5.00 in the Stripe dashboard: its charge.refunded event puts it in the ledger once.
    const outside = stripe.dashboardRefund(intent, 500);
    const charge = stripe.chargeRefunded(intent);
    expect(await stripe.deliver(charge)).toBe(200);
    expect(await stripe.deliver({ ...charge, id: `${charge.id}_again` })).toBe(200);
    const recorded = await wait(() => server.db.selectFrom("payments").selectAll().where("provider_ref", "=", outside.id).executeTakeFirstOrThrow());
    await wait(async () =>
      expect(
        (await server.db.selectFrom("payment_events").select("outcome").where("event_id", "=", `${charge.id}_again`).executeTakeFirstOrThrow()).outcome,
      ).toBe("known"),
    );
    expect(recorded).toMatchObject({ kind: "refund", amount_minor: 500, refund_state: "done", refund_of: payment.id });
    expect(await server.db.selectFrom("payments").select("id").where("refund_of", "=", payment.id).where("refund_state", "=", "done").execute()).toHaveLength(
      1,
    );
    // The money went back without a credit note: the family owes it again until staff decide.
    expect(await familyBalances(server.db, email)).toEqual([{ currency: "USD", balanceMinor: 500 }]);
    expect((await notices("refund-outside")).filter((n) => n.providerRef === outside.id)).toHaveLength(1);

    // A dispute: opened, then lost.
    expect(await stripe.deliver(stripe.dispute(intent, "charge.dispute.created", "needs_response"))).toBe(200);
    await wait(async () => expect((await notices("dispute-opened")).filter((n) => n.invoiceId === payment.invoice_id)).toHaveLength(1));
    expect(await stripe.deliver(stripe.dispute(intent, "charge.dispute.closed", "lost"))).toBe(200);
    await wait(async () => expect((await notices("dispute-closed")).filter((n) => n.invoiceId === payment.invoice_id)).toHaveLength(1));
    const lost = await server.db
      .selectFrom("payments")
      .selectAll()
      .where("provider_ref", "=", `dp_${intent.slice(3)}`)
      .executeTakeFirstOrThrow();
    expect(lost).toMatchObject({ kind: "refund", amount_minor: payment.amount_minor - 500, refund_state: "done" });
    expect(await familyBalances(server.db, email)).toEqual([{ currency: "USD", balanceMinor: payment.amount_minor }]);
  });

  it("a payment on an invoice voided meanwhile is kept as the family's credit with a staff task (a payment notice)", async () => {
    // A signed-in parent (e-mail proven: the camp place is the account's) with a camp place (no hold) and its invoice's payment link.
    const parent = await server.signIn("user");
    await server.db.updateTable("users").set({ email_verified_at: new Date().toISOString() }).where("id", "=", parent.user.id).execute();
    const camp = await server.db.selectFrom("camps").select(["title_en", "batches"]).where("slug", "=", "junior").executeTakeFirstOrThrow();
    const enrolled = await server.request("POST", "/api/summercamp/enroll", {
      json: {
        studentName: "Omar Ali",
        parentName: "Huda Ali",
        email: parent.user.email,
        phoneNumber: "+91 98765 43210",
        selectedCamp: camp.title_en,
        selectedSession: (JSON.parse(String(camp.batches)) as { value: string }[])[0]!.value,
      },
      headers: { cookie: parent.cookie },
    });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
    const invoice = await server.db
      .selectFrom("invoices")
      .selectAll()
      .where("child_name", "=", "Omar Ali")
      .where("email", "=", parent.user.email.toLowerCase())
      .executeTakeFirstOrThrow();
    const made = { invoice };
    const token = invoicePaymentToken(server.config.sessionSecret, invoice);
    const started = await server.request("POST", "/api/payments/invoice-checkouts", { json: { token, instalmentId: null } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    // The parent erases the account while on the provider's page: what it owed is voided.
    const erased = await server.request("POST", "/api/account/delete", { json: { email: parent.user.email }, headers: { cookie: parent.cookie } });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(await server.db.selectFrom("invoices").select("status").where("id", "=", invoice.id).executeTakeFirstOrThrow()).toEqual({ status: "void" });
    const event = stripe.complete(started.body.sessionId);
    expect(await Promise.all([stripe.deliver(event), stripe.deliver(event)])).toEqual([200, 200]);
    const payment = await wait(() => paymentOf(stripe.sessions.get(started.body.sessionId)!.payment_intent!));
    expect(payment).toMatchObject({ invoice_id: made.invoice.id, amount_minor: made.invoice.total_minor, currency: made.invoice.currency });
    // The money is the family's credit: the void invoice owes nothing and stays void.
    const familyKey = (await server.db.selectFrom("invoices").select("family_key").where("id", "=", invoice.id).executeTakeFirstOrThrow()).family_key;
    expect(await familyBalances(server.db, familyKey)).toEqual([{ currency: made.invoice.currency, balanceMinor: -made.invoice.total_minor }]);
    expect(await server.db.selectFrom("invoices").select("status").where("id", "=", made.invoice.id).executeTakeFirstOrThrow()).toEqual({ status: "void" });
    await wait(async () => expect((await notices("void-invoice-credit")).filter((n) => n.invoiceId === made.invoice.id)).toHaveLength(1));
    expect((await notices("void-invoice-credit")).find((n) => n.invoiceId === made.invoice.id)).toMatchObject({
      amountMinor: made.invoice.total_minor,
      currency: made.invoice.currency,
      providerRef: payment.provider_ref,
    });
    // Both screens list openPaymentNotices (the dashboard and /admin/billing); the kind is named in both languages (below).
  });

  it("the daily reconciliation reports what the provider has and the ledger does not, once per difference", async () => {
    const { intent } = await paid("reconcile@example.com");
    // A refund made at the provider whose event never came.
    const silent = stripe.dashboardRefund(intent, 700);
    const provider = paymentProviderOf(server.config);
    const first = await reconcilePayments(deps(), provider);
    expect(first).toBeGreaterThanOrEqual(1);
    const found = (await notices("reconcile")).filter((n) => n.providerRef === silent.id);
    expect(found).toMatchObject([{ amountMinor: 700, currency: "USD" }]);
    expect(found[0]!.details).toContain("not in the ledger");
    // The payment itself is in the ledger: no difference for it.
    expect((await notices("reconcile")).filter((n) => n.providerRef === intent)).toEqual([]);
    expect(await reconcilePayments(deps(), provider)).toBe(0);
    expect(stripe.calls.filter((call) => call === "GET /v1/refunds" || call === "GET /v1/payment_intents").length).toBeGreaterThanOrEqual(4);
  });
});

describe("the dashboard's payment notices", () => {
  it("name every kind of notice in English and Arabic", async () => {
    const kinds = [
      "amount-mismatch",
      "refund-failed",
      "refund-outside",
      "refund-refused",
      "dispute-opened",
      "dispute-closed",
      "reconcile",
      "void-invoice-credit",
    ];
    for (const lang of ["en", "ar"]) {
      const texts = (await import(`~/i18n/locales/${lang}/payments.json`)).default.notices;
      for (const kind of kinds) {
        expect(texts.kind[kind], `${lang} ${kind}`).toEqual(expect.any(String));
        expect(texts.what[kind], `${lang} ${kind}`).toEqual(expect.any(String));
      }
      expect(texts.title_other).toContain("{{count}}");
    }
  });
});
