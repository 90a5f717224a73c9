import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { createInvoice, familyBalances, issueCreditNote, recordPayment, BillingRefused, invoiceOutstanding } from "./ledger.server";

/** Issue 31 parts 1-2: numbered invoices from enrolments, and the ledger's balance (decision 082). */
describe("billing core", () => {
  let server: TestServer;
  let staff: Record<string, string>;
  let course: { id: number; min_age: number; price: number; name_en: string };
  let today: string;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie, origin: server.url };
    course = await server.db
      .selectFrom("courses")
      .select(["id", "min_age", "price", "name_en"])
      .where("slug", "=", "robotics-fundamentals")
      .executeTakeFirstOrThrow();
    today = zonedParts(new Date(), "Asia/Kolkata").date;
  });
  afterAll(async () => {
    await server?.close();
  });

  const year = () => Number(today.slice(0, 4));
  const line = (amountMinor: number) => ({ kind: "price" as const, label_en: "Fee", label_ar: "الرسوم", amountMinor });
  const newInvoice = (email: string, enrollmentId: number, amountMinor = 10_000) =>
    server.db.transaction().execute((trx) =>
      createInvoice(trx, {
        email,
        parentName: "Priya",
        userId: null,
        lang: "en",
        currency: "USD",
        offer: { kind: "camp", enrollmentId },
        childName: "Aarav",
        description: { en: "Test", ar: "اختبار" },
        lines: [line(amountMinor)],
      }),
    );
  const campEnrolment = async (email: string) => {
    const camp = await server.db.selectFrom("camps").select(["id", "slug", "title_en"]).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const row = await server.db
      .insertInto("camp_enrolments")
      .values({
        student_name: "Aarav",
        parent_name: "Priya",
        email,
        phone_number: "+919876543210",
        camp_id: camp.id,
        camp_slug: camp.slug,
        camp_title: camp.title_en,
        session: "s",
        message: "",
        lang: "en",
        reference: null,
        status: "new",
        notes: "",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  };

  it("an enrolment in a course group issues its invoice in the same transaction: numbered, priced lines, a charge in the ledger", async () => {
    const section = await server.request("POST", "/api/admin/sections", {
      json: { courseId: course.id, weekdays: [2], startTime: "16:00", durationMinutes: 60, firstDate: addDays(today, 14), meetings: 4, capacity: 5 },
      headers: staff,
    });
    expect(section.status).toBe(201);
    const res = await server.request("POST", `/api/sections/${section.body.id}/enrolments`, {
      json: { childName: "Aarav Sharma", childAge: course.min_age, parentName: "Priya Sharma", email: "Invoice.Family@example.com", phone: "+91 98765 43210" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const enrolment = await server.db.selectFrom("section_enrolments").select("id").where("reference", "=", res.body.reference).executeTakeFirstOrThrow();
    const invoice = await server.db.selectFrom("invoices").selectAll().where("enrolment_id", "=", enrolment.id).executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({
      family_key: "invoice.family@example.com",
      currency: "USD",
      total_minor: course.price * 100,
      status: "open",
      offer_kind: "section",
    });
    expect(invoice.number).toMatch(new RegExp(`^INV-${year()}-\\d{6}$`));
    expect(await familyBalances(server.db, "invoice.family@example.com")).toEqual([{ currency: "USD", balanceMinor: course.price * 100 }]);
  });

  it("200 simultaneous invoices are numbered 1..200 more than before, no gap, no duplicate", { timeout: 120_000 }, async () => {
    const ids = await Promise.all(Array.from({ length: 200 }, (_, i) => campEnrolment(`numbering${i}@example.com`)));
    const before = await server.db.selectFrom("invoice_counters").select("last").where("series", "=", "INV").where("year", "=", year()).executeTakeFirst();
    const start = before?.last ?? 0;
    const made = await Promise.all(ids.map((id, i) => newInvoice(`numbering${i}@example.com`, id)));
    const numbers = made.map((invoice) => Number(invoice!.number.slice(-6))).sort((a, b) => a - b);
    console.log(`[billing] 200 simultaneous invoices: ${numbers[0]}..${numbers.at(-1)}, ${new Set(numbers).size} distinct`);
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, i) => start + i + 1));
  });

  it("payments, credit notes and refunds move the balance; limits refused; a provider reference is recorded once", async () => {
    const email = "ledger@example.com";
    const invoice = (await newInvoice(email, await campEnrolment(email), 20_000))!;
    const pay = (amountMinor: number, extra = {}) =>
      server.db.transaction().execute((trx) => recordPayment(trx, { invoiceId: invoice.id, method: "cash", amountMinor, ...extra }));
    await expect(pay(20_001)).rejects.toBeInstanceOf(BillingRefused);
    const first = await pay(5_000);
    expect(first).toMatchObject({ invoicePaid: false });
    const online = { method: "online" as const, provider: "stripe", providerRef: "pi_test_once" };
    expect(await pay(15_000, online)).toMatchObject({ invoicePaid: true });
    expect(await pay(15_000, online)).toBeNull();
    expect(await familyBalances(server.db, email)).toEqual([{ currency: "USD", balanceMinor: 0 }]);
    // A partial refund of the cash payment: a credit note and the money back, the balance still 0.
    const note = await server.db
      .transaction()
      .execute((trx) => issueCreditNote(trx, { invoiceId: invoice.id, amountMinor: 2_000, kind: "refund", refund: { paymentId: first!.id } }));
    expect(note.number).toMatch(/^CN-\d{4}-\d{6}$/);
    expect(await familyBalances(server.db, email)).toEqual([{ currency: "USD", balanceMinor: 0 }]);
    await expect(
      server.db
        .transaction()
        .execute((trx) => issueCreditNote(trx, { invoiceId: invoice.id, amountMinor: 3_001, kind: "refund", refund: { paymentId: first!.id } })),
    ).rejects.toBeInstanceOf(BillingRefused);
    expect(await invoiceOutstanding(server.db, invoice.id)).toBe(0);
  });
});
