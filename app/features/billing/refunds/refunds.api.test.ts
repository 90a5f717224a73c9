import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { startStripeStandIn, type StripeStandIn } from "~server/test/stripe-stand-in";
import { pdfText } from "~server/test/pdf-text";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { enrolmentPaymentLink } from "~/features/enrolments/links.server";
import { STRIPE_WEBHOOK_PATH } from "~/features/billing/payments/payments.api";
import { familyBalances, issueCreditNote, recordPayment } from "~/features/billing/ledger.server";
import { createLogger } from "~server/logger";
import { retryPendingRefunds } from "./refund-retry.server";
import { paymentProviderOf } from "~/features/billing/payments/payment-provider.server";
import { sweepPaymentHolds } from "~/features/billing/payments/payment-holds.server";
import { sectionRefundProposal } from "~/features/billing/refund-policy.server";

/**
 * Refunds and credit notes, the billing PDFs and e-mails (issue 31 part 6, decision 092), against
 * the Stripe stand-in through the official library, on SQLite and PostgreSQL (TEST_DATABASE_URL).
 */
describe("refunds, credit notes and billing PDFs", () => {
  let server: TestServer;
  let stripe: StripeStandIn;
  let staff: Record<string, string>;
  let course: { id: number; min_age: number; price: number; name_ar: string };
  let today: string;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    server = await startTestServer({ STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.url });
    stripe.setWebhookUrl(server.url + STRIPE_WEBHOOK_PATH);
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie, origin: server.url };
    course = await server.db
      .selectFrom("courses")
      .select(["id", "min_age", "price", "name_ar"])
      .where("slug", "=", "robotics-fundamentals")
      .executeTakeFirstOrThrow();
    today = zonedParts(new Date(), "Asia/Kolkata").date;
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.stop();
  });

  const group = async () => {
    const json = { courseId: course.id, weekdays: [2], startTime: "16:00", durationMinutes: 60, firstDate: addDays(today, 10), meetings: 4, capacity: 20 };
    const res = await server.request("POST", "/api/admin/sections", { json, headers: staff });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  /** An enrolment and its invoice; `lang` is the family's. */
  const enrol = async (email: string, lang: "en" | "ar" = "en") => {
    const section = await group();
    const res = await server.request("POST", `/api/sections/${section}/enrolments`, {
      json: { childName: "Zara Khan", childAge: course.min_age, parentName: "Sana Khan", email, phone: "+91 98765 43210" },
      headers: { "accept-language": lang },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await server.db.selectFrom("section_enrolments").selectAll().where("reference", "=", res.body.reference).executeTakeFirstOrThrow();
    const invoice = await server.db.selectFrom("invoices").selectAll().where("enrolment_id", "=", row.id).executeTakeFirstOrThrow();
    return { row, invoice };
  };
  /** Pays the held enrolment through the stand-in's hosted page: the online payment's row. */
  const payOnline = async (row: { id: number; reference: string }) => {
    const token = enrolmentPaymentLink.token(server.config.sessionSecret, row);
    const started = await server.request("POST", "/api/payments/checkouts", { json: { token } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect((await fetch(started.body.url, { method: "POST", redirect: "manual" })).status).toBe(303);
    // The webhook stored the event; its job records the payment a moment later (decision 094).
    return vi.waitFor(
      () =>
        server.db
          .selectFrom("payments")
          .selectAll()
          .where("kind", "=", "payment")
          .where("provider_ref", "=", stripe.sessions.get(started.body.sessionId)!.payment_intent!)
          .executeTakeFirstOrThrow(),
      { timeout: 5_000 },
    );
  };
  const payAtDesk = async (invoiceId: number, amountMinor: number) =>
    (await server.db.transaction().execute((trx) => recordPayment(trx, { invoiceId, method: "cash", amountMinor })))!.id;
  const refund = (paymentId: number, json: unknown, headers = staff) =>
    server.request("POST", `/api/admin/billing/payments/${paymentId}/refunds`, { json, headers });
  const get = async (path: string, cookie: string) => {
    const res = await fetch(server.url + path, { headers: { cookie }, redirect: "manual" });
    return { status: res.status, type: res.headers.get("content-type"), location: res.headers.get("location"), bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const mails = async (email: string, template: string) =>
    (await server.db.selectFrom("jobs").select("payload").where("kind", "=", "mail").execute()).filter(
      (job) => job.payload.includes(`"to":"${email}"`) && job.payload.includes(`"template":"${template}"`),
    );

  it("an issued invoice is e-mailed to the family in their language with its number, total, due day and /account link", async () => {
    const { invoice } = await enrol("mail.ar@example.com", "ar");
    const queued = await mails("mail.ar@example.com", "billing-invoice");
    expect(queued).toHaveLength(1);
    const payload = JSON.parse(queued[0]!.payload);
    expect(payload.subject).toContain(invoice.number);
    expect(payload.data).toMatchObject({ lang: "ar", id: invoice.id, number: invoice.number, totalMinor: invoice.total_minor, dueOn: invoice.due_on });
  });

  it("refunds part of a desk payment: a numbered credit note, the refund recorded with the payment's method, audited, e-mailed; more than is left is refused", async () => {
    const email = "desk.refund@example.com";
    const { invoice } = await enrol(email);
    const paymentId = await payAtDesk(invoice.id, invoice.total_minor);
    const first = await refund(paymentId, { amountMinor: 1_000, reason: "Missed two classes" });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.creditNote).toMatchObject({
      number: expect.stringMatching(/^CN-\d{4}-\d{6}$/),
      pdf: `/admin/billing/credit-notes/${first.body.creditNote.id}/pdf`,
    });
    const refundRow = await server.db.selectFrom("payments").selectAll().where("id", "=", first.body.refund.id).executeTakeFirstOrThrow();
    expect(refundRow).toMatchObject({
      kind: "refund",
      method: "cash",
      amount_minor: 1_000,
      refund_of: paymentId,
      refund_state: "done",
      credit_note_id: first.body.creditNote.id,
    });
    // Paid in full, then 10.00 credited and given back: the family owes nothing and is owed nothing.
    expect(await familyBalances(server.db, email)).toEqual([{ currency: "USD", balanceMinor: 0 }]);
    expect(await mails(email, "billing-credit-note")).toHaveLength(1);
    const audit = await server.db.selectFrom("audit_log").selectAll().where("entity", "=", "payment").where("entity_id", "=", String(paymentId)).execute();
    expect(audit.map((row) => row.action)).toContain("refund");

    const tooMuch = await refund(paymentId, { amountMinor: invoice.total_minor, reason: "Everything" });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({ refundableMinor: invoice.total_minor - 1_000, errors: { amount: expect.any(String) } });
    expect((await refund(paymentId, { amountMinor: -5, reason: "x" })).status).toBe(400);
    expect((await refund(paymentId, { amountMinor: 100, reason: "" })).status).toBe(400);
    expect((await refund(99_999_999, { amountMinor: 100, reason: "x" })).status).toBe(404);
  });

  it("10 simultaneous refunds of an online payment in full make exactly one refund at the provider and in the ledger", { timeout: 60_000 }, async () => {
    const email = "online.refund@example.com";
    const { row, invoice } = await enrol(email);
    const payment = await payOnline(row);
    const before = stripe.refunds.length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refund(payment.id, { amountMinor: payment.amount_minor, reason: "Dropped before the start" })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses, JSON.stringify(answers.map((a) => a.body))).toEqual([201, ...Array(9).fill(409)]);
    expect(stripe.refunds.length - before).toBe(1);
    const atProvider = stripe.refunds.at(-1)!;
    expect(atProvider).toMatchObject({ amount: payment.amount_minor, payment_intent: payment.provider_ref });
    const refunds = await server.db.selectFrom("payments").selectAll().where("refund_of", "=", payment.id).execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ refund_state: "done", provider_ref: atProvider.id, method: "online" });
    expect(await server.db.selectFrom("credit_notes").selectAll().where("invoice_id", "=", invoice.id).execute()).toHaveLength(1);
    expect(await familyBalances(server.db, email)).toEqual([{ currency: "USD", balanceMinor: 0 }]);
  });

  it("a refund left pending (the process stopped before asking the provider) is finished by the sweep once, even by two sweeps at once", async () => {
    const email = "pending.refund@example.com";
    const { row } = await enrol(email);
    const payment = await payOnline(row);
    const note = await server.db.transaction().execute((trx) =>
      issueCreditNote(trx, {
        invoiceId: payment.invoice_id,
        amountMinor: 1_000,
        kind: "refund",
        reason: "Stopped",
        refund: { paymentId: payment.id, pending: true },
      }),
    );
    const before = stripe.refunds.length;
    const deps = { db: server.db, logger: createLogger("silent") };
    const provider = paymentProviderOf(server.config);
    // Too young: the first ask may still be on its way.
    expect(await retryPendingRefunds(deps, provider)).toEqual({ settled: 0, failed: 0 });
    const later = new Date(Date.now() + 10 * 60_000);
    const sweeps = await Promise.all([retryPendingRefunds(deps, provider, later), retryPendingRefunds(deps, provider, later)]);
    expect(sweeps.reduce((sum, done) => sum + done.settled, 0)).toBe(1);
    expect(stripe.refunds.length - before).toBe(1);
    expect(stripe.refunds.at(-1)).toMatchObject({ amount: 1_000, payment_intent: payment.provider_ref });
    expect(await server.db.selectFrom("payments").select(["refund_state", "provider_ref"]).where("id", "=", note.refundId!).executeTakeFirstOrThrow()).toEqual({
      refund_state: "done",
      provider_ref: stripe.refunds.at(-1)!.id,
    });
    expect(await mails(email, "billing-credit-note")).toHaveLength(1);
  });

  it("a refund the provider refuses refunds nothing: its credit note is cancelled, the ledger reversed, the payment refundable again", async () => {
    const email = "refused.refund@example.com";
    const { row } = await enrol(email);
    const payment = await payOnline(row);
    // Someone refunded most of it at the provider's dashboard: the provider refuses more than is left.
    const res = await fetch(`${stripe.url}/v1/refunds`, {
      method: "POST",
      headers: { authorization: `Bearer ${stripe.secretKey}`, "content-type": "application/x-www-form-urlencoded" },
      body: `payment_intent=${payment.provider_ref}&amount=${payment.amount_minor - 100}`,
    });
    expect(res.status).toBe(200);
    const refused = await refund(payment.id, { amountMinor: 500, reason: "Partial" });
    expect(refused.status).toBe(502);
    const rows = await server.db.selectFrom("payments").selectAll().where("refund_of", "=", payment.id).execute();
    expect(rows).toMatchObject([{ refund_state: "failed" }]);
    const note = await server.db.selectFrom("credit_notes").selectAll().where("id", "=", rows[0]!.credit_note_id!).executeTakeFirstOrThrow();
    expect(note.cancelled_at).not.toBeNull();
    expect(await familyBalances(server.db, email)).toEqual([{ currency: "USD", balanceMinor: 0 }]);
    const ok = await refund(payment.id, { amountMinor: 100, reason: "What is left" });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it("the stand-in keeps Stripe's Idempotency-Key: the same key gives the same refund, another body with it is refused", async () => {
    const { row } = await enrol("idem@example.com");
    const payment = await payOnline(row);
    const post = (body: string) =>
      fetch(`${stripe.url}/v1/refunds`, {
        method: "POST",
        headers: { authorization: `Bearer ${stripe.secretKey}`, "content-type": "application/x-www-form-urlencoded", "idempotency-key": "CN-TEST-1" },
        body,
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const first = await post(`payment_intent=${payment.provider_ref}&amount=300`);
    const again = await post(`payment_intent=${payment.provider_ref}&amount=300`);
    expect(again.body.id).toBe(first.body.id);
    expect((await post(`payment_intent=${payment.provider_ref}&amount=400`)).body.error.type).toBe("idempotency_error");
  });

  it("draws the invoice and credit note PDFs: Arabic right to left with numbers, amounts and e-mails isolated left to right; English as written", async () => {
    const email = "pdf.family@example.com";
    const { invoice } = await enrol(email, "ar");
    const paymentId = await payAtDesk(invoice.id, invoice.total_minor);
    const made = await refund(paymentId, { amountMinor: 1_250, reason: "Sibling moved" });
    expect(made.status).toBe(201);
    const ar = await get(`/admin/billing/invoices/${invoice.id}/pdf`, staff.cookie!);
    expect(ar.status).toBe(200);
    expect(ar.type).toBe("application/pdf");
    const arText = pdfText(ar.bytes);
    // Arabic runs are stored in visual order: read back logically they are the words.
    expect(arText.logical).toContain("فاتورة");
    expect(arText.logical).toContain("الرصيد المستحق");
    expect(arText.logical).toContain(course.name_ar);
    // Readers that honour /ActualText (Acrobat, pdftotext) get the Arabic lines as written too (issue 42).
    expect(arText.text).toContain("الرصيد المستحق");
    expect(arText.text).toContain(course.name_ar);
    // Numbers, amounts, the e-mail: left to right as written, never reversed.
    expect(arText.text).toContain(invoice.number);
    expect(arText.text).not.toContain([...invoice.number].reverse().join(""));
    expect(arText.text).toContain(email);
    expect(arText.text).toContain("12.50 USD");
    const total = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2 }).format(invoice.total_minor / 100);
    expect(arText.text).toContain(`${total} USD`);

    const note = await get(made.body.creditNote.pdf, staff.cookie!);
    const noteText = pdfText(note.bytes);
    expect(noteText.logical).toContain("إشعار دائن");
    expect(noteText.text).toContain(made.body.creditNote.number);
    expect(noteText.text).toContain("12.50 USD");

    // The family's own, in the address's language; another family's is a 404; signed out, sign in first.
    const parent = await server.signIn("user");
    // The family's by its proven e-mail (the one ownership rule; an unproven one reaches nothing: issue 39).
    await server.db.updateTable("users").set({ email_verified_at: new Date().toISOString() }).where("id", "=", parent.user.id).execute();
    await server.db.updateTable("invoices").set({ family_key: parent.user.email.toLowerCase() }).where("id", "=", invoice.id).execute();
    await server.db.updateTable("credit_notes").set({ family_key: parent.user.email.toLowerCase() }).where("invoice_id", "=", invoice.id).execute();
    const en = await get(`/account/invoices/${invoice.id}/pdf`, parent.cookie);
    expect(en.status).toBe(200);
    const enText = pdfText(en.bytes).text;
    expect(enText).toContain("Invoice");
    expect(enText).toContain("Balance due");
    expect(enText).toContain(invoice.number);
    expect((await get(`/ar/account/credit-notes/${made.body.creditNote.id}/pdf`, parent.cookie)).status).toBe(200);
    const other = await enrol("someone.else@example.com");
    expect((await get(`/account/invoices/${other.invoice.id}/pdf`, parent.cookie)).status).toBe(404);
    expect((await get(`/account/invoices/abc/pdf`, parent.cookie)).status).toBe(404);
    const out = await get(`/ar/account/invoices/${invoice.id}/pdf`, "");
    expect(out.status).toBe(303);
    expect(out.location).toBe(`/ar/login?next=${encodeURIComponent(`/ar/account/invoices/${invoice.id}/pdf`)}`);
    // Staff PDFs are staff only.
    expect((await get(`/admin/billing/invoices/${invoice.id}/pdf`, parent.cookie)).status).toBe(403);
    expect((await get(`/admin/billing/invoices/${invoice.id}/pdf`, "")).status).toBe(401);
  });

  it("dropping an enrolment voids what is owed and proposes the course's refund policy, prefilled on the refund page", async () => {
    const email = "drop.policy@example.com";
    const { row, invoice } = await enrol(email);
    const paymentId = await payAtDesk(invoice.id, 2_000);
    const saved = await server.request("PUT", `/api/admin/billing/refund-policies/course/${course.id}`, {
      json: { percentBefore: 50, percentAfter: 0 },
      headers: staff,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(
      (await server.request("PUT", `/api/admin/billing/refund-policies/course/${course.id}`, { json: { percentBefore: 101, percentAfter: 0 }, headers: staff }))
        .status,
    ).toBe(400);
    const dropped = await server.request("POST", `/api/admin/enrolments/${row.reference}/drop`, { json: { reason: "Moving away" }, headers: staff });
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
    const after = await server.db.selectFrom("invoices").select("status").where("id", "=", invoice.id).executeTakeFirstOrThrow();
    expect(after.status).toBe("void");
    // Paid 20.00 of the fee, the rest voided: the family owes nothing; the academy still holds 20.00 until staff refund it.
    expect(await familyBalances(server.db, email)).toEqual([{ currency: "USD", balanceMinor: 0 }]);
    // The staff enrolment page's proposal (the page itself is walked in the browser suite).
    const proposal = await sectionRefundProposal(server.db, row.id);
    expect(proposal).toMatchObject({
      when: "before",
      percent: 50,
      totalMinor: 1_000,
      payments: [
        { paymentId, paidMinor: 2_000, leftMinor: 2_000, proposedMinor: 1_000, href: `/admin/billing/payments/${paymentId}/refund?amount=10.00&policy=50` },
      ],
    });
    const refunded = await refund(paymentId, { amountMinor: 1_000, reason: "Policy: 50% before the start" });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    expect(await familyBalances(server.db, email)).toEqual([{ currency: "USD", balanceMinor: 0 }]);
    await server.request("PUT", `/api/admin/billing/refund-policies/course/${course.id}`, { json: { percentBefore: 100, percentAfter: 0 }, headers: staff });
  });

  it("a payment that comes after the hold ran out with no seat left is recorded and given back in the ledger (onCheckoutPaid 'refunded')", async () => {
    const email = "late.payment@example.com";
    const { row, invoice } = await enrol(email);
    const token = enrolmentPaymentLink.token(server.config.sessionSecret, row);
    const started = await server.request("POST", "/api/payments/checkouts", { json: { token } });
    expect(started.status).toBe(201);
    // The hold runs out (the sweep voids the invoice); the seat goes to someone else (the group closes).
    await server.db
      .updateTable("section_enrolments")
      .set({ payment_hold_until: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", row.id)
      .execute();
    await sweepPaymentHolds(server.db);
    await server.db.updateTable("course_sections").set({ status: "closed" }).where("id", "=", row.section_id).execute();
    const before = stripe.refunds.length;
    expect((await fetch(started.body.url, { method: "POST", redirect: "manual" })).status).toBe(303);
    // The return is a job queued by the event's job.
    await vi.waitFor(() => expect(stripe.refunds.length - before).toBe(1), { timeout: 5_000 });
    await vi.waitFor(
      async () =>
        expect(
          (
            await server.db
              .selectFrom("payments")
              .select("refund_state")
              .where("invoice_id", "=", invoice.id)
              .where("kind", "=", "refund")
              .executeTakeFirstOrThrow()
          ).refund_state,
        ).toBe("done"),
      { timeout: 5_000 },
    );
    const rows = await server.db.selectFrom("payments").selectAll().where("invoice_id", "=", invoice.id).orderBy("id").execute();
    expect(rows).toMatchObject([
      { kind: "payment", method: "online", amount_minor: invoice.total_minor },
      {
        kind: "refund",
        method: "online",
        amount_minor: invoice.total_minor,
        refund_state: "done",
        provider_ref: stripe.refunds.at(-1)!.id,
        credit_note_id: null,
      },
    ]);
    expect(await familyBalances(server.db, email)).toEqual([{ currency: "USD", balanceMinor: 0 }]);
  });
});
