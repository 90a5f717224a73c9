import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { outboxMails, waitForJobs } from "~server/test/outbox";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { acceptSectionOffer } from "~/features/sections/section-waitlist.server";

/** The staff's billing desk (issue 31, decision 090): list, invoice, desk payment and receipt, statement, CSV. */
describe("billing desk API", () => {
  let server: TestServer;
  let staff: Record<string, string>;
  let course: { id: number; min_age: number; price: number };
  let today: string;
  let sectionId: number;
  let sequence = 0;

  beforeAll(async () => {
    server = await startTestServer();
    const editor = await server.signIn("editor");
    staff = { cookie: editor.cookie, origin: server.url };
    course = await server.db.selectFrom("courses").select(["id", "min_age", "price"]).where("slug", "=", "robotics-fundamentals").executeTakeFirstOrThrow();
    today = zonedParts(new Date(), "Asia/Kolkata").date;
    sectionId = await newSection(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function newSection(capacity: number) {
    const res = await server.request("POST", "/api/admin/sections", {
      json: { courseId: course.id, weekdays: [2], startTime: "16:00", durationMinutes: 60, firstDate: addDays(today, 14), meetings: 4, capacity },
      headers: staff,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  }
  /** A family enrols through the public form (an invoice at the course's price); returns the invoice id. */
  async function enrolled(email: string, lang: "en" | "ar" = "en") {
    const res = await server.request("POST", `/api/sections/${sectionId}/enrolments?lang=${lang}`, {
      json: { childName: `Child ${++sequence}`, childAge: course.min_age, parentName: "Priya Sharma", email, phone: "+91 98765 43210" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await server.db
      .selectFrom("invoices as i")
      .innerJoin("section_enrolments as e", "e.id", "i.enrolment_id")
      .select("i.id")
      .where("e.reference", "=", res.body.reference)
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const get = (url: string, headers = staff) => server.request("GET", url, { headers });
  const pay = (invoiceId: number, body: unknown, headers = staff) =>
    server.request("POST", `/api/admin/billing/invoices/${invoiceId}/payments`, { json: body, headers });

  it("lists invoices with filters, search, pages and what is owed per currency; shows one invoice", async () => {
    const id = await enrolled("List.Family@example.com");
    const list = await get("/api/admin/billing/invoices?status=open&q=list.family");
    expect(list.status).toBe(200);
    expect(list.body.invoices).toHaveLength(1);
    expect(list.body.invoices[0]).toMatchObject({
      id,
      familyKey: "list.family@example.com",
      status: "open",
      overdue: false,
      outstandingMinor: course.price * 100,
      currency: "USD",
    });
    expect(list.body.outstanding).toEqual([{ currency: "USD", amountMinor: course.price * 100 }]);
    expect((await get("/api/admin/billing/invoices?status=paid&q=list.family")).body.invoices).toHaveLength(0);
    // Search by number, and a LIKE wildcard is only a character.
    const number = list.body.invoices[0].number as string;
    expect((await get(`/api/admin/billing/invoices?q=${number}`)).body.invoices.map((i: { id: number }) => i.id)).toEqual([id]);
    expect((await get("/api/admin/billing/invoices?q=%25")).body.invoices).toHaveLength(0);
    const detail = await get(`/api/admin/billing/invoices/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.invoice).toMatchObject({ id, number, outstandingMinor: course.price * 100, payments: [], creditNotes: [], instalments: [] });
    expect(detail.body.invoice.lines[0]).toMatchObject({ kind: "price", amountMinor: course.price * 100 });
    expect((await get("/api/admin/billing/invoices/999999")).status).toBe(404);
  });

  it("overdue: open and past its due day, or behind its instalments (academy calendar)", async () => {
    const late = await enrolled("late.family@example.com");
    await server.db
      .updateTable("invoices")
      .set({ due_on: addDays(today, -1) })
      .where("id", "=", late)
      .execute();
    const split = await enrolled("split.family@example.com");
    const now = new Date().toISOString();
    await server.db
      .insertInto("invoice_instalments")
      .values([
        { invoice_id: split, position: 1, due_on: addDays(today, -2), amount_minor: 1_000, created_at: now },
        { invoice_id: split, position: 2, due_on: addDays(today, 30), amount_minor: course.price * 100 - 1_000, created_at: now },
      ])
      .execute();
    const overdue = (await get("/api/admin/billing/invoices?status=overdue")).body.invoices.map((i: { id: number }) => i.id);
    expect(overdue).toContain(late);
    expect(overdue).toContain(split);
    // Paying the first instalment brings the split invoice up to date.
    expect((await pay(split, { method: "cash", amountMinor: 1_000, reference: "R-1" })).status).toBe(201);
    expect((await get("/api/admin/billing/invoices?status=overdue")).body.invoices.map((i: { id: number }) => i.id)).not.toContain(split);
  });

  it("records a desk payment: audited, a receipt in the family's language, paid in full, then the statement's balance is 0", async () => {
    const email = "desk.family@example.com";
    const id = await enrolled(email, "ar");
    const owed = course.price * 100;
    const first = await pay(id, { method: "bank_transfer", amountMinor: 2_550, reference: "TRF-77" });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ invoicePaid: false, outstandingMinor: owed - 2_550 });
    const rest = await pay(id, { method: "cash", amountMinor: owed - 2_550, reference: "Receipt 12" });
    expect(rest.body).toMatchObject({ invoicePaid: true, outstandingMinor: 0 });
    const detail = (await get(`/api/admin/billing/invoices/${id}`)).body.invoice;
    expect(detail.status).toBe("paid");
    expect(detail.payments.map((p: { method: string; reference: string }) => [p.method, p.reference])).toEqual([
      ["bank_transfer", "TRF-77"],
      ["cash", "Receipt 12"],
    ]);
    const audit = await server.db.selectFrom("audit_log").selectAll().where("entity", "=", "invoice").where("entity_id", "=", String(id)).execute();
    expect(audit).toHaveLength(2);
    await waitForJobs(server.db);
    // The invoice's own e-mail (decision 092) names the number too; the receipts say «إيصال».
    const receipts = outboxMails(server.config.dataDir).filter((m) => m.to === email && m.subject.includes(detail.number) && m.subject.includes("إيصال"));
    expect(receipts).toHaveLength(2);
    expect(receipts[0]!.subject).toContain("إيصال");
    expect(receipts.map((m) => m.text).join("\n")).toContain("TRF-77");
    const statement = await get(`/api/admin/billing/families/${encodeURIComponent("Desk.Family@example.com")}`);
    expect(statement.status).toBe(200);
    expect(statement.body.balances).toEqual([{ currency: "USD", balanceMinor: 0 }]);
    expect(statement.body.entries.map((e: { kind: string; balanceMinor: number }) => [e.kind, e.balanceMinor])).toEqual([
      ["charge", owed],
      ["payment", owed - 2_550],
      ["payment", 0],
    ]);
  });

  it("refuses an overpayment (409), a void invoice (409), bad input (400 with messages), a stranger's instalment (400)", async () => {
    const id = await enrolled("refuse.family@example.com");
    const over = await pay(id, { method: "cash", amountMinor: course.price * 100 + 1 });
    expect(over.status).toBe(409);
    expect(over.body.message).toMatch(/more than is still owed/);
    for (const body of [
      {},
      { method: "card", amountMinor: 100 },
      { method: "cash", amountMinor: 0 },
      { method: "cash", amountMinor: 1.5 },
      { method: "cash", amountMinor: "100" },
      { method: "cheque", amountMinor: 100 },
    ]) {
      const res = await pay(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect((await pay(id, { method: "cheque", amountMinor: 100 })).body.errors.reference).toBeTruthy();
    const other = await enrolled("refuse.other@example.com");
    const now = new Date().toISOString();
    const { id: instalmentId } = await server.db
      .insertInto("invoice_instalments")
      .values({ invoice_id: other, position: 1, due_on: today, amount_minor: 100, created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await pay(id, { method: "cash", amountMinor: 100, instalmentId })).status).toBe(400);
    await server.db.updateTable("invoices").set({ status: "void" }).where("id", "=", id).execute();
    expect((await pay(id, { method: "cash", amountMinor: 100 })).status).toBe(409);
    expect((await pay(999_999, { method: "cash", amountMinor: 100 })).status).toBe(404);
    expect((await get("/api/admin/billing/invoices?status=late")).status).toBe(400);
    expect((await get("/api/admin/billing/invoices?page=0")).status).toBe(400);
    expect((await get("/api/admin/billing/families/nobody%40example.com")).status).toBe(404);
  });

  it("is for staff only: signed out 401, a parent or an instructor 403", async () => {
    const id = await enrolled("access.family@example.com");
    const urls = [
      "/api/admin/billing/invoices",
      `/api/admin/billing/invoices/${id}`,
      "/api/admin/billing/families/access.family%40example.com",
      "/api/admin/billing/export.csv",
    ];
    for (const url of urls) expect((await get(url, { origin: server.url })).status, url).toBe(401);
    expect((await pay(id, { method: "cash", amountMinor: 100 }, { origin: server.url })).status).toBe(401);
    for (const role of ["user", "instructor"] as const) {
      const { cookie } = await server.signIn(role);
      const headers = { cookie, origin: server.url };
      for (const url of urls) expect((await get(url, headers)).status, `${role} ${url}`).toBe(403);
      expect((await pay(id, { method: "cash", amountMinor: 100 }, headers)).status).toBe(403);
    }
    expect((await get(`/api/admin/billing/invoices/${id}`)).body.invoice.payments).toEqual([]);
  });

  it("exports every ledger entry as CSV: academy time, the currency on each row, text cells guarded against formulas", async () => {
    const id = await enrolled("csv.family@example.com");
    await server.db.updateTable("invoices").set({ parent_name: '=HYPERLINK("x")' }).where("id", "=", id).execute();
    expect((await pay(id, { method: "cheque", amountMinor: 500, reference: "+CHQ-1" })).status).toBe(201);
    const res = await server.request("GET", "/api/admin/billing/export.csv", { headers: staff });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/csv/);
    const lines = String(res.body)
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(lines[0]).toBe(
      "Entry,Date (Asia/Kolkata),Family,Parent,Invoice,Invoice status,Due on,Kind,Currency,Amount (minor units),Amount,Method,Reference,Credit note",
    );
    const mine = lines.filter((line) => line.includes("csv.family@example.com"));
    expect(mine).toHaveLength(2);
    expect(mine[0]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(mine[0]).toMatch(/^\d+,\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);
    // The amount as exact decimal text with the currency's decimals (decision 101), not a float.
    expect(mine[1]).toContain(",payment,USD,-500,-5.00,cheque,'+CHQ-1,");
  });

  it("staff's demo conversion and an accepted waitlist offer issue the enrolment's invoice at the course's price", async () => {
    const sid = await newSection(10);
    const slot = await server.request("POST", "/api/admin/slots", {
      json: { date: addDays(today, 5), time: "10:30", durationMinutes: 60, capacity: 5, courseId: course.id },
      headers: staff,
    });
    expect(slot.status, JSON.stringify(slot.body)).toBe(201);
    const slugRow = await server.db.selectFrom("courses").select("slug").where("id", "=", course.id).executeTakeFirstOrThrow();
    const booked = await server.request("POST", `/api/courses/${slugRow.slug}/demo-bookings?lang=ar`, {
      json: {
        slotId: slot.body.id,
        childName: "Omar Desk",
        childAge: course.min_age,
        parentName: "Huda Saleh",
        email: "demo.desk@example.com",
        phone: "+91 98765 43210",
      },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const { id: bookingId } = await server.db.selectFrom("demo_bookings").select("id").where("reference", "=", booked.body.reference).executeTakeFirstOrThrow();
    const converted = await server.request("POST", `/api/admin/demo-bookings/${bookingId}/enrolment`, { json: { sectionId: sid }, headers: staff });
    expect(converted.status, JSON.stringify(converted.body)).toBe(201);
    const demoInvoice = await server.db
      .selectFrom("invoices as i")
      .innerJoin("section_enrolments as e", "e.id", "i.enrolment_id")
      .select(["i.total_minor", "i.family_key", "i.lang"])
      .where("e.reference", "=", converted.body.reference)
      .executeTakeFirstOrThrow();
    expect(demoInvoice).toMatchObject({ total_minor: course.price * 100, family_key: "demo.desk@example.com", lang: "ar" });

    const now = new Date().toISOString();
    const { id: entryId } = await server.db
      .insertInto("section_waitlist")
      .values({
        section_id: sid,
        course_id: course.id,
        child_name: "Lina Wait",
        child_age: course.min_age,
        child_id: null,
        parent_name: "Sara",
        email: "wait.desk@example.com",
        phone: "+919876543210",
        lang: "en",
        user_id: null,
        status: "offered",
        offered_at: now,
        offer_expires_at: addDays(today, 2) + "T00:00:00.000Z",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const accepted = await acceptSectionOffer(server.db, entryId, async () => undefined);
    expect(accepted.ok).toBe(true);
    const waitInvoice = await server.db
      .selectFrom("invoices")
      .select(["total_minor", "status"])
      .where("enrolment_id", "=", accepted.ok ? accepted.enrolmentId : 0)
      .executeTakeFirstOrThrow();
    expect(waitInvoice).toEqual({ total_minor: course.price * 100, status: "open" });
  });
});
