import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registry } from "./http/metrics";
import { actionOnlyBuild } from "./test/action-only-build";
import { startTestServer, type TestServer } from "./test/harness";
import { loggableUrl } from "./logger";

describe("request logs keep secrets out (issue 11)", () => {
  const lines: string[] = [];
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { log: { write: (line: string) => void lines.push(line) } });
  });
  afterAll(async () => {
    await server?.close();
  });

  const secrets = {
    reset: "ResetTokenAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    setup: "SetupTokenBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB",
    cancel: "CancelTokenCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC",
    reference: "BookingRefDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDD",
    code: "OauthCodeEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEE",
    state: "OauthStateFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
  };

  it("logs request paths with secret query values and booking references redacted", async () => {
    await server.request("GET", `/reset-password?token=${secrets.reset}`);
    await server.request("GET", `/admin/setup?token=${secrets.setup}&lang=ar`);
    await server.request("GET", `/booking/cancel.data?token=${secrets.cancel}`);
    await server.request("GET", `/api/demo-bookings/${secrets.reference}`);
    await server.request("GET", `/courses/robotics/bookdemoclass/book-demo-class-slot-booked-page?ref=${secrets.reference}`);
    await server.request("GET", `/auth/google/callback?code=${secrets.code}&state=${secrets.state}`);
    await server.request("GET", "/api/blogs?page=2&limit=3");
    const log = lines.join("");
    for (const [name, secret] of Object.entries(secrets)) expect(log, name).not.toContain(secret);
    // The log still says what was asked for.
    expect(log).toContain("/reset-password?token=[redacted]");
    expect(log).toContain("/admin/setup?token=[redacted]&lang=ar");
    expect(log).toContain("/api/demo-bookings/[redacted]");
    expect(log).toContain("/auth/google/callback?code=[redacted]&state=[redacted]");
    expect(log).toContain("/api/blogs?page=2&limit=3");
  });

  it("redacts waitlist link tokens and booking references however the path is spelt, as Express routes them (issue 25)", async () => {
    lines.length = 0;
    const token = "WaitlistTokenGGGGGGGGGGGGGGGGGGGGGGGGGGGGG";
    const reference = "BookingRefHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHH";
    const asked = [`/api/demo-waitlist/${token}`, `/API/demo-bookings/${reference}`, `/Api/Demo-Waitlist/${token}/`, `/api/demo-bookings/${reference}?lang=ar`];
    for (const path of asked) {
      const res = await server.request("GET", path);
      // Routed (the endpoint's own "not found"), not the catch-all 404: Express ignores the case.
      expect(res.status, path).toBe(404);
      expect(res.body.message, path).not.toBe((await server.request("GET", "/api/no-such-endpoint")).body.message);
    }
    await server.request("POST", "/API/demo-waitlist/leave", { json: { token } });
    const urls = lines.map((line) => JSON.parse(line) as { req?: { url: string } }).flatMap((entry) => (entry.req ? [entry.req.url] : []));
    expect(urls.join("\n")).not.toContain(token);
    expect(urls.join("\n")).not.toContain(reference);
    expect(urls).toEqual(
      expect.arrayContaining([
        "/api/demo-waitlist/[redacted]",
        "/API/demo-bookings/[redacted]",
        "/Api/Demo-Waitlist/[redacted]/",
        "/api/demo-bookings/[redacted]?lang=ar",
        "/API/demo-waitlist/leave",
      ]),
    );
  });

  it("writes one line per request with its status, time and level, and none for build files", async () => {
    lines.length = 0;
    await server.request("GET", "/api/blogs?page=1");
    await server.request("GET", "/api/blogs/no-such-post");
    await server.request("GET", "/assets/no-such-file.js");
    const entries = lines.map(
      (line) => JSON.parse(line) as { level: number; msg: string; req?: { method: string; url: string }; res?: { status: number }; responseTime?: number },
    );
    const requests = entries.filter((entry) => entry.msg === "request completed");
    expect(requests.map((entry) => [entry.req?.method, entry.req?.url, entry.res?.status, entry.level])).toEqual([
      ["GET", "/api/blogs?page=1", 200, 30],
      ["GET", "/api/blogs/no-such-post", 404, 40],
    ]);
    for (const entry of requests) expect(entry.responseTime).toBeGreaterThanOrEqual(0);
  });

  it("names each request by the id the proxy gave it, and ignores an id that is not one", async () => {
    lines.length = 0;
    await server.request("GET", "/api/blogs?page=2", { headers: { "x-request-id": "0b5c1f1e-7d2a-4c8e-9d0b-2f6a1c3e4d5f" } });
    await server.request("GET", "/api/blogs?page=3", { headers: { "x-request-id": `forged"} {"level":60,${"x".repeat(80)}` } });
    await server.request("GET", "/api/blogs?page=4");
    const entries = lines
      .map((line) => JSON.parse(line) as { msg: string; req?: { id?: string; url: string } })
      .filter((entry) => entry.msg === "request completed");
    expect(entries.map((entry) => [entry.req?.url, entry.req?.id])).toEqual([
      ["/api/blogs?page=2", "0b5c1f1e-7d2a-4c8e-9d0b-2f6a1c3e4d5f"],
      ["/api/blogs?page=3", undefined],
      ["/api/blogs?page=4", undefined],
    ]);
  });

  it("redacts a secret however the query spells it", () => {
    expect(loggableUrl("/x?TOKEN=abc&token=def&t%6fken=ghi")).toBe("/x?TOKEN=[redacted]&token=[redacted]&token=[redacted]");
    expect(loggableUrl("/x?next=%2Freset-password%3Ftoken%3Dabc")).toBe("/x?next=[redacted]");
    expect(loggableUrl("/api/demo-bookings/abc/cancel")).toBe("/api/demo-bookings/[redacted]/cancel");
    expect(loggableUrl("/courses?age=6-12")).toBe("/courses?age=6-12");
  });
});

describe("a page cache hit answered before Express (decision 039)", () => {
  it("is logged and counted like any other request", async () => {
    const lines: string[] = [];
    // Any page build turns the cache on; it holds the public JSON reads too.
    const server = await startTestServer({}, { log: { write: (line: string) => void lines.push(line) }, pages: { build: actionOnlyBuild({}) } });
    try {
      const hits = async () => (await registry.getSingleMetric("page_cache_total")!.get()).values.find((v) => v.labels.result === "hit")?.value ?? 0;
      const before = await hits();
      let answer: Response | undefined;
      for (let i = 0; i < 50; i++) {
        answer = await fetch(`${server.url}/api/blogs?page=1`);
        if (answer.headers.get("x-page-cache") === "hit") break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(answer!.headers.get("x-page-cache")).toBe("hit");
      lines.length = 0;
      await fetch(`${server.url}/api/blogs?page=1`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const logged = lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string }; res?: { status: number } });
      expect(logged.filter((entry) => entry.msg === "request completed").map((entry) => [entry.req?.url, entry.res?.status])).toEqual([
        ["/api/blogs?page=1", 200],
      ]);
      expect((await hits()) - before).toBeGreaterThanOrEqual(2);
    } finally {
      await server.close();
    }
  });
});
