import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionOnlyBuild } from "~server/test/action-only-build";
import { startTestServer, type TestServer } from "~server/test/harness";
import { openPaymentNotices } from "./payment-notices-view.server";
import { resolveNoticeAction } from "./desk-pages.server";

/**
 * Payment notices (decision 094) can be marked resolved by staff: one endpoint, served as JSON and
 * to the panel's form on /admin/billing and the dashboard (posted without JavaScript), audited once,
 * in English and Arabic, on SQLite and PostgreSQL (TEST_DATABASE_URL).
 */
describe("resolving a payment notice", () => {
  let server: TestServer;
  let staff: Record<string, string>;
  let sequence = 0;

  beforeAll(async () => {
    server = await startTestServer({}, { pages: { build: actionOnlyBuild({ "admin/billing": resolveNoticeAction }) } });
    const editor = await server.signIn("editor");
    staff = { cookie: editor.cookie, origin: server.url };
  });
  afterAll(() => server?.close());

  const raise = async () => {
    const key = `test-resolve-${++sequence}`;
    await server.db
      .insertInto("payment_notices")
      .values({
        kind: "amount-mismatch",
        notice_key: key,
        provider_ref: "pi_test",
        invoice_id: null,
        amount_minor: 100,
        currency: "USD",
        details: "checkout cs_test",
        created_at: new Date().toISOString(),
      })
      .execute();
    return (await server.db.selectFrom("payment_notices").select("id").where("notice_key", "=", key).executeTakeFirstOrThrow()).id;
  };
  const open = async () => (await openPaymentNotices(server.db, 500)).notices.map((notice) => notice.id);
  const audits = async (id: number) =>
    (await server.db.selectFrom("audit_log").select("id").where("entity", "=", "payment_notice").where("entity_id", "=", String(id)).execute()).length;
  const resolve = (id: number, headers = staff, lang = "en") =>
    server.request("POST", `/api/admin/billing/notices/${id}/resolve?lang=${lang}`, { json: {}, headers });

  it("as JSON: staff only; resolved once (a second post changes nothing and is not audited again); unknown 404", async () => {
    const id = await raise();
    expect((await resolve(id, { origin: server.url })).status).toBe(401);
    const parent = await server.signIn("user");
    expect((await resolve(id, { cookie: parent.cookie, origin: server.url })).status).toBe(403);
    expect(await open()).toContain(id);

    const done = await resolve(id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ resolved: true, message: "The payment notice is marked resolved." });
    expect(await open()).not.toContain(id);
    const again = await resolve(id, staff, "ar");
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ resolved: false, message: "سبق تحديد تنبيه الدفع هذا على أنه عُولِج." });
    expect(await audits(id)).toBe(1);
    expect((await resolve(999_999)).status).toBe(404);
    expect((await resolve(999_999)).body.message).toBeTruthy();
  });

  it("as the panel's form without JavaScript: back to the dashboard or the billing desk, in the page's language", async () => {
    const form = (path: string, back: string) =>
      server.request("POST", path, {
        body: new URLSearchParams({ back }).toString(),
        headers: { ...staff, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
      });
    const fromDashboard = await raise();
    const posted = await form(`/ar/admin/billing?notice=${fromDashboard}`, "dashboard");
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/ar/admin?notice-resolved=1#payment-notices-title");
    const fromDesk = await raise();
    const desk = await form(`/admin/billing?notice=${fromDesk}`, "billing");
    expect(desk.status).toBe(303);
    expect(desk.headers.get("location")).toBe("/admin/billing?notice-resolved=1#payment-notices-title");
    expect(await open()).not.toContain(fromDashboard);
    expect(await open()).not.toContain(fromDesk);
    expect(await audits(fromDashboard)).toBe(1);
    // An unknown notice: the page says so (404), nothing resolved.
    const unknown = await form("/admin/billing?notice=999999", "billing");
    expect(unknown.status).toBe(404);
  });
});
