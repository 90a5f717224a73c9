import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { startStripeStandIn, type StripeStandIn } from "~server/test/stripe-stand-in";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { enrolmentPaymentLink } from "~/features/enrolments/links.server";
import { STRIPE_WEBHOOK_PATH } from "./payments.api";

const TOKEN = "metrics-token-for-payment-tests-42";

/**
 * The payment figures in GET /metrics (issue 46 part 4): webhook deliveries, processed events and
 * refunds by outcome, with no id of a session, payment or event in a label. Counters are the
 * process's, shared with other test files (decision 123): each figure is read as what this test added.
 */
describe("payment figures in /metrics", () => {
  let server: TestServer;
  let stripe: StripeStandIn;
  let staff: Record<string, string>;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    server = await startTestServer({
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      METRICS_TOKEN: TOKEN,
    });
    stripe.setWebhookUrl(server.url + STRIPE_WEBHOOK_PATH);
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie, origin: server.url };
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.stop();
  });

  const scrape = async () => {
    const res = await server.request("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    return String(res.body);
  };
  /** Every sample of the payment figures, keyed `name{label}`. */
  const figures = (text: string) =>
    Object.fromEntries(
      [...text.matchAll(/^((?:payment_webhook_events_total|payment_events_processed_total|refunds)\{\w+="[^"]*"\}) (\d+)$/gm)].map((m) => [
        m[1]!,
        Number(m[2]),
      ]),
    );
  const added = (before: Record<string, number>, after: Record<string, number>) =>
    Object.fromEntries(
      Object.entries(after)
        .filter(([key, n]) => n !== (before[key] ?? 0))
        .map(([key, n]) => [key, n - (before[key] ?? 0)]),
    );

  it("counts webhook deliveries, processed payment events and refunds by outcome, and names no id", async () => {
    const before = figures(await scrape());
    // A family pays for a held seat online.
    const course = await server.db
      .selectFrom("courses")
      .select(["id", "slug", "min_age"])
      .where("slug", "=", "robotics-fundamentals")
      .executeTakeFirstOrThrow();
    const timeZone = (await server.request("GET", `/api/courses/${course.slug}/sections`)).body.timeZone;
    const section = await server.request("POST", "/api/admin/sections", {
      json: {
        courseId: course.id,
        weekdays: [2, 4],
        startTime: "16:00",
        durationMinutes: 60,
        firstDate: addDays(zonedParts(new Date(), timeZone).date, 10),
        meetings: 4,
        capacity: 3,
      },
      headers: staff,
    });
    expect(section.status, JSON.stringify(section.body)).toBe(201);
    const enrolled = await server.request("POST", `/api/sections/${section.body.id}/enrolments`, {
      json: { childName: "Metrics Child", childAge: course.min_age, parentName: "Sana Khan", email: "metrics.family@example.com", phone: "+91 98765 43210" },
    });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
    const row = await server.db.selectFrom("section_enrolments").selectAll().where("reference", "=", enrolled.body.reference).executeTakeFirstOrThrow();
    const started = await server.request("POST", "/api/payments/checkouts", {
      json: { token: enrolmentPaymentLink.token(server.config.sessionSecret, row) },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const sessionId = started.body.sessionId as string;

    // Stripe delivers the payment twice; someone posts an unsigned event.
    const paid = stripe.complete(sessionId);
    expect(await stripe.deliver(paid)).toBe(200);
    expect(await stripe.deliver(paid)).toBe(200);
    const forged = await server.request("POST", STRIPE_WEBHOOK_PATH, {
      body: JSON.stringify(paid),
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
    });
    expect(forged.status).toBe(400);
    await expect
      .poll(async () => (await server.db.selectFrom("payment_events").select("outcome").where("event_id", "=", paid.id).executeTakeFirstOrThrow()).outcome, {
        timeout: 5_000,
      })
      .toBe("confirmed");

    // A refund made in the provider's dashboard: recorded in the ledger as done.
    const { payment_ref: intent } = await server.db
      .selectFrom("payment_checkouts")
      .select("payment_ref")
      .where("session_id", "=", sessionId)
      .executeTakeFirstOrThrow();
    stripe.dashboardRefund(intent!, 500);
    const refunded = stripe.chargeRefunded(intent!);
    expect(await stripe.deliver(refunded)).toBe(200);

    // Counted when the job's transaction is over, a moment after the row says so: poll.
    await expect
      .poll(async () => added(before, figures(await scrape())), { timeout: 5_000 })
      .toEqual({
        'payment_webhook_events_total{outcome="stored"}': 2,
        'payment_webhook_events_total{outcome="duplicate"}': 1,
        'payment_webhook_events_total{outcome="refused_signature"}': 1,
        'payment_events_processed_total{outcome="confirmed"}': 1,
        'payment_events_processed_total{outcome="outside"}': 1,
        'refunds{state="done"}': 1,
      });
    const text = await scrape();
    expect(text).toMatch(/^refunds\{state="pending"\} \d+$/m);
    expect(text).toMatch(/^refunds\{state="failed"\} \d+$/m);
    for (const id of [sessionId, intent!, paid.id, refunded.id, "metrics.family"]) expect(text).not.toContain(id);
  });
});
