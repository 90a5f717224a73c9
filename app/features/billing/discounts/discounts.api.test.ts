import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { fromDbJson } from "~server/db/values";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { percentOf } from "./money";

/** Issue 31 part 5: promo codes, the sibling discount, early-booking prices and the price before paying. */
describe("discounts API", () => {
  let server: TestServer;
  let staff: Record<string, string>;
  let course: { id: number; slug: string; min_age: number; price: number; name_en: string };
  let camp: { id: number; title_en: string; price: number; session: string };
  let today: string;
  let sequence = 0;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie, origin: server.url };
    course = await server.db
      .selectFrom("courses")
      .select(["id", "slug", "min_age", "price", "name_en"])
      .where("slug", "=", "robotics-fundamentals")
      .executeTakeFirstOrThrow();
    const row = await server.db.selectFrom("camps").select(["id", "title_en", "price", "batches"]).where("slug", "=", "junior").executeTakeFirstOrThrow();
    camp = { id: row.id, title_en: row.title_en, price: row.price, session: fromDbJson<{ value: string }[]>(row.batches, [])[0]!.value };
    const timeZone = (await server.request("GET", `/api/courses/${course.slug}/sections`)).body.timeZone as string;
    today = zonedParts(new Date(), timeZone).date;
  });
  afterAll(async () => {
    await server?.close();
  });

  const newSection = async (capacity: number) => {
    const res = await server.request("POST", "/api/admin/sections", {
      json: { courseId: course.id, weekdays: [2, 4], startTime: "16:00", durationMinutes: 60, firstDate: addDays(today, 14), meetings: 4, capacity },
      headers: staff,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  const promo = async (extra: Record<string, unknown>) => {
    const code = `TEST-${++sequence}`;
    const res = await server.request("POST", "/api/admin/promo-codes", {
      json: { code: ` ${code.toLowerCase()} `, kind: "percent", percent: 10, maxUses: 100, ...extra },
      headers: staff,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.id as number, code };
  };
  const child = (email: string, extra: Record<string, unknown> = {}) => ({
    childName: "Aarav Sharma",
    childAge: course.min_age,
    parentName: "Priya Sharma",
    email,
    phone: "+91 98765 43210",
    ...extra,
  });
  const enrol = (sectionId: number, body: unknown, headers: Record<string, string> = {}) =>
    server.request("POST", `/api/sections/${sectionId}/enrolments`, { json: body, headers });
  const enrolCamp = (email: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    server.request("POST", "/api/summercamp/enroll", {
      json: {
        studentName: "Zara Khan",
        parentName: "Imran Khan",
        email,
        phoneNumber: "+91 98765 43210",
        selectedCamp: camp.title_en,
        selectedSession: camp.session,
        ...extra,
      },
      headers,
    });
  const quote = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    server.request("POST", "/api/discounts/quote", { json: body, headers });
  const usesOf = async (id: number) => (await server.db.selectFrom("promo_codes").select("uses").where("id", "=", id).executeTakeFirstOrThrow()).uses;
  const redemptionsOf = async (id: number) => server.db.selectFrom("promo_redemptions").selectAll().where("promo_id", "=", id).execute();

  it("staff create codes: normalised, one value kind, limits and dates checked, duplicates refused, audited", async () => {
    const created = await promo({
      kind: "amount",
      amountMinor: 1500,
      currency: "USD",
      percent: 30,
      validFrom: today,
      validUntil: addDays(today, 30),
      perFamily: 2,
    });
    const res = await server.request("GET", `/api/admin/promo-codes/${created.id}`, { headers: staff });
    expect(res.body.promo).toMatchObject({
      code: created.code,
      kind: "amount",
      amountMinor: 1500,
      currency: "USD",
      percent: null,
      perFamily: 2,
      uses: 0,
      active: true,
    });
    const again = await server.request("POST", "/api/admin/promo-codes", {
      json: { code: created.code.toLowerCase(), kind: "percent", percent: 5, maxUses: 1 },
      headers: staff,
    });
    expect(again.status).toBe(409);
    const bad = await server.request("POST", "/api/admin/promo-codes", {
      json: { code: "a b", kind: "amount", maxUses: 0, validFrom: "2026-02-10", validUntil: "2026-02-01" },
      headers: staff,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["amountMinor", "code", "currency", "maxUses", "validUntil"]);
    const dates = await server.request("POST", "/api/admin/promo-codes", {
      json: { code: "DATES", kind: "percent", percent: 5, maxUses: 1, validFrom: "2026-02-10", validUntil: "2026-02-01" },
      headers: staff,
    });
    expect(dates.body.errors).toEqual({ validUntil: expect.any(String) });
    expect((await server.request("POST", "/api/admin/promo-codes", { json: { code: "NOPE1", kind: "percent", percent: 5, maxUses: 1 } })).status).toBe(401);
    // Prices are the admins' (like the settings): an editor is refused, reads and writes.
    const editor = await server.signIn("editor");
    const asEditor = { cookie: editor.cookie, origin: server.url };
    expect(
      (await server.request("POST", "/api/admin/promo-codes", { json: { code: "NOPE2", kind: "percent", percent: 5, maxUses: 1 }, headers: asEditor })).status,
    ).toBe(403);
    expect((await server.request("GET", "/api/admin/promo-codes", { headers: asEditor })).status).toBe(403);
    expect((await server.request("PUT", "/api/admin/discounts/settings", { json: { siblingPercent: 5 }, headers: asEditor })).status).toBe(403);
    const audit = await server.db.selectFrom("audit_log").selectAll().where("entity", "=", "promo_code").where("entity_id", "=", String(created.id)).execute();
    expect(audit.map((row) => row.action)).toEqual(["create"]);
  });

  it("quotes the course fee, a percent rounded half up and an amount, in minor units, in both languages", async () => {
    const sectionId = await newSection(20);
    const plain = await quote({ offer: "section", offerId: sectionId });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ currency: "USD", totalMinor: course.price * 100, codeError: null, promo: null });
    expect(plain.body.lines).toEqual([
      { kind: "price", label_en: `Course fee: ${course.name_en}`, label_ar: expect.stringContaining("رسوم الدورة"), amountMinor: course.price * 100 },
    ]);
    // 15 % of 499,600 cents is 74,940; of an odd fee the half cent rounds up (percentOf).
    const percent = await promo({ percent: 15 });
    const withPercent = await quote({ offer: "section", offerId: sectionId, code: percent.code.toLowerCase() });
    expect(withPercent.body.lines[1]).toMatchObject({ kind: "discount", amountMinor: -percentOf(course.price * 100, 15) });
    expect(withPercent.body.totalMinor).toBe(course.price * 100 - percentOf(course.price * 100, 15));
    expect([percentOf(4999, 15), percentOf(4999, 10), percentOf(1, 50), percentOf(3, 50)]).toEqual([750, 500, 1, 2]);
    const amount = await promo({ kind: "amount", amountMinor: 2550, currency: "USD" });
    const withAmount = await quote({ offer: "section", offerId: sectionId, code: amount.code }, { "accept-language": "ar" });
    expect(withAmount.body.totalMinor).toBe(course.price * 100 - 2550);
    expect(withAmount.body.lines[1].label_ar).toContain(amount.code);
    // An amount in dollars does not apply to the camp, priced in rupees; the message is in the caller's language.
    const onCamp = await quote({ offer: "camp", offerId: camp.id, code: amount.code }, { "accept-language": "ar" });
    expect(onCamp.body).toMatchObject({ currency: "INR", totalMinor: camp.price * 100, promo: null, codeError: "لا ينطبق رمز الخصم هذا هنا." });
    expect((await quote({ offer: "section", offerId: sectionId, code: "NO-SUCH-CODE" })).body.codeError).toMatch(/not valid/);
    expect((await quote({ offer: "section", offerId: 999_999 })).status).toBe(404);
    // A code never makes the total negative.
    const huge = await promo({ kind: "amount", amountMinor: 100_000_000, currency: "USD" });
    expect((await quote({ offer: "section", offerId: sectionId, code: huge.code })).body.totalMinor).toBe(0);
  });

  it("validity dates are the academy's days, both included", async () => {
    const sectionId = await newSection(20);
    const later = await promo({ validFrom: addDays(today, 1) });
    const over = await promo({ validUntil: addDays(today, -1) });
    const lastDay = await promo({ validFrom: today, validUntil: today });
    expect((await quote({ offer: "section", offerId: sectionId, code: later.code })).body.codeError).toMatch(/cannot be used yet/);
    expect((await quote({ offer: "section", offerId: sectionId, code: over.code })).body.codeError).toMatch(/expired/);
    expect((await quote({ offer: "section", offerId: sectionId, code: lastDay.code })).body.promo).toMatchObject({ code: lastDay.code });
    const refused = await enrol(sectionId, child("dates@example.com", { promoCode: over.code }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors.promoCode).toMatch(/expired/);
    // Nothing was made: no enrolment, no seat.
    expect(await server.db.selectFrom("section_enrolments").select("id").where("email", "=", "dates@example.com").execute()).toHaveLength(0);
    expect((await server.db.selectFrom("course_sections").select("seats_taken").where("id", "=", sectionId).executeTakeFirstOrThrow()).seats_taken).toBe(0);
  });

  it("an enrolment with a code is priced and redeemed in its transaction; the per-family limit holds", async () => {
    const sectionId = await newSection(20);
    const code = await promo({ percent: 20, perFamily: 1 });
    const first = await enrol(sectionId, child("family@example.com", { promoCode: code.code }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.price).toMatchObject({ currency: "USD", totalMinor: course.price * 100 - percentOf(course.price * 100, 20), promoCode: code.code });
    const enrolment = await server.db.selectFrom("section_enrolments").select("id").where("reference", "=", first.body.reference).executeTakeFirstOrThrow();
    expect(await redemptionsOf(code.id)).toEqual([
      expect.objectContaining({
        offer_kind: "section",
        enrolment_id: enrolment.id,
        family_key: "family@example.com",
        amount_minor: percentOf(course.price * 100, 20),
        currency: "USD",
      }),
    ]);
    // The same family (its e-mail, in any case) again, another child: refused, nothing stored.
    const second = await enrol(sectionId, child("Family@Example.com", { childName: "Meera Sharma", promoCode: code.code }), { "accept-language": "ar" });
    expect(second.status).toBe(400);
    expect(second.body.errors.promoCode).toBe("استخدمت عائلتكم هذا الرمز بالعدد المسموح به.");
    expect(await usesOf(code.id)).toBe(1);
    expect((await server.db.selectFrom("course_sections").select("seats_taken").where("id", "=", sectionId).executeTakeFirstOrThrow()).seats_taken).toBe(1);
    // Without the code the same child enrols at full price.
    const plain = await enrol(sectionId, child("family@example.com", { childName: "Meera Sharma" }));
    expect(plain.body.price).toMatchObject({ totalMinor: course.price * 100, promoCode: null });
  });

  it("50 families applying a code with 10 uses left at once: exactly 10 redemptions", { timeout: 60_000 }, async () => {
    const sectionId = await newSection(60);
    const code = await promo({ maxUses: 12, percent: 25 });
    // Two uses taken already: 10 left.
    for (const email of ["early1@example.com", "early2@example.com"]) expect((await enrol(sectionId, child(email, { promoCode: code.code }))).status).toBe(201);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => enrol(sectionId, child(`rush${i}@example.com`, { promoCode: code.code }))));
    const statuses = results.map((r) => r.status);
    const counts = { enrolled: statuses.filter((s) => s === 201).length, refused: statuses.filter((s) => s === 400).length };
    console.log(`[discounts] 50 families, 10 uses left: 201 ${counts.enrolled}, 400 ${counts.refused}, uses ${await usesOf(code.id)}`);
    expect(counts).toEqual({ enrolled: 10, refused: 40 });
    expect(results.filter((r) => r.status === 400).every((r) => /used as many times/.test(r.body.errors.promoCode))).toBe(true);
    expect(await usesOf(code.id)).toBe(12);
    expect(await redemptionsOf(code.id)).toHaveLength(12);
    expect((await server.db.selectFrom("course_sections").select("seats_taken").where("id", "=", sectionId).executeTakeFirstOrThrow()).seats_taken).toBe(12);
  });

  it("the camp form takes a code too (rupees), with the same limit under concurrency", { timeout: 60_000 }, async () => {
    const code = await promo({ kind: "amount", amountMinor: 100_000, currency: "INR", appliesTo: "camp", maxUses: 3 });
    const results = await Promise.all(Array.from({ length: 15 }, (_, i) => enrolCamp(`camp${i}@example.com`, { promoCode: code.code })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 400)).toHaveLength(12);
    const made = results.find((r) => r.status === 201)!;
    expect(made.body.price).toMatchObject({ currency: "INR", totalMinor: camp.price * 100 - 100_000, promoCode: code.code });
    expect(await usesOf(code.id)).toBe(3);
    const rows = await redemptionsOf(code.id);
    expect(rows.every((row) => row.offer_kind === "camp")).toBe(true);
    // Each redemption is tied to an enrolment that exists; refused ones stored no enrolment.
    const campRows = await server.db.selectFrom("camp_enrolments").select("id").where("email", "like", "camp%@example.com").execute();
    expect(campRows.map((e) => e.id).sort()).toEqual(rows.map((row) => row.enrolment_id).sort());
    // A courses-only code is refused on the camp.
    const coursesOnly = await promo({ appliesTo: "courses" });
    expect((await enrolCamp("camp-other@example.com", { promoCode: coursesOnly.code })).body.errors.promoCode).toMatch(/does not apply/);
  });

  it("the sibling discount: a signed-in family's 2nd child gets the setting's percent; the first child does not", async () => {
    const sectionId = await newSection(20);
    expect((await server.request("PUT", "/api/admin/discounts/settings", { json: { siblingPercent: 60 }, headers: staff })).status).toBe(400);
    expect((await server.request("PUT", "/api/admin/discounts/settings", { json: { siblingPercent: 10 }, headers: staff })).status).toBe(200);
    const parent = await server.signIn("user");
    const headers = { cookie: parent.cookie, origin: server.url };
    const fee = course.price * 100;
    expect((await quote({ offer: "section", offerId: sectionId, childName: "Aarav Sharma" }, headers)).body.totalMinor).toBe(fee);
    const first = await enrol(sectionId, child(parent.user.email), headers);
    expect(first.status).toBe(201);
    // The same child again: no sibling; another child: 10 %; a stranger (not signed in): never.
    expect((await quote({ offer: "section", offerId: sectionId, childName: " aarav  SHARMA" }, headers)).body.totalMinor).toBe(fee);
    const sibling = await quote({ offer: "section", offerId: sectionId, childName: "Meera Sharma" }, headers);
    expect(sibling.body.lines[1]).toMatchObject({ kind: "discount", label_en: "Sibling discount (10%)", amountMinor: -percentOf(fee, 10) });
    expect((await quote({ offer: "section", offerId: sectionId, childName: "Meera Sharma" })).body.totalMinor).toBe(fee);
    // On the camp as well, then a code after it takes its percent of what is left.
    const code = await promo({ percent: 50, appliesTo: "camp" });
    const campQuote = await quote({ offer: "camp", offerId: camp.id, childName: "Meera Sharma", code: code.code }, headers);
    const afterSibling = camp.price * 100 - percentOf(camp.price * 100, 10);
    expect(campQuote.body.totalMinor).toBe(afterSibling - percentOf(afterSibling, 50));
    expect((await server.request("PUT", "/api/admin/discounts/settings", { json: { siblingPercent: 0 }, headers: staff })).status).toBe(200);
  });

  it("early-booking price until its last day; staff set it per course or camp", async () => {
    const sectionId = await newSection(20);
    const fee = course.price * 100;
    expect(
      (
        await server.request("PUT", `/api/admin/discounts/early-prices/course/${course.id}`, {
          json: { earlyPriceMinor: 100, earlyPriceUntil: null },
          headers: staff,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await server.request("PUT", `/api/admin/discounts/early-prices/course/999999`, {
          json: { earlyPriceMinor: 100, earlyPriceUntil: today },
          headers: staff,
        })
      ).status,
    ).toBe(404);
    const saved = await server.request("PUT", `/api/admin/discounts/early-prices/course/${course.id}`, {
      json: { earlyPriceMinor: fee - 50_000, earlyPriceUntil: today },
      headers: staff,
    });
    expect(saved.status).toBe(200);
    const res = await quote({ offer: "section", offerId: sectionId });
    expect(res.body.lines[1]).toMatchObject({ kind: "discount", amountMinor: -50_000 });
    expect(res.body.totalMinor).toBe(fee - 50_000);
    await server.request("PUT", `/api/admin/discounts/early-prices/course/${course.id}`, {
      json: { earlyPriceMinor: fee - 50_000, earlyPriceUntil: addDays(today, -1) },
      headers: staff,
    });
    expect((await quote({ offer: "section", offerId: sectionId })).body.totalMinor).toBe(fee);
    await server.request("PUT", `/api/admin/discounts/early-prices/course/${course.id}`, {
      json: { earlyPriceMinor: null, earlyPriceUntil: null },
      headers: staff,
    });
    const list = await server.request("GET", "/api/admin/discounts/early-prices", { headers: staff });
    expect(list.body.camps.length).toBeGreaterThan(0);
  });

  it("a used code cannot be deleted nor its limit set below its uses; an unused one can be deleted", async () => {
    const sectionId = await newSection(20);
    const code = await promo({ maxUses: 5 });
    expect((await enrol(sectionId, child("limit@example.com", { promoCode: code.code }))).status).toBe(201);
    const lower = await server.request("PUT", `/api/admin/promo-codes/${code.id}`, {
      json: { code: code.code, kind: "percent", percent: 10, maxUses: 0 },
      headers: staff,
    });
    expect(lower.status).toBe(400);
    const below = await server.request("PUT", `/api/admin/promo-codes/${code.id}`, {
      json: { code: code.code, kind: "percent", percent: 10, maxUses: 1, active: false },
      headers: staff,
    });
    expect(below.status).toBe(200);
    expect((await enrol(sectionId, child("limit2@example.com", { promoCode: code.code }))).body.errors.promoCode).toMatch(/not valid/);
    expect((await server.request("DELETE", `/api/admin/promo-codes/${code.id}`, { headers: staff })).status).toBe(409);
    const unused = await promo({});
    expect((await server.request("DELETE", `/api/admin/promo-codes/${unused.id}`, { headers: staff })).status).toBe(200);
    expect((await server.request("GET", `/api/admin/promo-codes/${unused.id}`, { headers: staff })).status).toBe(404);
  });
});
