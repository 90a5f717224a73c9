import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountPageAction } from "~/features/accounts/account-actions.server";
import { createUser } from "~/features/accounts/accounts.server";
import { actionOnlyBuild } from "~server/test/action-only-build";
import { startTestServer, type TestServer } from "~server/test/harness";
import { CALENDAR_FORMS } from "./forms";

/** /account's calendar feed forms without JavaScript (decision 068): the page action runs the JSON endpoints. */
describe("the calendar feed's forms posted without JavaScript", () => {
  let server: TestServer;
  let headers: Record<string, string>;
  let userId: number;

  beforeAll(async () => {
    server = await startTestServer({}, { pages: { build: actionOnlyBuild({ account: accountPageAction }) } });
    const email = `feed-page-${randomBytes(4).toString("hex")}@example.com`;
    userId = (await createUser(server.db, { username: "Feed Page", email, password: "Sunflower9", contactNumber: "9876543210" }))!;
    const login = await server.request("POST", "/login", { json: { email, password: "Sunflower9" } });
    headers = {
      cookie: (login.headers.get("set-cookie") ?? "").split(";")[0]!,
      origin: server.url,
      "sec-fetch-site": "same-origin",
      "content-type": "application/x-www-form-urlencoded",
    };
  });
  afterAll(() => server?.close());

  const post = (path: string, form: string) => server.request("POST", path, { body: new URLSearchParams({ form }).toString(), headers });
  const feeds = () => server.db.selectFrom("calendar_feeds").select(["token_hash"]).where("user_id", "=", userId).execute();

  it("makes, renews and switches off the link, each time back to /account with its notice", async () => {
    const made = await post("/account", CALENDAR_FORMS.renew);
    expect(made.status).toBe(303);
    expect(made.headers.get("location")).toBe("/account?notice=calendar-link-made#form-notice");
    const [first] = await feeds();
    expect(first).toBeDefined();
    const renewed = await post("/ar/account", CALENDAR_FORMS.renew);
    expect(renewed.headers.get("location")).toBe("/ar/account?notice=calendar-link-made#form-notice");
    const [second] = await feeds();
    expect(second!.token_hash).not.toBe(first!.token_hash);
    const off = await post("/account", CALENDAR_FORMS.revoke);
    expect(off.status).toBe(303);
    expect(off.headers.get("location")).toBe("/account?notice=calendar-link-off#form-notice");
    expect(await feeds()).toEqual([]);
    // Nothing to switch off: the refusal renders back on the page (404 with the form's name).
    const none = await post("/account", CALENDAR_FORMS.revoke);
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ form: CALENDAR_FORMS.revoke, message: expect.any(String) });
  });
});
