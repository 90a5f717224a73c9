import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactFormAction } from "~/features/contact/contact.action.server";
import { actionOnlyBuild } from "~server/test/action-only-build";
import { otherLocalAddress, startTestServer, type TestServer } from "~server/test/harness";

/**
 * One endpoint, two transports (issue 26, decision 048): a page's form post runs the endpoint in
 * process, so its rate limit counts the visitor, whatever address the server was reached on.
 */
describe("a page's form post runs its endpoint in process", () => {
  let server: TestServer;
  const form = (email: string) => new URLSearchParams({ email, description: "Do you run weekend classes?", website: "", returnTo: "/" }).toString();
  const post = (client: string, email: string) =>
    server.request("POST", "/contact-us", {
      body: form(email),
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": client, origin: server.url },
    });

  beforeAll(async () => {
    // Not 127.0.0.1: a server reached on another local address (a container's, a proxy host's).
    server = await startTestServer({}, { pages: { build: actionOnlyBuild({ "contact-us": contactFormAction }) }, host: otherLocalAddress() });
  });
  afterAll(() => server.close());

  it("counts the visitor's address: one visitor's sixth post is refused, another visitor's first is taken", async () => {
    for (let i = 0; i < 5; i++) expect((await post("10.9.9.1", `a${i}@example.com`)).status).toBe(303);
    const refused = await post("10.9.9.1", "a6@example.com");
    expect(refused.status).toBe(429);
    expect((await post("10.9.9.2", "b@example.com")).status).toBe(303);
    // The JSON route shares the counter: same endpoint, same limit.
    const json = await server.request("POST", "/contact-us/form", { json: { email: "c@example.com", description: "Hello there, friends", website: "" }, headers: { "x-forwarded-for": "10.9.9.1" } });
    expect(json.status).toBe(429);
    const keys = (await server.db.selectFrom("rate_limits").select("key").where("key", "like", "contact:%").execute()).map((row) => row.key).sort();
    expect(keys).toEqual(["contact:10.9.9.1", "contact:10.9.9.2"]);
    expect(await server.countRows("contact_messages")).toBe(6);
  });
});
