import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./test/harness";

describe("server essentials", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers /healthz once the database answers", async () => {
    const res = await server.request("GET", "/healthz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("sends security headers with a nonce-based Content-Security-Policy", async () => {
    const res = await server.request("GET", "/healthz");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-powered-by")).toBeNull();
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await server.request("GET", "/api/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Not found." });
  });

  it("compresses large JSON answers", async () => {
    const res = await fetch(`${server.url}/admin/course-dashboard/all-courses`, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const body = (await res.json()) as { courses: unknown[] };
    expect(body.courses).toHaveLength(13);
  });

  it("leaves a JSON write's short answer uncompressed (pages and GETs keep compression)", async () => {
    const refused = await fetch(`${server.url}/api/courses/robotics-fundamentals/demo-bookings`, {
      method: "POST",
      headers: { "accept-encoding": "gzip", "content-type": "application/json" },
      body: JSON.stringify({ slotId: 999_999, childName: "A", childAge: 8, parentName: "B", email: "nobody@example.com", phone: "9876543210" }),
    });
    expect(refused.status).toBe(404);
    expect(refused.headers.get("content-encoding")).toBeNull();
  });
});
