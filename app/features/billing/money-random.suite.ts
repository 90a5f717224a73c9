import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, requestListener } from "~server/app";
import type { DB } from "~server/db/db";
import { fromDbJson } from "~server/db/values";
import { createLogger } from "~server/logger";
import { startTestServer, type TestServer } from "~server/test/harness";
import { startStripeStandIn, type RefundAnswer, type StripeEvent, type StripeStandIn } from "~server/test/stripe-stand-in";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { sweepPaymentHolds } from "~/features/billing/payments/payment-holds.server";
import { paymentProviderOf } from "~/features/billing/payments/payment-provider.server";
import { retryPendingRefunds } from "~/features/billing/refunds/refund-retry.server";

/**
 * Issue 38's randomised proof: OPS operations (default 1,000) over 30 families and three currencies
 * (courses in USD and, where a course takes a currency, KWD with 3 decimals; the camp in INR),
 * through the public surface: the public enrol endpoints (promo codes with few uses, siblings of
 * signed-in families), the hold sweep, online payments through the Stripe stand-in (signed events
 * duplicated, reordered, mismatched in amount or currency, two checkouts both paid), desk payments
 * (double-submitted forms), refunds the provider answers done, refused or never (the money moved,
 * the answer lost) with staff's retry, drops, moves and account erasure. Concurrency comes in
 * batches: one operation per family at a time, BATCH families at once. Then each invariant is its
 * own test, naming what broke and a few examples. Run once per database and once with every other
 * request through a second app instance on the same database.
 *
 * Replay: the seed is printed and in every failure; MONEY_SEED=<seed> runs the same program
 * (the same choices; timings under concurrency may still differ). MONEY_OPS changes the count.
 */
const OPS = Number(process.env.MONEY_OPS ?? 1_000);
const FAMILIES = 30;
const SIGNED_IN = 10;
const BATCH = 15;
const CAPACITY = 10;
// A bound on time as well as count: the run stops early (and says so) rather than hang CI.
const RUN_BUDGET_MS = 300_000;
// 13 KWD (a course price may have the currency's 3 decimals; a whole one keeps the amounts readable):
// minor units are multiples of 1,000 until the discounts (10 %, 20 %) and the tax (18 %) make them
// otherwise, and Stripe takes only tens of fils (an odd total is refused at the checkout, decision 101).
const KWD_PRICE_MINOR = 13_000;
// The admin course API takes `currency` (issue 38 part 2): the run must use three currencies.
const REQUIRE_KWD = true;
// The jobs whose work the invariants read (decision 094), and how long the run waits for them.
const MONEY_JOBS = ["payment-event", "refund-return", "checkout-check"];
const DRAIN_MS = 90_000;

type Headers = Record<string, string>;
interface Family {
  index: number;
  email: string;
  /** The parent's session (signed-in families: siblings and erasure); {} for a guest. */
  auth: Headers;
  erased: boolean;
  children: number;
}
interface Enrolment {
  family: Family;
  reference: string;
  child: string;
  kind: "section" | "camp";
  courseIndex: number;
  sectionId: number;
  token: string | null;
  promo: string | null;
  sibling: boolean;
  sessions: string[];
  /** Events of its checkouts that told the truth (amount and currency as asked), and mismatched ones. */
  paidTrue: number;
  paidMismatched: number;
  ended: boolean;
}
type Violations = Map<string, string[]>;

const INVARIANTS = {
  balance: "ledger balance = invoiced − credited − paid + refunded, per family and currency",
  standIn: "money moved at the stand-in = money in the ledger, per family and currency",
  refundOnce: "every refund paid out at the stand-in is one refund in the ledger, none left pending after the sweep",
  promoLimit: "no promo code used past its limit",
  promoBurn: "a promo use counts only an enrolment that is live or paid (an unpaid one that ended gives it back)",
  capacity: "no group over capacity; seats taken = live enrolments",
  tax: "the amount asked online is the invoice's outstanding amount, tax included (and confirmed online means nothing owed)",
  mismatch: "a paid event whose amount or currency differ from the checkout's does not confirm while anything is owed",
  deskTwice: "a desk form submitted twice records one payment",
  deskPaid: "paid in full at the desk: no new online checkout, and the seat is confirmed",
  paidEnrolled: "an invoice paid in full keeps its enrolment (the hold sweep never cancels a paid seat)",
  erasure: "erasing an account voids what it still owes",
  sibling: "the sibling discount comes only from a sibling enrolled and paid",
  errors: "no request answers 5xx and no sweep fails (deadlock, conflict) under concurrency",
  ops: "the run did what it claims (operations, families, currencies)",
} as const;
type Invariant = keyof typeof INVARIANTS;

/**
 * The run on one instance, or with half the requests through a second instance on the same
 * database: money-random.test.ts and money-random-two-instances.test.ts run one each, so the two
 * runs (a minute or more each) take both workers of the test run instead of one after the other.
 */
