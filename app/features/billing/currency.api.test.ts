import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "kysely";
import { startTestServer, type TestServer } from "~server/test/harness";
import { startStripeStandIn, type StripeStandIn } from "~server/test/stripe-stand-in";
import { outboxMails, waitForJobs } from "~server/test/outbox";
import { pdfText } from "~server/test/pdf-text";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { enrolmentPaymentLink } from "~/features/enrolments/links.server";
import { STRIPE_WEBHOOK_PATH } from "~/features/billing/payments/payments.api";
import { formatPrice } from "~/lib/money";
import type { Lang } from "~/i18n/lang";
import { courseSectionsFor } from "~/features/sections/course-sections.server";
import { getCourseDetail } from "~/features/courses/course-detail.server";
import { recordPayment } from "./ledger.server";

/**
 * Money you can trust (decision 101), at the API with the Stripe stand-in, on SQLite and
 * PostgreSQL (TEST_DATABASE_URL): the family pays what it is invoiced (tax included), a course
 * priced in KWD keeps its 3 decimals end to end, one rule of overdue, collected without refused
 * refunds, exact decimals in the accountant's CSV, upper-case currencies kept by CHECKs.
 */
describe("money: currencies, tax and one rule of owed", () => {
  let server: TestServer;
  let stripe: StripeStandIn;
  let staff: Record<string, string>;
  let parentHeaders: Record<string, string>;
  let course: { id: number; slug: string; min_age: number; price: number };
  let today: string;
  let sequence = 0;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    server = await startTestServer({ STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.url });
    stripe.setWebhookUrl(server.url + STRIPE_WEBHOOK_PATH);
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie, origin: server.url };
    const parent = await server.signIn("user");
    parentHeaders = { cookie: parent.cookie, origin: server.url };
    course = await server.db
      .selectFrom("courses")
      .select(["id", "slug", "min_age", "price"])
      .where("slug", "=", "robotics-fundamentals")
      .executeTakeFirstOrThrow();
    today = zonedParts(new Date(), "Asia/Kolkata").date;
    // VAT 18 % added on top of prices (exclusive).
    const { settings } = (await server.request("GET", "/api/admin/settings", { headers: staff })).body;
    expect(
      (await server.request("PUT", "/api/admin/settings", { json: { ...settings, taxName: "VAT", taxRateBp: 1800, taxInclusive: false }, headers: staff }))
        .status,
    ).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.stop();
  });

  const newSection = async (courseId = course.id) => {
    const res = await server.request("POST", "/api/admin/sections", {
      json: { courseId, weekdays: [2], startTime: "16:00", durationMinutes: 60, firstDate: addDays(today, 14), meetings: 4, capacity: 20 },
      headers: staff,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  const enrol = async (sectionId: number, email: string, headers: Record<string, string> = {}, minAge = course.min_age) => {
    const res = await server.request("POST", `/api/sections/${sectionId}/enrolments`, {
      json: { childName: `Child ${++sequence}`, childAge: minAge, parentName: "Sana Khan", email, phone: "+91 98765 43210" },
      headers,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await server.db.selectFrom("section_enrolments").selectAll().where("reference", "=", res.body.reference).executeTakeFirstOrThrow();
    const invoice = await server.db.selectFrom("invoices").selectAll().where("enrolment_id", "=", row.id).executeTakeFirstOrThrow();
    return { body: res.body, row, invoice, token: enrolmentPaymentLink.token(server.config.sessionSecret, row) };
  };
  /**
   * What the course page renders on the server (its loaders' data, the same with and without
   * JavaScript): the course's price as course.route.tsx writes it, and the price summary's lines.
   */
  const coursePage = async (slug: string, lang: Lang) => {
    const detail = (await getCourseDetail(server.db, slug, lang))!;
    const { quote } = await courseSectionsFor({ db: server.db, user: null, config: server.config } as never, Number(detail._id), lang, new URLSearchParams());
    const summary = [
      ...quote!.lines.map((line) => `${line.label}: ${line.amount}`),
      `total: ${quote!.total}`,
      ...(quote!.taxIncluded ? [`${quote!.taxIncluded.label}: ${quote!.taxIncluded.amount}`] : []),
    ];
    // As read: without the left-to-right isolates every amount carries (decision 112).
    return [`price: ${formatPrice(detail.coursePrice, detail.currency, lang)}`, ...summary].join("\n").replace(/[\u2066\u2069]/g, "");
  };

  it("exclusive tax: the price before paying shows the tax line and the invoice total, in both languages and without JavaScript; the stand-in asks that total; paying confirms and pays the invoice", async () => {
    const fee = course.price * 100;
    const tax = Math.floor((fee * 1800 + 5000) / 10_000);
    const sectionId = await newSection();
    const quote = await server.request("POST", "/api/discounts/quote", { json: { offer: "section", offerId: sectionId, code: "" } });
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ currency: "USD", totalMinor: fee + tax, tax: { name: "VAT", rateBp: 1800, inclusive: false, amountMinor: tax } });
    // The course page renders the price summary on the server (no script needed).
    const money = (minor: number) =>
      new Intl.NumberFormat("en-US", {
        style: "currency",
        currency: "USD",
        currencyDisplay: "narrowSymbol",
        minimumFractionDigits: minor % 100 ? 2 : 0,
        maximumFractionDigits: minor % 100 ? 2 : 0,
      }).format(minor / 100);
    const en = await coursePage(course.slug, "en");
    expect(en).toContain(`VAT (18%) added: ${money(tax)}`);
    expect(en).toContain(`total: ${money(fee + tax)}`);
    const ar = await coursePage(course.slug, "ar");
    expect(ar).toContain("يُضاف VAT (18%)");

    const held = await enrol(sectionId, "tax.family@example.com");
    expect(held.invoice.total_minor).toBe(fee + tax);
    expect(held.body.price.totalMinor).toBe(held.invoice.total_minor);
    const started = await server.request("POST", "/api/payments/checkouts", { json: { token: held.token } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    // The stand-in (Stripe) is asked the invoice's total, tax included, in Stripe's lower-case code.
    expect(stripe.sessions.get(started.body.sessionId)).toMatchObject({ amount_total: held.invoice.total_minor, currency: "usd" });
    const checkoutRow = await server.db
      .selectFrom("payment_checkouts")
      .select(["amount_minor", "currency"])
      .where("session_id", "=", started.body.sessionId)
      .executeTakeFirstOrThrow();
    expect(checkoutRow).toEqual({ amount_minor: fee + tax, currency: "USD" });
    const pay = await fetch(started.body.url, { method: "POST", redirect: "manual" });
    expect(pay.status).toBe(303);
    // The webhook stores the event; its job confirms the payment (decision 094).
    await vi.waitFor(
      async () =>
        expect(
          await server.db.selectFrom("section_enrolments").select(["status", "payment_hold_until"]).where("id", "=", held.row.id).executeTakeFirstOrThrow(),
        ).toEqual({ status: "enrolled", payment_hold_until: null }),
      { timeout: 20_000, interval: 100 },
    );
    expect(await server.db.selectFrom("invoices").select("status").where("id", "=", held.invoice.id).executeTakeFirstOrThrow()).toEqual({ status: "paid" });
  });

  it("a course priced in KWD shows 3 decimals on its page, in the price before paying, on the invoice PDF and in the receipt mail", async () => {
    const kwd = await server.db
      .selectFrom("courses")
      .select(["id", "slug", "min_age"])
      .where("slug", "<>", course.slug)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    // Staff choose the currency on the course editor (the API it posts to).
    const form = (await server.request("GET", `/api/admin/courses/${kwd.id}`, { headers: staff })).body;
    const values = form.course ?? form;
    const saved = await server.request("PUT", `/api/admin/courses/${kwd.id}`, { json: { ...values, price: 45, currency: "KWD" }, headers: staff });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await server.db.selectFrom("courses").select(["currency", "price"]).where("id", "=", kwd.id).executeTakeFirstOrThrow()).toEqual({
      currency: "KWD",
      price: 45,
    });
    const sectionId = await newSection(kwd.id);
    const html = await coursePage(kwd.slug, "en");
    expect(html).toMatch(/price: KWD\s45\.000/);
    // 45.000 + VAT 18 % (8.100) = 53.100.
    expect(html).toMatch(/added: KWD\s8\.100/);
    expect(html).toMatch(/total: KWD\s53\.100/);
    const ar = await coursePage(kwd.slug, "ar");
    expect(ar).toMatch(/price: .*45\.000/);
    expect(ar).toMatch(/total: .*53\.100/);

    const held = await enrol(sectionId, "kwd.family@example.com", {}, kwd.min_age);
    expect(held.invoice).toMatchObject({ currency: "KWD", total_minor: 53_100, tax_minor: 8_100 });
    const pdf = await fetch(`${server.url}/admin/billing/invoices/${held.invoice.id}/pdf`, { headers: { cookie: staff.cookie! } });
    expect(pdf.status).toBe(200);
    const { text } = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain("53.100 KWD");
    expect(text).toContain("45.000 KWD");
    // Paid at the desk (the JSON the invoice page's form posts): the receipt says 53.100.
    const paid = await server.request("POST", `/api/admin/billing/invoices/${held.invoice.id}/payments`, {
      json: { method: "cash", amountMinor: 53_100, reference: "" },
      headers: staff,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    await waitForJobs(server.db);
    const receipt = outboxMails(server.config.dataDir).find(
      (mail) => mail.to === "kwd.family@example.com" && mail.subject.includes(held.invoice.number) && /receipt/i.test(mail.subject),
    );
    expect(
      receipt,
      outboxMails(server.config.dataDir)
        .map((m) => `${m.to} ${m.subject}`)
        .join("\n"),
    ).toBeDefined();
    expect(receipt!.text).toMatch(/KWD\s53\.100/);
    // The accountant's CSV: exact decimal text per currency, never a float.
    const csv = await fetch(`${server.url}/api/admin/billing/export.csv`, { headers: { cookie: staff.cookie! } });
    const rows = (await csv.text()).split("\r\n").filter((line) => line.includes(held.invoice.number));
    expect(rows.some((line) => line.includes(",KWD,53100,53.100,"))).toBe(true);
    expect(rows.some((line) => line.includes(",KWD,-53100,-53.100,"))).toBe(true);
  });

  it("a course price takes its currency's decimals at the admin API (KWD 12.345, not USD 12.345, not JPY 12.5); Stripe's tens of fils are refused clearly at the checkout, never rounded", async () => {
    const row = await server.db
      .selectFrom("courses")
      .select(["id", "slug", "min_age"])
      .where("slug", "<>", course.slug)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const form = (await server.request("GET", `/api/admin/courses/${row.id}`, { headers: staff })).body;
    const values = form.course ?? form;
    const put = (json: Record<string, unknown>, lang = "en") =>
      server.request("PUT", `/api/admin/courses/${row.id}?lang=${lang}`, {
        json: { ...values, discounted: false, originalPrice: null, ...json },
        headers: staff,
      });
    for (const [json, why] of [
      [{ price: 12.345, currency: "USD" }, "USD has 2 decimals"],
      [{ price: 12.5, currency: "JPY" }, "JPY has none"],
      [{ price: 12.3456, currency: "KWD" }, "KWD has 3"],
      [{ price: 12.5, currency: undefined }, "no currency named: whole units"],
    ] as const) {
      const refused = await put(json);
      expect(refused.status, why).toBe(400);
      expect(refused.body.errors?.price, why).toBeTruthy();
    }
    expect((await put({ price: 12.5, currency: "USD" }, "ar")).status).toBe(200);
    const saved = await put({ price: 12.345, currency: "KWD" });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await server.db.selectFrom("courses").select(["currency", "price"]).where("id", "=", row.id).executeTakeFirstOrThrow()).toEqual({
      currency: "KWD",
      price: 12.345,
    });
    const read = (await server.request("GET", `/api/admin/courses/${row.id}`, { headers: staff })).body;
    expect((read.course ?? read).price).toBe(12.345);
    const sectionId = await newSection(row.id);
    expect(await coursePage(row.slug, "en")).toMatch(/price: KWD\s12\.345/);
    // 12.345 + VAT 18 % (2.222) = 14.567 KWD: Stripe takes 3-decimal currencies in tens of fils only.
    const odd = await enrol(sectionId, "kwd.odd@example.com", {}, row.min_age);
    expect(odd.invoice).toMatchObject({ currency: "KWD", total_minor: 14_567 });
    const sessions = stripe.sessions.size;
    for (const lang of ["en", "ar"] as const) {
      const refused = await server.request("POST", `/api/payments/checkouts?lang=${lang}`, { json: { token: odd.token } });
      expect(refused.status).toBe(409);
      expect(refused.body.reason).toBe("notPayable");
      expect(refused.body.message).toMatch(lang === "en" ? /desk/ : /مكتب الأكاديمية/);
    }
    expect(stripe.sessions.size).toBe(sessions);
    // 12.500 + 2.250 = 14.750: in tens of fils, so it goes to Stripe as asked.
    expect((await put({ price: 12.5, currency: "KWD" })).status).toBe(200);
    const even = await enrol(sectionId, "kwd.even@example.com", {}, row.min_age);
    expect(even.invoice).toMatchObject({ currency: "KWD", total_minor: 14_750 });
    const started = await server.request("POST", "/api/payments/checkouts", { json: { token: even.token } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(stripe.sessions.get(started.body.sessionId)).toMatchObject({ amount_total: 14_750, currency: "kwd" });
  });

  it("one rule of overdue: the desk list, the family's invoices and the money summary agree on instalment invoices (payments cover parts in order)", async () => {
    const sectionId = await newSection();
    const yesterday = addDays(today, -1);
    /** An invoice of the signed-in family split in two parts, the first due yesterday. */
    const split = async (email: string) => {
      const { invoice } = await enrol(sectionId, email, parentHeaders);
      const first = Math.floor(invoice.total_minor / 2);
      const at = new Date().toISOString();
      await server.db
        .insertInto("invoice_instalments")
        .values([
          { invoice_id: invoice.id, position: 1, due_on: yesterday, amount_minor: first, created_at: at },
          { invoice_id: invoice.id, position: 2, due_on: addDays(today, 30), amount_minor: invoice.total_minor - first, created_at: at },
        ])
        .execute();
      const parts = await server.db
        .selectFrom("invoice_instalments")
        .select(["id", "amount_minor"])
        .where("invoice_id", "=", invoice.id)
        .orderBy("position")
        .execute();
      return { invoice, parts };
    };
    const pay = (invoiceId: number, amountMinor: number, instalmentId: number) =>
      server.db
        .transaction()
        .execute((trx) => recordPayment(trx, { invoiceId, method: "cash", amountMinor, receivedAt: new Date().toISOString(), instalmentId }));
    // A: the first part paid in full plus some of the second, by a payment naming the second part: not overdue.
    const a = await split("rule.a@example.com");
    await pay(a.invoice.id, a.parts[0]!.amount_minor + 100, a.parts[1]!.id);
    // B: the first part only partly paid: overdue.
    const b = await split("rule.b@example.com");
    await pay(b.invoice.id, 100, b.parts[0]!.id);

    const desk = await server.request("GET", "/api/admin/billing/invoices?status=open&q=rule.", { headers: staff });
    const deskOverdue = Object.fromEntries(desk.body.invoices.map((row: { id: number; overdue: boolean }) => [row.id, row.overdue]));
    const family = (await server.request("GET", "/api/account/invoices", { headers: parentHeaders })).body;
    const familyStatus = Object.fromEntries(family.invoices.map((row: { id: number; status: string }) => [row.id, row.status]));
    const overdueList = (await server.request("GET", "/api/admin/billing/invoices?status=overdue&q=rule.", { headers: staff })).body.invoices.map(
      (row: { id: number }) => row.id,
    );
    expect({ a: deskOverdue[a.invoice.id], b: deskOverdue[b.invoice.id] }).toEqual({ a: false, b: true });
    expect({ a: familyStatus[a.invoice.id], b: familyStatus[b.invoice.id] }).toEqual({ a: "open", b: "overdue" });
    expect(overdueList).toEqual([b.invoice.id]);
    const summary = (await server.request("GET", "/api/admin/billing/summary", { headers: staff })).body;
    const owedB = b.invoice.total_minor - 100;
    const usd = summary.totals.find((row: { currency: string }) => row.currency === "USD");
    expect(usd.overdueMinor).toBeGreaterThanOrEqual(owedB);
    // A's outstanding is not counted overdue: every overdue USD invoice is B or one of this file's past ones (none is past due).
    const overdueInvoices = await server.db
      .selectFrom("invoices as i")
      .select("i.id")
      .where("i.currency", "=", "USD")
      .where("i.status", "=", "open")
      .where((eb) =>
        eb.or([
          eb("i.due_on", "<", today),
          eb.exists(eb.selectFrom("invoice_instalments as n").select("n.id").whereRef("n.invoice_id", "=", "i.id").where("n.due_on", "<", today)),
        ]),
      )
      .execute();
    expect(overdueInvoices.map((row) => row.id).sort()).toEqual([a.invoice.id, b.invoice.id].sort());
    expect(usd.overdueMinor).toBe(owedB);
  });

  it("collected leaves out refunds the provider refused", async () => {
    const sectionId = await newSection();
    const { invoice } = await enrol(sectionId, "refused.refund@example.com");
    const period = `?from=${today}&to=${today}`;
    const before =
      (await server.request("GET", `/api/admin/billing/summary${period}`, { headers: staff })).body.totals.find(
        (row: { currency: string }) => row.currency === "USD",
      )?.collectedMinor ?? 0;
    const paid = await server.request("POST", `/api/admin/billing/invoices/${invoice.id}/payments`, {
      json: { method: "cash", amountMinor: 5_000, reference: "" },
      headers: staff,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    // A refund row the provider refused (decision 092): it moved no money.
    const payment = await server.db.selectFrom("payments").select(["id", "family_key"]).where("invoice_id", "=", invoice.id).executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    await server.db
      .insertInto("payments")
      .values({
        invoice_id: invoice.id,
        family_key: payment.family_key,
        currency: "USD",
        kind: "refund",
        method: "online",
        amount_minor: 3_500,
        provider: "stripe",
        provider_ref: `re_failed_${payment.id}`,
        refund_of: payment.id,
        instalment_id: null,
        credit_note_id: null,
        recorded_by: null,
        received_at: at,
        created_at: at,
        refund_state: "failed",
      })
      .execute();
    const after = (await server.request("GET", `/api/admin/billing/summary${period}`, { headers: staff })).body.totals.find(
      (row: { currency: string }) => row.currency === "USD",
    ).collectedMinor;
    expect(after - before).toBe(5_000);
    const family = await server.request("GET", "/api/admin/billing/invoices/" + invoice.id, { headers: staff });
    expect(family.status).toBe(200);
  });

  it("a desk payment form posted twice (its idempotency key) records one payment and answers as the first did", async () => {
    const sectionId = await newSection();
    const { invoice } = await enrol(sectionId, "twice.desk@example.com");
    const body = { method: "cash", amountMinor: invoice.total_minor, reference: "", idempotencyKey: "form-render-key-000001" };
    const answers = await Promise.all(
      [0, 1, 2].map(() => server.request("POST", `/api/admin/billing/invoices/${invoice.id}/payments`, { json: body, headers: staff })),
    );
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((res) => res.body.paymentId)).size).toBe(1);
    expect(answers.every((res) => res.body.invoicePaid === true)).toBe(true);
    const payments = await server.db.selectFrom("payments").select("amount_minor").where("invoice_id", "=", invoice.id).execute();
    expect(payments).toEqual([{ amount_minor: invoice.total_minor }]);
    // Another render's key is another payment: here refused, nothing is owed any more.
    const other = await server.request("POST", `/api/admin/billing/invoices/${invoice.id}/payments`, {
      json: { ...body, idempotencyKey: "form-render-key-000002" },
      headers: staff,
    });
    expect(other.status).toBe(409);
    const bad = await server.request("POST", `/api/admin/billing/invoices/${invoice.id}/payments`, { json: { ...body, idempotencyKey: "x" }, headers: staff });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(expect.any(String));
  });

  it("currencies are stored upper case, and the database refuses any other code", async () => {
    const codes = await server.db.selectFrom("payment_checkouts").select("currency").distinct().execute();
    expect(codes.every((row) => /^[A-Z]{3}$/.test(row.currency))).toBe(true);
    const invoice = await server.db.selectFrom("invoices").selectAll().executeTakeFirstOrThrow();
    for (const bad of ["usd", "EUR", "XXX"]) {
      await expect(sql`update invoices set currency = ${bad} where id = ${invoice.id}`.execute(server.db)).rejects.toThrow();
      await expect(sql`update courses set currency = ${bad} where id = ${course.id}`.execute(server.db)).rejects.toThrow();
      await expect(
        sql`insert into payment_checkouts (provider, session_id, kind, enrolment_id, amount_minor, currency, status, hold_expires_at, lang, created_at, updated_at) values ('stripe', ${`cs_bad_${bad}`}, 'invoice', null, 100, ${bad}, 'open', '2026-01-01', 'en', '2026-01-01', '2026-01-01')`.execute(
          server.db,
        ),
      ).rejects.toThrow();
    }
    // A course editor's currency outside the list is a 400 with a message, not a 500.
    const refused = await server.request("PUT", `/api/admin/courses/${course.id}`, { json: { currency: "usd" }, headers: staff });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toEqual(expect.any(String));
  });
});
