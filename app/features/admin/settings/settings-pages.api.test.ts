import type { ActionFunctionArgs } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionOnlyBuild } from "~server/test/action-only-build";
import { startTestServer, type TestServer } from "~server/test/harness";
import { getSiteSettings } from "~/features/site/site.server";
import { settingsFields, type SettingKey } from "./settings.schema";
import { isSettingsGroup, SETTINGS_GROUPS, settingsFormId } from "./settings-groups";
import { settingsPageAction } from "./settings-page.action.server";

/** The settings pages' action as the group route declares it. */
const groupAction = (args: ActionFunctionArgs) => (isSettingsGroup(args.params.group) ? settingsPageAction(args, args.params.group) : null);

describe("the settings pages (issue 42 step 9, decision 116)", () => {
  it("put every setting on exactly one page", () => {
    const placed = Object.values(SETTINGS_GROUPS).flat() as SettingKey[];
    expect([...placed].sort()).toEqual(Object.keys(settingsFields.shape).sort());
    expect(new Set(placed).size).toBe(placed.length);
  });
});

describe("PUT /api/admin/settings as a partial update, and the settings pages' posts", () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<TestServer["signIn"]>>;

  beforeAll(async () => {
    server = await startTestServer({}, { pages: { build: actionOnlyBuild({ "admin/settings/:group": groupAction }) } });
    admin = await server.signIn("admin");
  });
  afterAll(() => server?.close());

  const headers = (cookie = admin.cookie) => ({ cookie, origin: server.url });
  const put = (json: unknown, cookie = admin.cookie) => server.request("PUT", "/api/admin/settings", { json, headers: headers(cookie) });
  const lastAudit = () => server.db.selectFrom("audit_log").selectAll().where("entity", "=", "settings").orderBy("id", "desc").executeTakeFirst();
  const post = (path: string, form: URLSearchParams) =>
    server.request("POST", path, {
      body: form.toString(),
      headers: { ...headers(), "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    });

  it("saves only the settings a body names, keeps the others, and audits just those in the same write", async () => {
    const before = await getSiteSettings(server.db);
    const audits = await server.countRows("audit_log");
    const res = await put({ makeupAllowance: 4, taxName: "VAT" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBeTruthy();
    expect(res.body.settings).toEqual({ ...before, makeupAllowance: 4, taxName: "VAT" });
    expect(await getSiteSettings(server.db)).toEqual({ ...before, makeupAllowance: 4, taxName: "VAT" });
    expect(await server.countRows("audit_log")).toBe(audits + 1);
    const entry = (await lastAudit())!;
    expect(entry.user_id).toBe(admin.user.id);
    expect(JSON.parse(entry.summary).changes).toEqual({
      makeupAllowance: { from: before.makeupAllowance, to: 4 },
      taxName: { from: before.taxName, to: "VAT" },
    });
    // The same values again change nothing and log nothing.
    expect((await put({ makeupAllowance: 4 })).status).toBe(200);
    expect(await server.countRows("audit_log")).toBe(audits + 1);
    expect((await put({ makeupAllowance: before.makeupAllowance, taxName: before.taxName })).status).toBe(200);
  });

  it("keeps a setting a client leaves out, whichever it is (a client older than the setting no longer resets it)", async () => {
    expect((await put({ paymentHoldMinutes: 90 })).status).toBe(200);
    const { paymentHoldMinutes: _hold, ...older } = await getSiteSettings(server.db);
    expect((await put({ ...older, phone: "+91 98765 00001" })).status).toBe(200);
    expect(await getSiteSettings(server.db)).toMatchObject({ paymentHoldMinutes: 90, phone: "+91 98765 00001" });
    expect((await put({ paymentHoldMinutes: 30, phone: older.phone })).status).toBe(200);
  });

  it.each([
    ["an empty body", {}, undefined],
    ["a body naming no setting", { phon: "+91 98765 00001" }, undefined],
    ["a setting sent as null", { phone: null }, "phone"],
    ["a part of a pair missing", { address: { ar: "عنوان" } }, "address"],
    ["a number as text", { makeupAllowance: "3" }, "makeupAllowance"],
    ["a number out of range", { makeupAllowance: 21 }, "makeupAllowance"],
    ["an unknown pay method", { payMethods: ["cash", "card"] }, "payMethods"],
    ["a tax rate with a fraction of a basis point", { taxRateBp: 512.5 }, "taxRateBp"],
    ["a national phone of another country than the one sent", { phone: "98765 43210", phoneCountry: "AE" }, "phone"],
    ["a good setting beside a bad one", { taxName: "VAT", invoiceDueDays: 91 }, "invoiceDueDays"],
  ])("refuses %s with 400 { message } and changes nothing", async (_name, body, field) => {
    const before = await getSiteSettings(server.db);
    const audits = await server.countRows("audit_log");
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe("string");
    if (field) expect(res.body.errors[field]).toBeTruthy();
    expect(await getSiteSettings(server.db)).toEqual(before);
    expect(await server.countRows("audit_log")).toBe(audits);
  });

  it("checks the stored phone against a new phone country, and only a save naming either", async () => {
    const before = await getSiteSettings(server.db);
    expect((await put({ phone: "98765 43210", phoneCountry: "IN" })).status).toBe(200);
    const res = await put({ phoneCountry: "AE" });
    expect(res.status).toBe(400);
    expect(res.body.errors.phone).toBeTruthy();
    // Stored that way by other means (a database restored from elsewhere), another page's save does not trip on it.
    await server.db.deleteFrom("site_settings").where("key", "=", "phoneCountry").execute();
    await server.db
      .insertInto("site_settings")
      .values({ key: "phoneCountry", value: JSON.stringify("AE"), updated_at: new Date().toISOString() })
      .execute();
    expect((await getSiteSettings(server.db)).phoneCountry).toBe("AE");
    expect((await put({ makeupAllowance: 3 })).status).toBe(200);
    expect((await put({ phoneCountry: "AE" })).status).toBe(400);
    expect((await put({ makeupAllowance: before.makeupAllowance })).status).toBe(200);
    expect((await put({ phone: before.phone, phoneCountry: before.phoneCountry })).status).toBe(200);
  });

  it("answers in the caller's language", async () => {
    const res = await server.request("PUT", "/api/admin/settings", { json: {}, headers: { ...headers(), "accept-language": "ar" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("أرسل إعدادًا واحدًا على الأقل لحفظه.");
  });

  it("is for admins only: 401 signed out, 403 to a parent, an instructor and an editor, on the read and the write and the pages' posts", async () => {
    const before = await getSiteSettings(server.db);
    const others = await Promise.all((["user", "instructor", "editor"] as const).map((role) => server.signIn(role)));
    for (const [method, json] of [
      ["GET", undefined],
      ["PUT", { taxName: "GST" }],
    ] as const) {
      expect((await server.request(method, "/api/admin/settings", { json, headers: { origin: server.url } })).status).toBe(401);
      for (const other of others) {
        const res = await server.request(method, "/api/admin/settings", { json, headers: headers(other.cookie) });
        expect(res.status, other.user.role).toBe(403);
        expect(res.body.message).toBeTruthy();
      }
    }
    for (const other of others) {
      const res = await server.request("POST", "/admin/settings/money", {
        body: "taxName=GST&taxPercent=5",
        headers: { ...headers(other.cookie), "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
      });
      expect(res.status, other.user.role).toBe(403);
    }
    expect(await getSiteSettings(server.db)).toEqual(before);
  });

  it("a page's post saves its own fields (numbers, a percent, boxes, pairs) and comes back with a notice", async () => {
    const before = await getSiteSettings(server.db);
    const form = new URLSearchParams({
      taxName: "VAT",
      taxNameAr: "ضريبة القيمة المضافة",
      taxPercent: "5.5",
      taxRegistration: "TRN 1",
      invoiceDueDays: "10",
      defaultCurrency: "AED",
      instalmentReminderDays: "2",
      paymentHoldMinutes: "45",
      "bankDetails.en": "Bank\r\nIBAN 1",
      "bankDetails.ar": "البنك",
    });
    form.append("payMethods", "cash");
    form.append("payMethods", "cheque");
    // taxInclusive left unticked: a checkbox's absence is "off".
    const res = await post("/ar/admin/settings/money", form);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/ar/admin/settings/money?notice=settings-saved#form-notice");
    expect(await getSiteSettings(server.db)).toEqual({
      ...before,
      taxName: "VAT",
      taxNameAr: "ضريبة القيمة المضافة",
      taxRateBp: 550,
      taxRegistration: "TRN 1",
      taxInclusive: false,
      invoiceDueDays: 10,
      defaultCurrency: "AED",
      instalmentReminderDays: 2,
      paymentHoldMinutes: 45,
      payMethods: ["cash", "cheque"],
      // A textarea's CRLF, as browsers post it, is saved as the JSON route would save it.
      bankDetails: { en: "Bank\nIBAN 1", ar: "البنك" },
    });
    const {
      taxName,
      taxNameAr,
      taxRateBp,
      taxRegistration,
      taxInclusive,
      invoiceDueDays,
      defaultCurrency,
      instalmentReminderDays,
      paymentHoldMinutes,
      payMethods,
      bankDetails,
    } = before;
    expect(
      (
        await put({
          taxName,
          taxNameAr,
          taxRateBp,
          taxRegistration,
          taxInclusive,
          invoiceDueDays,
          defaultCurrency,
          instalmentReminderDays,
          paymentHoldMinutes,
          payMethods,
          bankDetails,
        })
      ).status,
    ).toBe(200);
  });

  it("a refused post renders back each message at its own control, and the values as typed", async () => {
    const before = await getSiteSettings(server.db);
    const contact = new URLSearchParams({
      email: before.email,
      phone: before.phone,
      phoneCountry: before.phoneCountry,
      timeZone: "Mars/Olympus",
      "address.en": before.address.en,
      "address.ar": "x".repeat(301),
      "openingHours.en": "",
      "openingHours.ar": "",
    });
    const res = await post("/admin/settings/contact", contact);
    expect(res.status).toBe(400);
    expect(res.body.form).toBe(settingsFormId("contact"));
    expect(res.body.errors).toEqual({ timeZone: expect.any(String), "address.ar": "This is too long." });
    expect(res.body.values["address.ar"]).toBe("x".repeat(301));
    const moneyForm = new URLSearchParams({
      taxName: "VAT",
      taxNameAr: before.taxNameAr,
      taxPercent: "5.125",
      taxRegistration: before.taxRegistration,
      invoiceDueDays: String(before.invoiceDueDays),
      defaultCurrency: before.defaultCurrency,
      instalmentReminderDays: String(before.instalmentReminderDays),
      paymentHoldMinutes: String(before.paymentHoldMinutes),
      "bankDetails.en": before.bankDetails.en,
      "bankDetails.ar": before.bankDetails.ar,
    });
    const money = await post("/admin/settings/money", moneyForm);
    expect(money.status).toBe(400);
    expect(Object.keys(money.body.errors)).toEqual(["taxPercent"]);
    const booking = await post("/admin/settings/booking", new URLSearchParams({ makeupAllowance: "", waitlistHoldHours: "12" }));
    expect(booking.status).toBe(400);
    expect(booking.body.errors.makeupAllowance).toBeTruthy();
    expect(await getSiteSettings(server.db)).toEqual(before);
  });
});
