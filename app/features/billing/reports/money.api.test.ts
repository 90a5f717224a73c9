import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { createInvoice, issueCreditNote, recordPayment } from "~/features/billing/ledger.server";
import { termOf } from "./money-period";

/**
 * Issue 31 (decision 093): the family's invoices in /account and the staff money view, on the
 * database the suite runs on (SQLite, or PostgreSQL with TEST_DATABASE_URL). Figures are checked
 * against a known set of invoices, payments and refunds in two currencies across a month boundary
 * of the academy's calendar (Asia/Kolkata, UTC+05:30).
 */
describe("money: account invoices and the staff summary", () => {
  let server: TestServer;
  let staff: Record<string, string>;
  let course: { id: number; min_age: number; price: number; name_en: string };
  let parent: Awaited<ReturnType<TestServer["signIn"]>>;
  let parentHeaders: Record<string, string>;
  let firstDate: string;
  const PRICE = () => course.price * 100;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie, origin: server.url };
    parent = await server.signIn("user");
    parentHeaders = { cookie: parent.cookie, origin: server.url };
    course = await server.db
      .selectFrom("courses")
      .select(["id", "min_age", "price", "name_en"])
      .where("slug", "=", "robotics-fundamentals")
      .executeTakeFirstOrThrow();
    firstDate = addDays(zonedParts(new Date(), "Asia/Kolkata").date, 14);
  });
  afterAll(async () => {
    await server?.close();
  });

  const enrol = async (child: string, email: string, headers: Record<string, string> = {}) => {
    const section = await server.request("POST", "/api/admin/sections", {
      json: { courseId: course.id, weekdays: [2], startTime: "16:00", durationMinutes: 60, firstDate, meetings: 4, capacity: 5 },
      headers: staff,
    });
    expect(section.status).toBe(201);
    const res = await server.request("POST", `/api/sections/${section.body.id}/enrolments`, {
      json: { childName: child, childAge: course.min_age, parentName: "Priya Sharma", email, phone: "+91 98765 43210" },
      headers,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await server.db
      .selectFrom("section_enrolments")
      .select(["id", "email", "child_key"])
      .where("reference", "=", res.body.reference)
      .executeTakeFirstOrThrow();
    const invoice = await server.db.selectFrom("invoices").select(["id", "number"]).where("enrolment_id", "=", row.id).executeTakeFirstOrThrow();
    return { enrolmentId: row.id, invoiceId: invoice.id, number: invoice.number };
  };
  const campInvoice = async (email: string, amountMinor: number, dueOn?: string) => {
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
    return (await server.db.transaction().execute((trx) =>
      createInvoice(trx, {
        email,
        parentName: "Priya",
        userId: null,
        lang: "en",
        currency: "INR",
        offer: { kind: "camp", enrollmentId: row.id },
        childName: "Aarav",
        description: { en: "Summer camp", ar: "المخيم الصيفي" },
        lines: [{ kind: "price", label_en: "Camp fee", label_ar: "رسوم المخيم", amountMinor }],
        dueOn,
      }),
    ))!;
  };
  const pay = (invoiceId: number, amountMinor: number, receivedAt: string, method: "cash" | "online" = "cash") =>
    server.db.transaction().execute((trx) =>
      recordPayment(trx, {
        invoiceId,
        method,
        amountMinor,
        receivedAt,
        ...(method === "online" ? { provider: "stripe", providerRef: `pi_${invoiceId}_${amountMinor}` } : {}),
      }),
    );
  const summary = (query: string, headers = staff) => server.request("GET", `/api/admin/billing/summary${query}`, { headers });

  it("collected per currency in the academy's month (payments less refunds), outstanding and overdue now, by course and by term", async () => {
    // USD: a course invoice paid half on 1 October 00:30 IST (30 September in UTC) and half on 1 November 01:30 IST (31 October in UTC).
    const a = await enrol("Aarav Sharma", "family.a@example.com");
    const half = Math.floor(PRICE() / 2);
    await pay(a.invoiceId, half, "2026-09-30T19:00:00.000Z");
    await pay(a.invoiceId, PRICE() - half, "2026-10-31T20:00:00.000Z");
    // INR: a camp invoice paid online in October, a partial refund in October; another camp invoice past due.
    const b = await campInvoice("family.b@example.com", 900_000);
    const paid = await pay(b.id, 900_000, "2026-10-15T06:00:00.000Z", "online");
    const note = await server.db
      .transaction()
      .execute((trx) => issueCreditNote(trx, { invoiceId: b.id, amountMinor: 100_000, kind: "refund", refund: { paymentId: paid!.id } }));
    await server.db.updateTable("payments").set({ received_at: "2026-10-20T06:00:00.000Z" }).where("id", "=", note.refundId!).execute();
    await campInvoice("family.c@example.com", 50_000, "2026-10-01");
    // USD: a course invoice due later, but with an instalment past its day: overdue.
    const d = await enrol("Dana Rao", "family.d@example.com");
    await server.db
      .insertInto("invoice_instalments")
      .values({ invoice_id: d.invoiceId, position: 1, due_on: "2026-10-10", amount_minor: 1_000, created_at: new Date().toISOString() })
      .execute();
    // A voided invoice counts nowhere (nothing is owed on it).
    const e = await enrol("Eli Void", "family.e@example.com");
    await server.db.transaction().execute((trx) => issueCreditNote(trx, { invoiceId: e.invoiceId, amountMinor: PRICE(), kind: "void" }));

    const october = await summary("?from=2026-10-01&to=2026-10-31");
    expect(october.status, JSON.stringify(october.body)).toBe(200);
    expect(october.body.period).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(october.body.totals).toEqual([
      { currency: "INR", collectedMinor: 800_000, outstandingMinor: 50_000, overdueMinor: 50_000 },
      { currency: "USD", collectedMinor: half, outstandingMinor: PRICE(), overdueMinor: PRICE() },
    ]);
    expect(october.body.overdueInvoices).toEqual([
      { currency: "INR", count: 1 },
      { currency: "USD", count: 1 },
    ]);
    expect(october.body.byCourse).toEqual([
      { key: "camp", label: "Summer camp", currency: "INR", collectedMinor: 800_000, outstandingMinor: 50_000, overdueMinor: 50_000 },
      { key: String(course.id), label: course.name_en, currency: "USD", collectedMinor: half, outstandingMinor: PRICE(), overdueMinor: PRICE() },
    ]);
    // The groups' term is their first class's quarter; the camp's its invoices' issue day's.
    const usdTerms = october.body.byTerm.filter((row: { currency: string }) => row.currency === "USD");
    expect(usdTerms).toEqual([
      { key: termOf(firstDate), label: termOf(firstDate), currency: "USD", collectedMinor: half, outstandingMinor: PRICE(), overdueMinor: PRICE() },
    ]);

    const november = await summary("?from=2026-11-01&to=2026-11-30");
    expect(november.body.totals.find((t: { currency: string }) => t.currency === "USD").collectedMinor).toBe(PRICE() - half);
    expect(november.body.totals.find((t: { currency: string }) => t.currency === "INR").collectedMinor).toBe(0);
    // September ends at 30 September 23:59 IST: the 19:00 UTC payment on the 30th is October's.
    const september = await summary("?from=2026-09-01&to=2026-09-30");
    expect(september.body.totals.map((t: { collectedMinor: number }) => t.collectedMinor)).toEqual([0, 0]);
    // Arabic labels for the same figures.
    const arabic = await summary("?from=2026-10-01&to=2026-10-31&lang=ar");
    expect(arabic.body.byCourse[0].label).toBe("المخيم الصيفي");
  });

  it("the default period is the academy's current month; a bad period is a 400 with a message", async () => {
    const today = zonedParts(new Date(), "Asia/Kolkata").date;
    const res = await summary("");
    expect(res.status).toBe(200);
    expect(res.body.period.from).toBe(`${today.slice(0, 7)}-01`);
    expect(res.body.today).toBe(today);
    for (const query of [
      "?from=2026-02-30",
      "?from=2026-11-05&to=2026-11-01",
      "?from=2020-01-01&to=2026-01-01",
      "?to=tomorrow",
      "?from=2026-01-01&from=2026-02-01",
    ]) {
      const bad = await summary(query);
      expect(bad.status, query).toBe(400);
      expect(typeof bad.body.message).toBe("string");
    }
  });

  it("the funnel: demo classes of the period booked → attended → enrolled → paid", async () => {
    const slotAt = "2026-08-12T10:30:00.000Z";
    const slot = await server.db
      .insertInto("demo_slots")
      .values({
        starts_at: slotAt,
        duration_minutes: 60,
        capacity: 10,
        course_id: course.id,
        status: "open",
        created_at: "2026-08-01T00:00:00.000Z",
        updated_at: "2026-08-01T00:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const book = async (ref: string, child: string, email: string, status: "booked" | "attended" | "cancelled") =>
      (
        await server.db
          .insertInto("demo_bookings")
          .values({
            reference: ref,
            cancel_token: `T-${ref}`,
            slot_id: slot.id,
            course_id: course.id,
            course_name: course.name_en,
            child_name: child,
            child_age: 9,
            parent_name: "P",
            email,
            phone: "9876543210",
            lang: "en",
            status,
            user_id: null,
            created_at: "2026-08-02T00:00:00.000Z",
            updated_at: "2026-08-02T00:00:00.000Z",
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    await book("F1", "Cancelled Kid", "f1@example.com", "cancelled");
    await book("F2", "Booked Kid", "f2@example.com", "booked");
    await book("F3", "Attended Kid", "f3@example.com", "attended");
    const converted = await book("F4", "Converted Kid", "f4@example.com", "attended");
    await book("F5", "Self Kid", "f5@example.com", "attended");
    // F4: staff converted it (demo_booking_id) and the invoice is paid; F5: the family enrolled the same child, not paid yet.
    const f4 = await enrol("Converted Kid", "f4@example.com");
    await server.db.updateTable("section_enrolments").set({ source: "demo", demo_booking_id: converted }).where("id", "=", f4.enrolmentId).execute();
    await pay(f4.invoiceId, PRICE(), "2026-08-20T06:00:00.000Z");
    await enrol("Self Kid", "F5@example.com");

    const res = await summary("?from=2026-08-01&to=2026-08-31");
    expect(res.body.funnel.total).toEqual({ booked: 4, attended: 3, enrolled: 2, paid: 1 });
    expect(res.body.funnel.byCourse).toEqual([{ label: course.name_en, booked: 4, attended: 3, enrolled: 2, paid: 1 }]);
    expect((await summary("?from=2026-07-01&to=2026-07-31")).body.funnel.total).toEqual({ booked: 0, attended: 0, enrolled: 0, paid: 0 });
  });

  it("the summary is for staff: anonymous 401, a parent or an instructor 403, an editor 200", async () => {
    expect((await summary("", {})).status).toBe(401);
    for (const role of ["user", "instructor"] as const) {
      const member = await server.signIn(role);
      expect((await summary("", { cookie: member.cookie })).status, role).toBe(403);
    }
    const editor = await server.signIn("editor");
    expect((await summary("", { cookie: editor.cookie })).status).toBe(200);
  });

  it("a parent sees only their own invoices: made while signed in, or to their e-mail once proven; with balance per currency", async () => {
    expect((await server.request("GET", "/api/account/invoices")).status).toBe(401);
    const own = await enrol("Mira Own", parent.user.email, parentHeaders);
    // Sent to the account's e-mail without signing in (another letter case), and another family's.
    const byEmail = await campInvoice(parent.user.email.toUpperCase(), 30_000);
    await enrol("Other Child", "someone.else@example.com");
    const list = async () => (await server.request("GET", "/api/account/invoices", { headers: parentHeaders })).body;
    let body = await list();
    expect(body.invoices.map((i: { number: string }) => i.number)).toEqual([own.number]);
    expect(body.invoices[0]).toMatchObject({
      childName: "Mira Own",
      currency: "USD",
      totalMinor: PRICE(),
      paidMinor: 0,
      outstandingMinor: PRICE(),
      status: "open",
      pdfUrl: `/account/invoices/${own.invoiceId}/pdf`,
      payUrl: null,
    });
    expect(body.balances).toEqual([{ currency: "USD", balanceMinor: PRICE() }]);
    // The e-mail proven: the camp invoice sent to it is the family's too; balances stay per currency.
    await server.db.updateTable("users").set({ email_verified_at: new Date().toISOString() }).where("id", "=", parent.user.id).execute();
    await pay(own.invoiceId, 1_000, new Date().toISOString());
    body = await list();
    expect(body.invoices.map((i: { number: string }) => i.number).sort()).toEqual([own.number, byEmail.number].sort());
    expect(body.balances).toEqual([
      { currency: "INR", balanceMinor: 30_000 },
      { currency: "USD", balanceMinor: PRICE() - 1_000 },
    ]);
    expect(body.invoices.find((i: { number: string }) => i.number === own.number)).toMatchObject({ paidMinor: 1_000, outstandingMinor: PRICE() - 1_000 });
    // Arabic: the page's links carry the language.
    const ar = (await server.request("GET", "/api/account/invoices?lang=ar", { headers: parentHeaders })).body;
    expect(ar.invoices[0].pdfUrl).toMatch(/^\/ar\/account\/invoices\/\d+\/pdf$/);
  });

  it("the data export carries invoices, payments and credit notes; erasing the account keeps the invoices", async () => {
    const member = await server.signIn("user");
    const headers = { cookie: member.cookie, origin: server.url };
    const mine = await enrol("Noor Erase", member.user.email, headers);
    const paid = await pay(mine.invoiceId, PRICE(), new Date().toISOString(), "online");
    await server.db
      .transaction()
      .execute((trx) => issueCreditNote(trx, { invoiceId: mine.invoiceId, amountMinor: 500, kind: "refund", refund: { paymentId: paid!.id } }));
    const exported = await server.request("GET", "/api/account/export", { headers });
    expect(exported.status).toBe(200);
    const data = typeof exported.body === "string" ? JSON.parse(exported.body) : exported.body;
    expect(data.invoices.map((i: { number: string }) => i.number)).toEqual([mine.number]);
    expect(data.invoices[0].lines.length).toBeGreaterThan(0);
    expect(data.payments.map((p: { kind: string }) => p.kind)).toEqual(["payment", "refund"]);
    expect(data.creditNotes).toHaveLength(1);
    const erased = await server.request("POST", "/api/account/delete", { json: { email: member.user.email }, headers });
    expect(erased.status, JSON.stringify(erased.body)).toBeLessThan(300);
    const kept = await server.db.selectFrom("invoices").select(["number", "user_id", "status"]).where("id", "=", mine.invoiceId).executeTakeFirstOrThrow();
    expect(kept).toEqual({ number: mine.number, user_id: null, status: "paid" });
    expect(await server.db.selectFrom("users").select("id").where("id", "=", member.user.id).executeTakeFirst()).toBeUndefined();
  });
});
