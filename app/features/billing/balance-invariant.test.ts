import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import type { Trx } from "~server/db/db";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { BillingRefused, invoiceOutstanding, issueCreditNote, recordPayment, refundable, voidInvoiceOf } from "./ledger.server";

/**
 * Issue 31's "Done when": after a random mix of 500 operations over 24 families (enrolments with
 * and without a promo code, desk payments part and whole, online payments (some over the total),
 * credit notes, refunds and voids), every family's balance as the statement endpoint shows it
 * equals what its invoices, credit notes and payments say, computed from those tables and not from
 * the ledger: lines charged (prices and tax) − discounts − credit notes − payments + refunds.
 */
describe("the family balance invariant (500 random operations)", () => {
  let server: TestServer;
  let staff: Record<string, string>;
  let course: { id: number; min_age: number };
  const sections: number[] = [];
  let code = "";

  beforeAll(async () => {
    server = await startTestServer();
    // Random families enrol many children: the family cap (decision 104) is not what this proves.
    await server.db.updateTable("site_settings").set({ value: "50" }).where("key", "=", "enrolmentsPerFamily").execute();
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie, origin: server.url };
    course = await server.db.selectFrom("courses").select(["id", "min_age"]).where("slug", "=", "robotics-fundamentals").executeTakeFirstOrThrow();
    const today = zonedParts(new Date(), "Asia/Kolkata").date;
    // Tax added on top (exclusive), so charges carry a tax line as well as the price.
    const { settings } = (await server.request("GET", "/api/admin/settings", { headers: staff })).body;
    expect(
      (await server.request("PUT", "/api/admin/settings", { json: { ...settings, taxName: "GST", taxRateBp: 1800, taxInclusive: false }, headers: staff }))
        .status,
    ).toBe(200);
    for (let i = 0; i < 3; i++) {
      const res = await server.request("POST", "/api/admin/sections", {
        json: { courseId: course.id, weekdays: [1 + i], startTime: "16:00", durationMinutes: 60, firstDate: addDays(today, 14), meetings: 4, capacity: 300 },
        headers: staff,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      sections.push(res.body.id);
    }
    code = "INVARIANT-15";
    const promo = await server.request("POST", "/api/admin/promo-codes", {
      json: { code, kind: "percent", percent: 15, maxUses: 10_000, perFamily: 100 },
      headers: staff,
    });
    expect(promo.status, JSON.stringify(promo.body)).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("holds for every family, and no invoice is owed below zero unless paid over online", { timeout: 300_000 }, async () => {
    // A small seeded generator: the same 500 operations every run.
    let seed = 31;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const families = Array.from({ length: 24 }, (_, i) => `family${i}@invariant.example.com`);
    const enrolments: number[] = [];
    const counts: Record<string, number> = {};
    let child = 0;
    let online = 0;
    const tx = <T>(work: (trx: Trx) => Promise<T>) => server.db.transaction().execute(work);
    const liveInvoices = async () =>
      server.db.selectFrom("invoices").select(["id", "enrolment_id"]).where("family_key", "like", "%@invariant.example.com").orderBy("id").execute();

    for (let op = 0; op < 500; op++) {
      const invoices = await liveInvoices();
      const roll = invoices.length < 24 ? 0 : random();
      const invoice = invoices.length ? pick(invoices) : null;
      let kind: string;
      try {
        if (roll < 0.22 || !invoice) {
          kind = "enrol";
          const withCode = random() < 0.5;
          const res = await server.request("POST", `/api/sections/${pick(sections)}/enrolments`, {
            json: {
              childName: `Child ${++child}`,
              childAge: course.min_age,
              parentName: "Parent",
              email: pick(families),
              phone: "+91 98765 43210",
              ...(withCode ? { promoCode: code } : {}),
            },
          });
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          const row = await server.db.selectFrom("section_enrolments").select("id").where("reference", "=", res.body.reference).executeTakeFirstOrThrow();
          enrolments.push(row.id);
        } else if (roll < 0.55) {
          kind = "desk";
          const owed = await invoiceOutstanding(server.db, invoice.id);
          const amountMinor = random() < 0.4 ? owed : Math.max(1, Math.floor(owed * random()));
          const res = await server.request("POST", `/api/admin/billing/invoices/${invoice.id}/payments`, {
            json: { method: pick(["cash", "bank_transfer", "cheque"]), amountMinor, reference: `R${op}` },
            headers: staff,
          });
          // Owed on a live invoice: recorded; nothing owed (paid, voided): refused (0 is not an amount).
          const { status } = await server.db.selectFrom("invoices").select("status").where("id", "=", invoice.id).executeTakeFirstOrThrow();
          if (owed > 0 && status !== "void") expect(res.status, JSON.stringify(res.body)).toBe(201);
          else expect([400, 409], JSON.stringify(res.body)).toContain(res.status);
        } else if (roll < 0.65) {
          kind = "online";
          const owed = await invoiceOutstanding(server.db, invoice.id);
          // Sometimes more than is owed: the provider took the money, so it is recorded as reported.
          const amountMinor = Math.max(1, owed + (random() < 0.3 ? 500 : -Math.floor(owed * random())));
          await tx((trx) =>
            recordPayment(trx, { invoiceId: invoice.id, method: "online", amountMinor, provider: "stripe", providerRef: `pi_inv_${++online}` }),
          );
          // The same payment reported again records nothing.
          if (random() < 0.3)
            expect(
              await tx((trx) =>
                recordPayment(trx, { invoiceId: invoice.id, method: "online", amountMinor, provider: "stripe", providerRef: `pi_inv_${online}` }),
              ),
            ).toBeNull();
        } else if (roll < 0.77) {
          kind = "refund";
          const payments = await server.db.selectFrom("payments").select("id").where("invoice_id", "=", invoice.id).where("kind", "=", "payment").execute();
          if (payments.length === 0) throw new BillingRefused("notRefundable");
          const payment = pick(payments);
          const left = await refundable(server.db, payment.id, invoice.id);
          await tx((trx) =>
            issueCreditNote(trx, {
              invoiceId: invoice.id,
              amountMinor: Math.max(1, Math.floor(left * random())),
              kind: "refund",
              refund: { paymentId: payment.id },
            }),
          );
        } else if (roll < 0.9) {
          kind = "credit";
          // A credit note without a refund lowers what is still owed, never below it (the core allows
          // more on a paid invoice, leaving a credit the family never got back: reported to the lead).
          const owed = await invoiceOutstanding(server.db, invoice.id);
          if (owed <= 0) throw new BillingRefused("paid");
          await tx((trx) =>
            issueCreditNote(trx, {
              invoiceId: invoice.id,
              amountMinor: Math.min(owed, 1 + Math.floor(random() * 3_000)),
              kind: "adjustment",
              reason: "goodwill",
            }),
          );
        } else {
          kind = "void";
          if (invoice.enrolment_id !== null) await tx((trx) => voidInvoiceOf(trx, { kind: "section", enrolmentId: invoice.enrolment_id! }, "cancelled"));
        }
      } catch (error) {
        if (!(error instanceof BillingRefused)) throw error;
        kind = `refused`;
      }
      counts[kind] = (counts[kind] ?? 0) + 1;
    }
    console.log(`[billing] 500 operations over ${families.length} families:`, JSON.stringify(counts));
    expect(counts.enrol).toBeGreaterThan(24);

    for (const family of families) {
      const lines = await server.db
        .selectFrom("invoice_lines as l")
        .innerJoin("invoices as i", "i.id", "l.invoice_id")
        .select(["i.currency", "l.amount_minor"])
        .where("i.family_key", "=", family)
        .execute();
      const notes = await server.db.selectFrom("credit_notes").select(["currency", "amount_minor"]).where("family_key", "=", family).execute();
      const money = await server.db.selectFrom("payments").select(["currency", "kind", "amount_minor"]).where("family_key", "=", family).execute();
      const expected = new Map<string, number>();
      const add = (currency: string, amount: number) => expected.set(currency, (expected.get(currency) ?? 0) + amount);
      for (const line of lines) add(line.currency, line.amount_minor); // prices and tax +, discounts −
      for (const note of notes) add(note.currency, -note.amount_minor);
      for (const row of money) add(row.currency, row.kind === "payment" ? -row.amount_minor : row.amount_minor);
      const res = await server.request("GET", `/api/admin/billing/families/${encodeURIComponent(family)}`, { headers: staff });
      if (lines.length === 0) {
        expect(res.status).toBe(404);
        continue;
      }
      expect(res.status).toBe(200);
      const shown = Object.fromEntries((res.body.balances as { currency: string; balanceMinor: number }[]).map((row) => [row.currency, row.balanceMinor]));
      expect(shown, family).toEqual(Object.fromEntries(expected));
      // The statement's last running balance is the balance.
      const entries = res.body.entries as { currency: string; balanceMinor: number }[];
      expect(entries.filter((e) => e.currency === "USD").at(-1)?.balanceMinor).toBe(shown.USD);
    }

    // No invoice owes below zero unless an online payment paid it over; status follows what is owed.
    const invoices = await server.db.selectFrom("invoices").select(["id", "status"]).where("family_key", "like", "%@invariant.example.com").execute();
    for (const invoice of invoices) {
      const owed = await invoiceOutstanding(server.db, invoice.id);
      if (owed < 0) {
        const online = await server.db
          .selectFrom("payments")
          .select("id")
          .where("invoice_id", "=", invoice.id)
          .where("method", "=", "online")
          .executeTakeFirst();
        expect(online, `invoice ${invoice.id} owes ${owed}`).toBeDefined();
      }
      if (invoice.status !== "void") expect(invoice.status, `invoice ${invoice.id} owes ${owed}`).toBe(owed <= 0 ? "paid" : "open");
    }
    // The staff list's totals agree with the invoices: what is owed on open ones, per currency.
    const list = await server.request("GET", "/api/admin/billing/invoices?status=open&q=invariant.example.com", { headers: staff });
    let open = 0;
    for (const invoice of invoices.filter((i) => i.status === "open")) open += await invoiceOutstanding(server.db, invoice.id);
    expect(list.body.outstanding).toEqual(open > 0 ? [{ currency: "USD", amountMinor: open }] : []);
  });
});
