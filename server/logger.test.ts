import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

  it("redacts a secret however the query spells it", () => {
    expect(loggableUrl("/x?TOKEN=abc&token=def&t%6fken=ghi")).toBe("/x?TOKEN=[redacted]&token=[redacted]&token=[redacted]");
    expect(loggableUrl("/x?next=%2Freset-password%3Ftoken%3Dabc")).toBe("/x?next=[redacted]");
    expect(loggableUrl("/api/demo-bookings/abc/cancel")).toBe("/api/demo-bookings/[redacted]/cancel");
    expect(loggableUrl("/courses?age=6-12")).toBe("/courses?age=6-12");
  });
});
