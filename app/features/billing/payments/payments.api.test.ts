import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { startStripeStandIn, type StripeStandIn } from "~server/test/stripe-stand-in";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { enrolmentPaymentLink } from "~/features/enrolments/links.server";
import { paymentProviderOf } from "./payment-provider.server";
import { stripeProvider } from "./stripe-provider.server";
import { sweepPaymentHolds } from "./payment-holds.server";
import { STRIPE_WEBHOOK_PATH } from "./payments.api";

/**
 * Paying online (issue 31 part 3, decision 085) against the local Stripe stand-in through the
 * official library, on SQLite and PostgreSQL (TEST_DATABASE_URL): the held seat, the hosted
 * checkout, the signed webhook confirming once however often and late it comes, the hold sweep
 * passing the seat to the waitlist, and the shipped default without keys.
 */
describe("online payment with Stripe Checkout", () => {
  let server: TestServer;
  let stripe: StripeStandIn;
  let staff: Record<string, string>;
  let course: { id: number; slug: string; min_age: number; price: number };
  let today: string;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    server = await startTestServer({ STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.url });
    stripe.setWebhookUrl(server.url + STRIPE_WEBHOOK_PATH);
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie, origin: server.url };
    course = await server.db
      .selectFrom("courses")
      .select(["id", "slug", "min_age", "price"])
      .where("slug", "=", "robotics-fundamentals")
      .executeTakeFirstOrThrow();
    const timeZone = (await server.request("GET", `/api/courses/${course.slug}/sections`)).body.timeZone;
    today = zonedParts(new Date(), timeZone).date;
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.stop();
  });

  const create = async (capacity: number) => {
    const json = { courseId: course.id, weekdays: [2, 4], startTime: "16:00", durationMinutes: 60, firstDate: addDays(today, 10), meetings: 4, capacity };
    const res = await server.request("POST", "/api/admin/sections", { json, headers: staff });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  const child = (email: string) => ({ childName: `Child ${email}`, childAge: course.min_age, parentName: "Sana Khan", email, phone: "+91 98765 43210" });
  const enrol = async (sectionId: number, email: string, headers: Record<string, string> = {}) => {
    const res = await server.request("POST", `/api/sections/${sectionId}/enrolments`, { json: child(email), headers });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await server.db.selectFrom("section_enrolments").selectAll().where("reference", "=", res.body.reference).executeTakeFirstOrThrow();
    return { body: res.body, row, token: enrolmentPaymentLink.token(server.config.sessionSecret, row) };
  };
  const checkout = async (token: string, headers: Record<string, string> = {}) => {
    const res = await server.request("POST", "/api/payments/checkouts", { json: { token }, headers });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { url: string; sessionId: string };
  };
  const enrolment = (id: number) => server.db.selectFrom("section_enrolments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const seats = async (id: number) =>
    (await server.db.selectFrom("course_sections").select("seats_taken").where("id", "=", id).executeTakeFirstOrThrow()).seats_taken;
  const checkoutRow = (sessionId: string) =>
    server.db.selectFrom("payment_checkouts").selectAll().where("session_id", "=", sessionId).executeTakeFirstOrThrow();
  const mailsTo = async (email: string, template: string) =>
    (await server.db.selectFrom("jobs").select("payload").where("kind", "=", "mail").execute()).filter(
      (job) => job.payload.includes(`"to":"${email}"`) && job.payload.includes(`"template":"${template}"`),
    ).length;
  const eventsOf = async (sessionId: string) =>
    Number(
      (
        await server.db
          .selectFrom("payment_events")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("session_id", "=", sessionId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const postWebhook = (body: string, signature?: string) =>
    server.request("POST", STRIPE_WEBHOOK_PATH, {
      body,
      headers: { "content-type": "application/json; charset=utf-8", ...(signature ? { "stripe-signature": signature } : {}) },
    });

  it("the stand-in answers the real library as Stripe does: sessions, retrieval, refunds, and Stripe's errors", async () => {
    const provider = paymentProviderOf(server.config)!;
    const expiresAt = new Date(Date.now() + 45 * 60_000).toISOString();
    // Ours upper case; Stripe's lower case lives only in the adapter (decision 101).
    const request = {
      amountMinor: 12_345,
      currency: "USD",
      description: "Robotics — Zara",
      reference: "ABC123",
      customerEmail: "lib@example.com",
      lang: "en" as const,
      successUrl: "http://localhost/ok?session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: "http://localhost/back",
      expiresAt,
    };
    const session = await provider.createCheckout(request);
    expect(session.sessionId).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${stripe.url}/c/pay/${session.sessionId}`);
    expect(stripe.sessions.get(session.sessionId)).toMatchObject({
      amount_total: 12_345,
      currency: "usd",
      client_reference_id: "ABC123",
      customer_email: "lib@example.com",
      locale: "en",
    });
    expect(await provider.retrieveCheckout(session.sessionId)).toMatchObject({ paid: false, paymentRef: null, amountMinor: 12_345 });
    stripe.complete(session.sessionId);
    const paid = await provider.retrieveCheckout(session.sessionId);
    expect(paid).toMatchObject({ paid: true, amountMinor: 12_345, currency: "USD", paymentRef: expect.stringMatching(/^pi_test_/) });
    expect(await provider.refund(paid.paymentRef!, 345, "key-1")).toEqual({ kind: "done", id: expect.stringMatching(/^re_test_/) });
    // Stripe's refusal is "refused" (nothing happened); its 5xx or a dropped answer is "unknown" (decision 094).
    expect(await provider.refund(paid.paymentRef!, 20_000, "key-2")).toEqual({ kind: "refused", code: expect.any(String) });
    stripe.failNext("before");
    expect(await provider.refund(paid.paymentRef!, 1, "key-3")).toEqual({ kind: "unknown" });
    stripe.failNext("after");
    expect(await provider.refund(paid.paymentRef!, 1, "key-4")).toEqual({ kind: "unknown" });
    // The lost answer's refund was made: asked again with its key, the same refund comes back.
    expect(await provider.refund(paid.paymentRef!, 1, "key-4")).toEqual({ kind: "done", id: stripe.refunds.at(-1)!.id });
    await provider.refund(paid.paymentRef!, undefined, "key-5");
    expect(stripe.refunds.filter((refund) => refund.payment_intent === paid.paymentRef).map((refund) => refund.amount)).toEqual([345, 1, 11_999]);
    // Stripe's own rules and errors, as the library raises them.
    await expect(provider.createCheckout({ ...request, expiresAt: new Date(Date.now() + 60_000).toISOString() })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      param: "expires_at",
    });
    await expect(provider.retrieveCheckout("cs_test_missing")).rejects.toMatchObject({ type: "StripeInvalidRequestError", statusCode: 404 });
    const wrongKey = stripeProvider({ secretKey: "sk_test_wrongwrongwrong", webhookSecret: stripe.webhookSecret, apiUrl: stripe.url });
    await expect(wrongKey.retrieveCheckout(session.sessionId)).rejects.toMatchObject({ type: "StripeAuthenticationError", statusCode: 401 });
  });

  it("an enrolment holds its seat while the family pays; the hosted page's Pay confirms it, with one payment and one confirmation e-mail", async () => {
    const id = await create(2);
    const held = await enrol(id, "pay.en@example.com", { "accept-language": "ar" });
    expect(held.body).toMatchObject({ paymentUrl: expect.stringMatching(/^\/ar\/payments\/enrolment\?token=\d+_[\w-]{43}$/), holdUntil: expect.any(String) });
    const minutes = (Date.parse(held.body.holdUntil) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(28);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(held.row.payment_hold_until).toBe(held.body.holdUntil);
    expect(await seats(id)).toBe(1);
    // The confirmation waits for the payment.
    expect(await mailsTo("pay.en@example.com", "section-enrolment")).toBe(0);

    const started = await checkout(held.token, { "accept-language": "ar" });
    const session = stripe.sessions.get(started.sessionId)!;
    expect(session).toMatchObject({ amount_total: course.price * 100, currency: "usd", status: "open", locale: "auto" });
    expect(session.success_url).toBe(`${server.config.publicUrl}/ar/payments/enrolment?token=${held.token}&session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`${server.config.publicUrl}/ar/payments/enrolment?token=${held.token}&cancelled=1`);
    expect(await checkoutRow(started.sessionId)).toMatchObject({ status: "open", amount_minor: course.price * 100, enrolment_id: held.row.id, lang: "ar" });

    // The family presses Pay on the hosted page: the event is delivered, then they are sent back.
    const pay = await fetch(started.url, { method: "POST", redirect: "manual" });
    expect(pay.status).toBe(303);
    expect(pay.headers.get("location")).toBe(session.success_url.replace("{CHECKOUT_SESSION_ID}", started.sessionId));
    // The webhook stored the event; its job confirms the seat a moment later.
    await vi.waitFor(async () => expect(await enrolment(held.row.id)).toMatchObject({ status: "enrolled", payment_hold_until: null }), { timeout: 5_000 });
    expect(await checkoutRow(started.sessionId)).toMatchObject({
      status: "paid",
      paid_amount_minor: course.price * 100,
      payment_ref: expect.stringMatching(/^pi_test_/),
    });
    expect(await eventsOf(started.sessionId)).toBe(1);
    expect(await mailsTo("pay.en@example.com", "section-enrolment")).toBe(1);
    expect(await seats(id)).toBe(1);
    // Paid: no second checkout.
    const again = await server.request("POST", "/api/payments/checkouts", { json: { token: held.token } });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe("paid");
  });

  it("the same webhook delivered 20 times at once, and again with another event id, records one payment and confirms once", async () => {
    const id = await create(3);
    const held = await enrol(id, "twenty@example.com");
    const started = await checkout(held.token);
    const event = stripe.complete(started.sessionId);
    const statuses = await Promise.all(Array.from({ length: 20 }, () => stripe.deliver(event)));
    expect(
      statuses.every((status) => status === 200),
      String(statuses),
    ).toBe(true);
    // Out of order: a second event of the same session (as a resend or async success would be).
    expect(await stripe.deliver({ ...event, id: "evt_test_other_delivery" })).toBe(200);
    expect(await eventsOf(started.sessionId)).toBe(2);
    const outcomes = () => server.db.selectFrom("payment_events").select("outcome").where("session_id", "=", started.sessionId).orderBy("id").execute();
    await vi.waitFor(async () => expect((await outcomes()).map((row) => row.outcome)).toEqual(["confirmed", "duplicate"]), { timeout: 5_000 });
    expect(await server.db.selectFrom("payment_checkouts").select("status").where("enrolment_id", "=", held.row.id).execute()).toEqual([{ status: "paid" }]);
    expect(await enrolment(held.row.id)).toMatchObject({ status: "enrolled", payment_hold_until: null });
    expect(await mailsTo("twenty@example.com", "section-enrolment")).toBe(1);
    expect(await seats(id)).toBe(1);
  });

  it("a webhook without a valid signature is refused with 400 JSON and records nothing", async () => {
    const id = await create(2);
    const held = await enrol(id, "forged@example.com");
    const started = await checkout(held.token);
    const event = stripe.complete(started.sessionId);
    const payload = JSON.stringify(event);
    const attempts = [
      ["no signature", undefined],
      ["another secret", stripe.sign(payload, undefined, "whsec_not_the_right_secret_at_all")],
      ["signed, then the amount changed", stripe.sign(payload.replace(/"amount_total":\d+/, '"amount_total":1'))],
      ["ten minutes old", stripe.sign(payload, Math.floor(Date.now() / 1000) - 600)],
      ["garbage header", "t=abc,v1=zzz"],
    ] as const;
    for (const [label, signature] of attempts) {
      const body = label === "signed, then the amount changed" ? payload.replace(/"amount_total":\d+/, '"amount_total":2') : payload;
      const res = await postWebhook(body, signature);
      expect(res.status, label).toBe(400);
      expect(res.body.message, label).toEqual(expect.any(String));
    }
    expect(await eventsOf(started.sessionId)).toBe(0);
    expect(await checkoutRow(started.sessionId)).toMatchObject({ status: "open" });
    expect(await enrolment(held.row.id)).toMatchObject({ payment_hold_until: held.row.payment_hold_until });
    // The same event, signed as Stripe signs it, is taken.
    const res = await postWebhook(payload, stripe.sign(payload));
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe("queued");
    await vi.waitFor(async () => expect(await checkoutRow(started.sessionId)).toMatchObject({ status: "paid" }), { timeout: 5_000 });
  });

  it("an expired hold frees the seat and offers it to the waitlist; a payment after that is refunded and the family told; with a seat still free it is confirmed late", async () => {
    const id = await create(1);
    const held = await enrol(id, "late.payer@example.com");
    const started = await checkout(held.token);
    const waiting = await server.request("POST", `/api/sections/${id}/waitlist`, { json: child("next.in.line@example.com") });
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(201);
    // Not yet run out: nothing ends.
    expect(await sweepPaymentHolds(server.db)).toBe(0);
    const later = new Date(Date.now() + 31 * 60_000);
    // Two instances sweeping at once end the hold once.
    const [a, b] = await Promise.all([sweepPaymentHolds(server.db, later), sweepPaymentHolds(server.db, later)]);
    expect(a + b, JSON.stringify(await server.db.selectFrom("section_enrolments").select(["id", "email", "status", "payment_hold_until"]).execute())).toBe(1);
    expect(await enrolment(held.row.id)).toMatchObject({ status: "cancelled", payment_hold_until: held.row.payment_hold_until });
    expect(await server.db.selectFrom("section_waitlist").select("status").where("email", "=", "next.in.line@example.com").executeTakeFirstOrThrow()).toEqual({
      status: "offered",
    });
    expect(await seats(id)).toBe(1);
    expect(await checkoutRow(started.sessionId)).toMatchObject({ status: "expired" });
    expect((await server.request("POST", "/api/payments/checkouts", { json: { token: held.token } })).body.reason).toBe("expired");

    // The family pays anyway (the session outlives the hold): no seat, so the money goes back.
    const event = stripe.complete(started.sessionId);
    expect(await stripe.deliver(event)).toBe(200);
    // The return is a job queued by the event's job (decision 094).
    await vi.waitFor(async () => expect(await checkoutRow(started.sessionId)).toMatchObject({ status: "refunded" }), { timeout: 5_000 });
    const refunded = await checkoutRow(started.sessionId);
    expect(refunded).toMatchObject({ status: "refunded", payment_ref: expect.stringMatching(/^pi_test_/) });
    expect(stripe.refunds.filter((refund) => refund.payment_intent === refunded.payment_ref).map((refund) => refund.amount)).toEqual([course.price * 100]);
    expect(await mailsTo("late.payer@example.com", "payment-refunded")).toBe(1);
    expect(await enrolment(held.row.id)).toMatchObject({ status: "cancelled" });
    expect(await seats(id)).toBe(1);
    // Delivered again: nothing more (no second refund).
    expect(await stripe.deliver(event)).toBe(200);
    expect(stripe.refunds.filter((refund) => refund.payment_intent === refunded.payment_ref)).toHaveLength(1);

    // A hold that ran out with the seat still free: the late payment takes it again.
    const roomy = await create(2);
    const late = await enrol(roomy, "late.but.lucky@example.com");
    const lateSession = await checkout(late.token);
    expect(await sweepPaymentHolds(server.db, later)).toBe(1);
    expect(await seats(roomy)).toBe(0);
    expect(await stripe.deliver(stripe.complete(lateSession.sessionId))).toBe(200);
    await vi.waitFor(async () => expect(await enrolment(late.row.id)).toMatchObject({ status: "enrolled", payment_hold_until: null }), { timeout: 5_000 });
    expect(await checkoutRow(lateSession.sessionId)).toMatchObject({ status: "paid" });
    expect(await seats(roomy)).toBe(1);
    expect(await mailsTo("late.but.lucky@example.com", "section-enrolment")).toBe(1);
  });

  it("charges the fee as priced at enrolment (a promo code's discount), and a fee brought to nothing is confirmed without payment", async () => {
    const id = await create(5);
    const code = async (json: Record<string, unknown>) =>
      expect((await server.request("POST", "/api/admin/promo-codes", { json: { maxUses: 5, ...json }, headers: staff })).status).toBe(201);
    await code({ code: "HALFOFF", kind: "percent", percent: 50 });
    await code({ code: "ALLOFF", kind: "percent", percent: 100 });
    const half = await server.request("POST", `/api/sections/${id}/enrolments`, { json: { ...child("half@example.com"), promoCode: "halfoff" } });
    expect(half.status, JSON.stringify(half.body)).toBe(201);
    const row = await server.db.selectFrom("section_enrolments").selectAll().where("reference", "=", half.body.reference).executeTakeFirstOrThrow();
    expect(half.body.price.totalMinor).toBeLessThan(Math.round(course.price * 100));
    const started = await checkout(enrolmentPaymentLink.token(server.config.sessionSecret, row));
    expect(stripe.sessions.get(started.sessionId)).toMatchObject({ amount_total: half.body.price.totalMinor });
    const free = await server.request("POST", `/api/sections/${id}/enrolments`, { json: { ...child("free@example.com"), promoCode: "ALLOFF" } });
    expect(free.status, JSON.stringify(free.body)).toBe(201);
    expect(free.body.paymentUrl).toBeUndefined();
    expect(
      await server.db
        .selectFrom("section_enrolments")
        .select(["payment_hold_until", "status"])
        .where("reference", "=", free.body.reference)
        .executeTakeFirstOrThrow(),
    ).toEqual({ payment_hold_until: null, status: "enrolled" });
  });
});

describe("without Stripe keys (as shipped)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("enrolments are confirmed at once and wait for a desk payment; the payment endpoints answer 404", async () => {
    const admin = await server.signIn("admin");
    const course = await server.db
      .selectFrom("courses")
      .select(["id", "slug", "min_age"])
      .where("slug", "=", "robotics-fundamentals")
      .executeTakeFirstOrThrow();
    const timeZone = (await server.request("GET", `/api/courses/${course.slug}/sections`)).body.timeZone;
    const json = {
      courseId: course.id,
      weekdays: [2],
      startTime: "16:00",
      durationMinutes: 60,
      firstDate: addDays(zonedParts(new Date(), timeZone).date, 10),
      meetings: 2,
      capacity: 2,
    };
    const section = await server.request("POST", "/api/admin/sections", { json, headers: { cookie: admin.cookie, origin: server.url } });
    const res = await server.request("POST", `/api/sections/${section.body.id}/enrolments`, {
      json: { childName: "Desk Child", childAge: course.min_age, parentName: "Sana Khan", email: "desk@example.com", phone: "+91 98765 43210" },
    });
    expect(res.status).toBe(201);
    expect(res.body.paymentUrl).toBeUndefined();
    const row = await server.db.selectFrom("section_enrolments").selectAll().where("reference", "=", res.body.reference).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "enrolled", payment_hold_until: null });
    const token = enrolmentPaymentLink.token(server.config.sessionSecret, row);
    const started = await server.request("POST", "/api/payments/checkouts", { json: { token } });
    expect(started.status).toBe(404);
    expect(started.body.message).toEqual(expect.any(String));
    const hook = await server.request("POST", STRIPE_WEBHOOK_PATH, {
      body: "{}",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
    });
    expect(hook.status).toBe(404);
    expect(hook.body.message).toEqual(expect.any(String));
  });
});