export function moneyUnderRandomOperations(instances: 1 | 2): void {
  describe(`money under ${OPS} random operations (${instances === 1 ? "one instance" : "half the requests through a second instance"})`, () => {
    const seed = Number(process.env.MONEY_SEED ?? randomBytes(4).readUInt32BE(0));
    let server: TestServer;
    let stripe: StripeStandIn;
    let db2: DB | undefined;
    let http2: Server | undefined;
    const bases: string[] = [];
    let staff: Headers;
    const families: Family[] = [];
    const enrolments: Enrolment[] = [];
    const violations: Violations = new Map();
    const counts: Record<string, number> = {};
    const currencies = new Set<string>();
    const promoCodes = ["RAND-A", "RAND-B", "RAND-C"];
    const deskForms: { reference: string; invoiceId: number }[] = [];
    const courses: { id: number; slug: string; age: number; currency: string; sections: number[] }[] = [];
    let camp: { title: string; session: string } | undefined;
    let runError: unknown;
    let requestNo = 0;

    const tag = `seed ${seed} (replay: MONEY_SEED=${seed} MONEY_OPS=${OPS}${process.env.TEST_DATABASE_URL ? " on PostgreSQL" : " on SQLite"}, ${instances} instance${instances > 1 ? "s" : ""})`;
    const flag = (invariant: Invariant, example: string) => {
      const list = violations.get(invariant) ?? [];
      list.push(example);
      violations.set(invariant, list);
    };

    // A small seeded generator (mulberry32): the same choices for the same seed.
    let state = seed >>> 0;
    const random = () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const chance = (p: number) => random() < p;

    /** A request through one instance or the other (every other request with two), from its own client address. */
    const call = async (
      method: string,
      path: string,
      options: { json?: unknown; body?: string; headers?: Headers } = {},
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each caller reads the fields it needs
    ): Promise<{ status: number; body: any }> => {
      const base = bases[requestNo++ % bases.length]!;
      const n = requestNo;
      const headers: Headers = { "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`, ...options.headers };
      let body = options.body;
      if (options.json !== undefined) {
        headers["content-type"] = "application/json";
        body = JSON.stringify(options.json);
      }
      const response = await fetch(base + path, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(30_000) });
      const text = await response.text();
      try {
        return { status: response.status, body: JSON.parse(text) };
      } catch {
        return { status: response.status, body: text };
      }
    };
    /** Stripe's delivery, signed as Stripe signs, through either instance (deliver() would come from one address). */
    const deliver = (event: StripeEvent) => {
      const payload = JSON.stringify(event, null, 2);
      return call("POST", "/api/payments/stripe/webhook", {
        body: payload,
        headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": stripe.sign(payload) },
      });
    };

    // What the public surface does not show, read from the database (one place to adapt after the refactor).
    const probe = {
      enrolment: (reference: string) =>
        server.db
          .selectFrom("section_enrolments")
          .select(["id", "status", "section_id", "payment_hold_until"])
          .where("reference", "=", reference)
          .executeTakeFirst(),
      expireHold: async (reference: string) => {
        await server.db
          .updateTable("section_enrolments")
          .set({ payment_hold_until: new Date(Date.now() - 60_000).toISOString() })
          .where("reference", "=", reference)
          .where("payment_hold_until", "is not", null)
          .execute();
        await sweepPaymentHolds(server.db);
      },
      /** An enrolment's invoices, ledger entries and checkouts, for a flag's example (a failure once could not be explained from its message). */
      moneyOf: async (reference: string) => {
        const row = await server.db.selectFrom("section_enrolments").select("id").where("reference", "=", reference).executeTakeFirst();
        if (!row) return "no enrolment";
        const invoices = await server.db
          .selectFrom("invoices")
          .select(["id", "status", "total_minor"])
          .where("enrolment_id", "=", row.id)
          .orderBy("id")
          .execute();
        const ids = invoices.length ? invoices.map((invoice) => invoice.id) : [0];
        const entries = await server.db
          .selectFrom("ledger_entries")
          .select(["invoice_id", "kind", "amount_minor", "currency", "created_at"])
          .where("invoice_id", "in", ids)
          .orderBy("id")
          .execute();
        const checkouts = await server.db
          .selectFrom("payment_checkouts")
          .select(["session_id", "amount_minor", "status", "created_at", "paid_amount_minor"])
          .where("enrolment_id", "=", row.id)
          .orderBy("id")
          .execute();
        return JSON.stringify({ invoices, entries, checkouts });
      },
      intentOf: async (paymentId: number) =>
        (await server.db.selectFrom("payments").select("provider_ref").where("id", "=", paymentId).executeTakeFirst())?.provider_ref ?? null,
    };

    /** The family's invoices as staff see them (newest first). */
    const invoicesOf = async (family: Family) => {
      const res = await call("GET", `/api/admin/billing/invoices?q=${encodeURIComponent(family.email)}`, { headers: staff });
      if (res.status !== 200) throw new Error(`invoice list ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body.invoices as { id: number; childName: string; currency: string; totalMinor: number; outstandingMinor: number; status: string }[];
    };
    const invoiceOf = async (enrolment: Enrolment) =>
      (await invoicesOf(enrolment.family)).find((invoice) => invoice.childName === enrolment.child && invoice.status !== "void") ?? null;

    beforeAll(async () => {
      console.log(`[money-random] ${tag}`);
      stripe = await startStripeStandIn();
      server = await startTestServer({
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.url,
        RATE_LIMIT_MULTIPLIER: "1000",
      });
      // Random families enrol many children: the family cap (decision 104) is not what this proves.
      await server.db.updateTable("site_settings").set({ value: "50" }).where("key", "=", "enrolmentsPerFamily").execute();
      stripe.setWebhookUrl(`${server.url}/api/payments/stripe/webhook`);
      bases.push(server.url);
      if (instances === 2) {
        // Another app with its own connection (pool) to the same database, as another instance has.
        db2 = server.openDb();
        const app2 = createApp({ config: server.config, db: db2, logger: createLogger("silent") });
        http2 = createServer(requestListener(app2)).listen(0, "127.0.0.1");
        await new Promise<void>((resolve) => http2!.once("listening", () => resolve()));
        bases.push(`http://127.0.0.1:${(http2.address() as AddressInfo).port}`);
      }
      const admin = await server.signIn("admin");
      staff = { cookie: admin.cookie };
      const put = async (path: string, json: unknown) => {
        const res = await server.request("PUT", path, { json, headers: staff });
        expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
      };
      // Tax added on top (exclusive) and the sibling discount on.
      const { settings } = (await server.request("GET", "/api/admin/settings", { headers: staff })).body;
      await put("/api/admin/settings", { ...settings, taxName: "GST", taxRateBp: 1800, taxInclusive: false });
      await put("/api/admin/discounts/settings", { siblingPercent: 10 });
      for (const code of promoCodes) {
        const res = await server.request("POST", "/api/admin/promo-codes", {
          json: { code, kind: "percent", percent: 20, maxUses: 4, perFamily: 1 },
          headers: staff,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
      const rows = await server.db.selectFrom("courses").select(["id", "slug", "min_age"]).orderBy("id").limit(2).execute();
      const today = zonedParts(new Date(), "Asia/Kolkata").date;
      for (const [index, row] of rows.entries()) {
        if (index === 1) {
          // The third currency, 3 decimals: the admin course API's `currency` (issue 38 part 2).
          const got = await server.request("GET", `/api/admin/courses/${row.id}`, { headers: staff });
          expect(got.status).toBe(200);
          const saved = await server.request("PUT", `/api/admin/courses/${row.id}`, {
            json: { ...(got.body.course ?? got.body), currency: "KWD", price: KWD_PRICE_MINOR / 1000 },
            headers: staff,
          });
          expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        }
        const sections: number[] = [];
        for (let i = 0; i < 3; i++) {
          const res = await server.request("POST", "/api/admin/sections", {
            json: {
              courseId: row.id,
              weekdays: [1 + i],
              startTime: "16:00",
              durationMinutes: 60,
              firstDate: addDays(today, 20),
              meetings: 4,
              capacity: CAPACITY,
            },
            headers: staff,
          });
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          sections.push(res.body.id);
        }
        const quote = await server.request("POST", "/api/discounts/quote", { json: { offer: "section", offerId: sections[0] } });
        expect(quote.status, JSON.stringify(quote.body)).toBe(200);
        courses.push({ id: row.id, slug: row.slug, age: row.min_age, currency: String(quote.body.currency).toUpperCase(), sections });
      }
      const campRow = await server.db.selectFrom("camps").select(["title_en", "batches"]).where("slug", "=", "junior").executeTakeFirstOrThrow();
      camp = { title: campRow.title_en, session: fromDbJson<{ value: string }[]>(campRow.batches, [])[0]!.value };
      for (let i = 0; i < FAMILIES; i++) {
        if (i < SIGNED_IN) {
          const parent = await server.signIn("user");
          families.push({ index: i, email: parent.user.email.toLowerCase(), auth: { cookie: parent.cookie }, erased: false, children: 0 });
        } else {
          families.push({ index: i, email: `family${i}-${seed}@random.example.com`, auth: {}, erased: false, children: 0 });
        }
      }
    });
    afterAll(async () => {
      if (http2) await new Promise<void>((resolve) => http2!.close(() => resolve()));
      await db2?.destroy();
      await server?.close();
      await stripe?.stop();
    });

    // ---- the operations -------------------------------------------------------------------

    const enrolSection = async (family: Family) => {
      const courseIndex = chance(0.5) ? 0 : 1;
      const course = courses[courseIndex]!;
      const sectionId = pick(course.sections);
      const child = `Child ${family.index}-${++family.children}`;
      const promo = chance(0.25) ? pick(promoCodes) : null;
      // A signed-in family's siblings: what the family has now, to judge the discount it is given.
      const others = enrolments.filter((e) => e.family === family);
      const before = await Promise.all(others.map(async (e) => ({ e, row: await probe.enrolment(e.reference) })));
      const res = await call("POST", `/api/sections/${sectionId}/enrolments`, {
        json: {
          childName: child,
          childAge: course.age,
          parentName: `Parent ${family.index}`,
          email: family.email,
          phone: "+91 98765 43210",
          ...(promo ? { promoCode: promo } : {}),
        },
        headers: family.auth,
      });
      if (res.status === 409 || (res.status === 400 && res.body?.errors?.promoCode)) return "enrol-refused";
      if (res.status !== 201) throw new Error(`enrol ${res.status}: ${JSON.stringify(res.body)}`);
      const lines = (res.body.price?.lines ?? []) as { kind: string; label_en: string }[];
      const sibling = lines.some((line) => line.kind === "discount" && /sibling/i.test(line.label_en));
      if (sibling) {
        // A camp enrolment has no hold: it counts as it is made. A course enrolment counts once its hold is over (paid).
        // Read again after the request too: a payment (another operation, a job) may confirm a sibling while this one is priced.
        const after = await Promise.all(others.map(async (e) => ({ e, row: await probe.enrolment(e.reference) })));
        const paidSibling = [...before, ...after].some(({ e, row }) =>
          e.kind === "camp" ? !e.ended : row?.status === "enrolled" && row.payment_hold_until === null,
        );
        if (!paidSibling)
          flag(
            "sibling",
            `${res.body.reference} (${family.email}) got the sibling discount with no enrolled, paid sibling (siblings: ${before.map(({ e, row }) => (e.kind === "camp" ? "camp" : `${row?.status}${row?.payment_hold_until ? " held" : ""}`)).join(", ") || "none"})`,
          );
      }
      const token = typeof res.body.paymentUrl === "string" ? new URL(res.body.paymentUrl, "http://x").searchParams.get("token") : null;
      currencies.add(String(res.body.price?.currency ?? course.currency).toUpperCase());
      enrolments.push({
        family,
        reference: res.body.reference,
        child,
        kind: "section",
        courseIndex,
        sectionId,
        token,
        promo: res.body.price?.promoCode ? promo : null,
        sibling,
        sessions: [],
        paidTrue: 0,
        paidMismatched: 0,
        ended: false,
      });
      return promo ? "enrol-promo" : "enrol";
    };

    const enrolCamp = async (family: Family) => {
      const child = `Child ${family.index}-${++family.children}`;
      const res = await call("POST", "/api/summercamp/enroll", {
        json: {
          studentName: child,
          parentName: `Parent ${family.index}`,
          email: family.email,
          phoneNumber: "+91 98765 43210",
          selectedCamp: camp!.title,
          selectedSession: camp!.session,
        },
        headers: family.auth,
      });
      if (res.status === 409) return "camp-refused";
      if (res.status !== 201) throw new Error(`camp enrol ${res.status}: ${JSON.stringify(res.body)}`);
      currencies.add(String(res.body.price?.currency ?? "INR").toUpperCase());
      enrolments.push({
        family,
        reference: res.body.reference,
        child,
        kind: "camp",
        courseIndex: -1,
        sectionId: 0,
        token: null,
        promo: null,
        sibling: false,
        sessions: [],
        paidTrue: 0,
        paidMismatched: 0,
        ended: false,
      });
      return "camp";
    };

    /** Starts a checkout; checks it asks what the invoice says is owed. */
    const startCheckout = async (enrolment: Enrolment): Promise<string | null> => {
      const invoice = await invoiceOf(enrolment);
      const res = await call("POST", "/api/payments/checkouts", { json: { token: enrolment.token } });
      if (res.status === 409 || res.status === 404) return null;
      if (res.status !== 201) throw new Error(`checkout ${res.status}: ${JSON.stringify(res.body)}`);
      const session = stripe.sessions.get(res.body.sessionId)!;
      // Read again after the request too: a desk payment or refund (another operation) may change what is owed meanwhile.
      const asks = (owed: typeof invoice) =>
        Boolean(owed) && session.amount_total === owed!.outstandingMinor && session.currency.toUpperCase() === owed!.currency.toUpperCase();
      if (invoice && !asks(invoice) && !asks(await invoiceOf(enrolment))) {
        flag(
          "tax",
          `${enrolment.reference}: checkout asks ${session.amount_total} ${session.currency}, the invoice owes ${invoice.outstandingMinor} ${invoice.currency} (${await probe.moneyOf(enrolment.reference)})`,
        );
      }
      enrolment.sessions.push(session.id);
      return session.id;
    };

    const payOnline = async (enrolment: Enrolment) => {
      const first = await startCheckout(enrolment);
      if (!first) return "checkout-refused";
      const sessions = [first];
      // Sometimes the family opens a second checkout and pays both (two tabs).
      if (chance(0.1)) {
        const second = await startCheckout(enrolment);
        if (second) sessions.push(second);
      }
      const events: StripeEvent[] = [];
      let label = "online";
      for (const sessionId of sessions) {
        const session = stripe.sessions.get(sessionId)!;
        if (chance(0.2)) {
          // The provider reports another amount or currency than asked (what it took, in its own words).
          if (chance(0.5)) session.amount_total = 100;
          else session.currency = session.currency === "inr" ? "usd" : "inr";
          enrolment.paidMismatched++;
          label = "online-mismatched";
        } else enrolment.paidTrue++;
        const event = stripe.complete(sessionId);
        events.push(event);
        // Duplicates: the same event again, and the same payment under another event id.
        if (chance(0.3)) events.push(event);
        if (chance(0.15)) events.push({ ...event, id: `evt_test_again_${randomBytes(6).toString("hex")}` });
      }
      // Reordered: delivered in any order, all at once.
      events.sort(() => random() - 0.5);
      const statuses = await Promise.all(events.map((event) => deliver(event)));
      if (statuses.some((s) => s.status !== 200))
        throw new Error(`webhook answered ${statuses.map((s) => `${s.status} ${JSON.stringify(s.body)}`).join(", ")}`);
      return sessions.length > 1 ? "online-twice" : events.length > sessions.length ? `${label}-duplicated` : label;
    };

    const payAtDesk = async (family: Family) => {
      const invoices = (await invoicesOf(family)).filter((invoice) => invoice.status === "open" && invoice.outstandingMinor > 0);
      if (invoices.length === 0) return family.erased ? "desk-nothing" : enrolSection(family);
      const invoice = pick(invoices);
      const full = chance(0.5);
      const amountMinor = full ? invoice.outstandingMinor : Math.max(1, Math.floor(invoice.outstandingMinor * random()));
      const reference = `Receipt ${seed}/${randomBytes(4).toString("hex")}`;
      // The key the desk form carries from its render (decision 101): one per form, sent with each submit.
      const form = { method: "cash", amountMinor, reference, idempotencyKey: randomBytes(16).toString("base64url") };
      const twice = chance(0.4);
      const answers = await Promise.all(
        Array.from({ length: twice ? 2 : 1 }, () => call("POST", `/api/admin/billing/invoices/${invoice.id}/payments`, { json: form, headers: staff })),
      );
      if (!answers.some((a) => a.status === 201)) return "desk-refused";
      deskForms.push({ reference, invoiceId: invoice.id });
      if (full) {
        const enrolment = enrolments.find((e) => e.family === family && e.child === invoice.childName && e.kind === "section");
        if (enrolment?.token) {
          const again = await call("POST", "/api/payments/checkouts", { json: { token: enrolment.token } });
          if (again.status === 201) {
            flag("deskPaid", `${enrolment.reference}: paid in full at the desk, its payment link still opened checkout ${again.body.sessionId}`);
            enrolment.sessions.push(again.body.sessionId);
          }
          const row = await probe.enrolment(enrolment.reference);
          if (row && row.status === "enrolled" && row.payment_hold_until !== null)
            flag("deskPaid", `${enrolment.reference}: paid in full at the desk, still held until ${row.payment_hold_until}`);
        }
      }
      return twice ? "desk-twice" : "desk";
    };

    const refund = async (family: Family) => {
      const invoices = await invoicesOf(family);
      const withPayments = [];
      for (const invoice of invoices.slice(0, 4)) {
        const res = await call("GET", `/api/admin/billing/invoices/${invoice.id}`, { headers: staff });
        for (const payment of res.body.invoice?.payments ?? [])
          if (payment.kind === "payment" && payment.refundableMinor > 0) withPayments.push(payment as { id: number; method: string; refundableMinor: number });
      }
      if (withPayments.length === 0) return "refund-nothing";
      const payment = pick(withPayments);
      let answer: RefundAnswer = "done";
      let intent: string | undefined;
      if (payment.method === "online") {
        answer = pick(["done", "done", "refused", "unknown"] as const);
        // The payment's intent at the provider, to choose how it answers.
        intent = (await probe.intentOf(payment.id)) ?? undefined;
        if (intent) stripe.setRefundAnswer(intent, answer);
      }
      const body = { amountMinor: Math.max(1, Math.floor(payment.refundableMinor * (chance(0.5) ? 1 : random()))), reason: "Random refund" };
      const first = await call("POST", `/api/admin/billing/payments/${payment.id}/refunds`, { json: body, headers: staff });
      if (first.status >= 500 && first.status !== 502) throw new Error(`refund ${first.status}: ${JSON.stringify(first.body)}`);
      // Staff try again after anything but a plain success (what a person at the desk does).
      if (answer !== "done" || first.status !== 201) await call("POST", `/api/admin/billing/payments/${payment.id}/refunds`, { json: body, headers: staff });
      if (intent) stripe.setRefundAnswer(intent, "done");
      return `refund-${payment.method === "online" ? answer : "desk"}`;
    };

    const holdExpiry = async (enrolment: Enrolment) => {
      await probe.expireHold(enrolment.reference);
      return "hold-expiry";
    };

    const drop = async (enrolment: Enrolment) => {
      const res = await call("POST", `/api/admin/enrolments/${enrolment.reference}/drop`, { json: { reason: "Random drop" }, headers: staff });
      if (res.status === 200) enrolment.ended = true;
      else if (res.status !== 409 && res.status !== 404) throw new Error(`drop ${res.status}: ${JSON.stringify(res.body)}`);
      return res.status === 200 ? "drop" : "drop-refused";
    };

    const move = async (enrolment: Enrolment) => {
      const target = pick(courses[enrolment.courseIndex]!.sections.filter((id) => id !== enrolment.sectionId));
      const res = await call("POST", `/api/admin/enrolments/${enrolment.reference}/move`, { json: { sectionId: target }, headers: staff });
      if (res.status === 200) enrolment.sectionId = target;
      else if (res.status !== 409 && res.status !== 404 && res.status !== 400) throw new Error(`move ${res.status}: ${JSON.stringify(res.body)}`);
      return res.status === 200 ? "move" : "move-refused";
    };

    const erase = async (family: Family) => {
      const res = await call("POST", "/api/account/delete", { json: { email: family.email }, headers: family.auth });
      if (res.status !== 200) throw new Error(`erase ${res.status}: ${JSON.stringify(res.body)}`);
      family.erased = true;
      family.auth = {};
      return "erase";
    };

    const redeliverOld = async () => {
      const paid = [...stripe.sessions.values()].filter((session) => session.status === "complete");
      if (paid.length === 0) return "redeliver-nothing";
      const res = await deliver(stripe.complete(pick(paid).id));
      if (res.status !== 200) throw new Error(`late redelivery ${res.status}: ${JSON.stringify(res.body)}`);
      return "redeliver-late";
    };

    /** One operation for one family, chosen from what the family has. */
    const operate = async (family: Family): Promise<string> => {
      const own = enrolments.filter((e) => e.family === family);
      const live = own.filter((e) => !e.ended);
      const held = [];
      for (const e of live) if (e.kind === "section" && e.token !== null && (await probe.enrolment(e.reference))?.payment_hold_until) held.push(e);
      const roll = random();
      if (family.erased) return roll < 0.5 ? refund(family) : payAtDesk(family);
      if (live.length === 0 || roll < 0.2) return chance(0.85) ? enrolSection(family) : enrolCamp(family);
      if (roll < 0.42 && held.length) return payOnline(pick(held));
      if (roll < 0.47 && held.length) return holdExpiry(pick(held));
      if (roll < 0.62) return payAtDesk(family);
      if (roll < 0.76) return refund(family);
      const sections = live.filter((e) => e.kind === "section");
      if (roll < 0.83 && sections.length) return drop(pick(sections));
      if (roll < 0.9 && sections.length) return move(pick(sections));
      if (roll < 0.915 && family.auth.cookie && families.filter((f) => f.erased).length < 5) return erase(family);
      if (roll < 0.96) return redeliverOld();
      return payAtDesk(family);
    };

    /** Waits until no money job is queued (due or not) or running; bounded, and a job still left is named. */
    const drainMoneyJobs = async () => {
      const deadline = Date.now() + DRAIN_MS;
      for (;;) {
        const left = await server.db
          .selectFrom("jobs")
          .select(["kind", "attempts", "run_at", "last_error"])
          .where("kind", "in", MONEY_JOBS)
          .where("status", "in", ["queued", "running"])
          .execute();
        if (left.length === 0) return;
        if (Date.now() > deadline) {
          for (const job of left.slice(0, 5))
            flag(
              "errors",
              `a ${job.kind} job still queued after ${DRAIN_MS / 1000} s (attempts ${job.attempts}, next ${job.run_at}, last error ${job.last_error ?? "none"})`,
            );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    it(`runs ${OPS} operations over ${FAMILIES} families (the invariants follow)`, { timeout: RUN_BUDGET_MS + DRAIN_MS + 60_000 }, async () => {
      const started = Date.now();
      let done = 0;
      let drained = 0;
      try {
        while (done < OPS && Date.now() - started < RUN_BUDGET_MS) {
          const chosen = new Set<Family>();
          while (chosen.size < Math.min(BATCH, OPS - done)) chosen.add(pick(families));
          // An operation that fails outright (a 5xx, a deadlock in a sweep) is an invariant's failure, and the run goes on.
          const outcomes = await Promise.all(
            [...chosen].map((family) =>
              operate(family).catch((error: unknown) => {
                // Where it was thrown too: once an operation failed with the bare message "tooMuch" and nothing said from where.
                const where =
                  error instanceof Error
                    ? ` (at ${(error.stack ?? "")
                        .split("\n")
                        .slice(1, 5)
                        .map((line) => line.trim())
                        .join(" < ")})`
                    : "";
                flag("errors", `${family.email}: ${error instanceof Error ? error.message : String(error)}${where}`.slice(0, 900));
                return "failed";
              }),
            ),
          );
          for (const kind of outcomes) counts[kind] = (counts[kind] ?? 0) + 1;
          done += outcomes.length;
        }
        // What is left to settle: the money jobs the run queued (each inbox event, each return, each
        // checkout check), however long the worker's queue (mails go first-come with them) or its
        // backoff keeps them, then the pending-refund sweep (as the 5-minute job runs it, later).
        // Bounded: a money job still queued after DRAIN_MS is named in the `errors` invariant.
        const ran = Date.now();
        await drainMoneyJobs();
        drained = Date.now() - ran;
        await retryPendingRefunds({ db: server.db, logger: createLogger("silent") }, paymentProviderOf(server.config), new Date(Date.now() + 10 * 60_000));
      } catch (error) {
        runError = error;
      }
      console.log(
        `[money-random] ${tag}: ${done} operations in ${Math.round((Date.now() - started) / 1000)} s (${Math.round(drained / 1000)} s of it waiting for the money jobs), currencies ${[...currencies].join(", ")}: ${JSON.stringify(counts)}`,
      );
      expect(runError, `${tag}: an operation failed outright`).toBeUndefined();
      if (done < OPS) flag("ops", `only ${done} of ${OPS} operations within ${RUN_BUDGET_MS / 1000} s`);
      await audit();
    });

    // ---- the invariants -------------------------------------------------------------------

    const add = (map: Map<string, number>, key: string, amount: number) => map.set(key, (map.get(key) ?? 0) + amount);
    const show = (map: Map<string, number>) => JSON.stringify(Object.fromEntries([...map].filter(([, v]) => v !== 0).sort()));

    async function audit() {
      const db = server.db;
      if (process.env.MONEY_DEBUG)
        console.log(
          "[money-random] jobs with errors",
          JSON.stringify(await db.selectFrom("jobs").select(["kind", "status", "last_error"]).where("last_error", "is not", null).limit(8).execute()),
        );
      const refsOf = (family: Family) => enrolments.filter((e) => e.family === family).map((e) => e.child);
      for (const family of families) {
        // The family's invoices: under its e-mail, or (erased) by the children the test enrolled.
        const invoices = await db
          .selectFrom("invoices")
          .select(["id", "currency", "total_minor", "status", "child_name"])
          .where((eb) =>
            eb.or([
              eb("family_key", "=", family.email),
              eb.and([eb("child_name", "in", refsOf(family).length ? refsOf(family) : ["-"]), eb("parent_name", "=", `Parent ${family.index}`)]),
            ]),
          )
          .execute();
        if (invoices.length === 0) continue;
        const ids = invoices.map((invoice) => invoice.id);
        const ledger = new Map<string, number>();
        for (const row of await db.selectFrom("ledger_entries").select(["currency", "amount_minor"]).where("invoice_id", "in", ids).execute())
          add(ledger, row.currency.toUpperCase(), row.amount_minor);
        const tables = new Map<string, number>();
        for (const invoice of invoices) add(tables, invoice.currency.toUpperCase(), invoice.total_minor);
        for (const note of await db
          .selectFrom("credit_notes")
          .select(["currency", "amount_minor"])
          .where("invoice_id", "in", ids)
          .where("cancelled_at", "is", null)
          .execute())
          add(tables, note.currency.toUpperCase(), -note.amount_minor);
        const money = await db
          .selectFrom("payments")
          .select(["currency", "kind", "method", "amount_minor", "refund_state", "provider_ref", "reference"])
          .where("invoice_id", "in", ids)
          .execute();
        for (const row of money)
          if (row.kind === "payment" || row.refund_state !== "failed")
            add(tables, row.currency.toUpperCase(), row.kind === "payment" ? -row.amount_minor : row.amount_minor);
        if (show(ledger) !== show(tables)) flag("balance", `${family.email}: ledger ${show(ledger)}, invoiced − credited − paid + refunded ${show(tables)}`);

        // The stand-in: what its completed checkouts took from this family, less what it refunded.
        const moved = new Map<string, number>();
        const intents = new Set<string>();
        for (const session of stripe.sessions.values()) {
          if (session.status !== "complete" || session.customer_email?.toLowerCase() !== family.email || !session.payment_intent) continue;
          intents.add(session.payment_intent);
          add(moved, session.currency.toUpperCase(), session.amount_total);
        }
        for (const refund of stripe.refunds) if (intents.has(refund.payment_intent)) add(moved, refund.currency.toUpperCase(), -refund.amount);
        const booked = new Map<string, number>();
        for (const row of money)
          if (row.method === "online" && (row.kind === "payment" || row.refund_state !== "failed"))
            add(booked, row.currency.toUpperCase(), row.kind === "payment" ? row.amount_minor : -row.amount_minor);
        if (process.env.MONEY_DEBUG && show(moved) !== show(booked))
          console.log(
            "[money-random] standIn",
            family.email,
            JSON.stringify(
              [...stripe.sessions.values()]
                .filter((x) => x.customer_email?.toLowerCase() === family.email)
                .map((x) => [x.id.slice(-6), x.status, x.amount_total, x.currency, x.payment_intent?.slice(-6)]),
            ),
            JSON.stringify(money.map((r) => [r.kind, r.method, r.amount_minor, r.currency, r.refund_state, r.provider_ref?.slice(-6)])),
            JSON.stringify(stripe.refunds.filter((r) => intents.has(r.payment_intent)).map((r) => [r.amount, r.currency, r.payment_intent.slice(-6)])),
          );
        if (show(moved) !== show(booked)) flag("standIn", `${family.email}: the stand-in moved ${show(moved)}, the ledger says ${show(booked)}`);

        // Erased: nothing owed is left open.
        if (family.erased) {
          for (const invoice of invoices) {
            if (invoice.status !== "open") continue;
            const owed = await db
              .selectFrom("ledger_entries")
              .select((eb) => eb.fn.sum<number>("amount_minor").as("sum"))
              .where("invoice_id", "=", invoice.id)
              .executeTakeFirstOrThrow();
            if (Number(owed.sum ?? 0) > 0)
              flag("erasure", `${family.email}: invoice ${invoice.id} still owes ${owed.sum} ${invoice.currency} after the account was erased`);
          }
        }
      }

      // Refunds: each stand-in refund is one ledger refund; nothing pending after the sweep.
      const onlineRefunds = await db
        .selectFrom("payments")
        .select(["id", "provider_ref", "refund_state", "amount_minor"])
        .where("kind", "=", "refund")
        .where("method", "=", "online")
        .execute();
      const known = new Set(onlineRefunds.filter((r) => r.refund_state === "done").map((r) => r.provider_ref));
      for (const refund of stripe.refunds)
        if (!known.has(refund.id))
          flag("refundOnce", `stand-in refund ${refund.id} (${refund.amount} ${refund.currency} of ${refund.payment_intent}) is no done refund in the ledger`);
      for (const row of onlineRefunds) if (row.refund_state === "pending") flag("refundOnce", `ledger refund ${row.id} still pending after the sweep`);
      const perKey = new Map<string, Set<string>>();
      for (const ask of stripe.refundAsks) if (ask.key && ask.refundId) perKey.set(ask.key, (perKey.get(ask.key) ?? new Set()).add(ask.refundId));
      for (const [key, ids] of perKey) if (ids.size > 1) flag("refundOnce", `idempotency key ${key} paid out ${ids.size} refunds`);

      // Promo codes: within the limit, and each use a live or paid enrolment.
      for (const code of promoCodes) {
        const promo = await db.selectFrom("promo_codes").select(["uses", "max_uses"]).where("code", "=", code).executeTakeFirstOrThrow();
        if (promo.uses > promo.max_uses) flag("promoLimit", `${code}: ${promo.uses} uses of ${promo.max_uses}`);
        let real = 0;
        const burnt: string[] = [];
        const kept: string[] = [];
        for (const e of enrolments.filter((e) => e.promo === code)) {
          const row = await probe.enrolment(e.reference);
          const invoice = await db.selectFrom("invoices").select("id").where("child_name", "=", e.child).where("family_key", "=", e.family.email).execute();
          // When its use was given back (the enrolment ended with nothing paid). Money that came after
          // that, on its voided invoice, is the family's credit, not a payment for the enrolment
          // (issue 38 item 6), so only payments recorded before it count.
          const released = await db
            .selectFrom("promo_redemptions as r")
            .innerJoin("section_enrolments as s", "s.id", "r.enrolment_id")
            .select("r.released_at")
            .where("s.reference", "=", e.reference)
            .where("r.offer_kind", "=", "section")
            .where("r.released_at", "is not", null)
            .executeTakeFirst();
          // Paid: money kept for it. A payment that came after the enrolment had ended (no seat, or its
          // code's use gone meanwhile) was given back in the transaction that recorded it (outcome
          // `refunded`, decision 105): the enrolment stayed ended and unpaid, so its use stays given back.
          const givenBack = db
            .selectFrom("payment_events as ev")
            .innerJoin("payment_checkouts as c", "c.session_id", "ev.session_id")
            .select("c.payment_ref")
            .where("ev.outcome", "=", "refunded")
            .where("c.payment_ref", "is not", null);
          const paid = invoice.length
            ? await db
                .selectFrom("payments")
                .select("id")
                .where(
                  "invoice_id",
                  "in",
                  invoice.map((i) => i.id),
                )
                .where("kind", "=", "payment")
                .where((eb) => eb.or([eb("provider_ref", "is", null), eb("provider_ref", "not in", givenBack as never)]))
                .$if(Boolean(released?.released_at), (q) => q.where("created_at", "<=", released!.released_at!))
                .executeTakeFirst()
            : undefined;
          if (row?.status === "enrolled" || paid) {
            real++;
            // A live or paid enrolment whose use was given back (the count is one short because of it).
            if (released) kept.push(`${e.reference} ${row?.status ?? "gone"}${paid ? ", paid" : ""}, its use given back at ${released.released_at}`);
          } else burnt.push(`${e.reference} ${row?.status ?? "gone"}`);
        }
        if (promo.uses !== real)
          flag(
            "promoBurn",
            `${code}: ${promo.uses} uses counted, ${real} enrolments live or paid (ended unpaid: ${burnt.join(", ") || "none"}; live or paid with the use given back: ${kept.join(", ") || "none"})`,
          );
      }

      // Groups: never over capacity, seats taken = live enrolments.
      for (const course of courses) {
        for (const sectionId of course.sections) {
          const section = await db.selectFrom("course_sections").select(["seats_taken", "capacity"]).where("id", "=", sectionId).executeTakeFirstOrThrow();
          const live = await db
            .selectFrom("section_enrolments")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("section_id", "=", sectionId)
            .where("status", "=", "enrolled")
            .executeTakeFirstOrThrow();
          if (Number(live.n) > section.capacity || section.seats_taken > section.capacity || section.seats_taken !== Number(live.n)) {
            flag("capacity", `group ${sectionId}: capacity ${section.capacity}, seats_taken ${section.seats_taken}, live enrolments ${live.n}`);
          }
        }
      }

      // Enrolments: mismatched events do not confirm; confirmed online means nothing owed; paid means kept.
      for (const e of enrolments.filter((e) => e.kind === "section")) {
        const row = await probe.enrolment(e.reference);
        const invoices = await db
          .selectFrom("invoices")
          .select(["id", "status", "total_minor"])
          .where("child_name", "=", e.child)
          .where("family_key", "=", e.family.email)
          .execute();
        let owed = 0;
        let paidIn = 0;
        for (const invoice of invoices.filter((i) => i.status !== "void")) {
          owed += Number(
            (
              await db
                .selectFrom("ledger_entries")
                .select((eb) => eb.fn.sum<number>("amount_minor").as("sum"))
                .where("invoice_id", "=", invoice.id)
                .executeTakeFirstOrThrow()
            ).sum ?? 0,
          );
          paidIn += invoice.total_minor;
        }
        const confirmed = row?.status === "enrolled" && row.payment_hold_until === null;
        // Confirmed by mismatched events alone while the invoice still owes: the mismatch confirmed it.
        // (Paid in full, by the desk or by a mismatched amount that covers the rest, confirms: decision 094.)
        if (e.paidMismatched > 0 && e.paidTrue === 0 && confirmed && owed > 0)
          flag(
            "mismatch",
            `${e.reference}: confirmed by a paid event of another amount or currency (${e.sessions.map((s) => `${stripe.sessions.get(s)?.amount_total} ${stripe.sessions.get(s)?.currency}`).join(", ")}), ${owed} still owed`,
          );
        if (e.paidTrue > 0 && confirmed && owed > 0) {
          const notes = await db
            .selectFrom("credit_notes")
            .select("id")
            .where("invoice_id", "in", invoices.length ? invoices.map((i) => i.id) : [0])
            .executeTakeFirst();
          if (!notes) flag("tax", `${e.reference}: confirmed by its online payment, the invoice still owes ${owed}`);
        }
        // Dropped by staff or erased with the account: ended on purpose, paid or not.
        if (paidIn > 0 && owed <= 0 && !e.ended && !e.family.erased && invoices.some((i) => i.status !== "void") && row && row.status !== "enrolled") {
          flag("paidEnrolled", `${e.reference}: its invoice is paid in full but the enrolment is ${row.status}`);
        }
      }

      // Desk forms: one payment each, however often submitted.
      for (const form of deskForms) {
        const rows = await db.selectFrom("payments").select("id").where("reference", "=", form.reference).where("kind", "=", "payment").execute();
        if (rows.length !== 1) flag("deskTwice", `form ${form.reference} on invoice ${form.invoiceId}: ${rows.length} payments recorded`);
      }

      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      if (total < OPS) flag("ops", `${total} operations counted`);
      if (currencies.size < (REQUIRE_KWD ? 3 : 2) || (REQUIRE_KWD && !currencies.has("KWD")))
        flag("ops", `currencies used: ${[...currencies].join(", ")} (KWD needed: ${REQUIRE_KWD})`);
    }

    for (const [invariant, text] of Object.entries(INVARIANTS) as [Invariant, string][]) {
      it(`invariant: ${text}`, () => {
        expect(runError, `${tag}: the run failed before the invariants could be checked`).toBeUndefined();
        const found = violations.get(invariant) ?? [];
        const examples = found.slice(0, 5).join("\n  ");
        expect(found.length, `${tag}\nbroken: ${text} (${found.length} times), e.g.\n  ${examples}`).toBe(0);
      });
    }
  });
}
