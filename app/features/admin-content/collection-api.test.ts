import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStaffTestServer, type TestServer } from "~server/test/harness";

// The router factory answers every collection the same way for ids that name no record.
describe("admin collection router factory", () => {
  let server: TestServer;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ server, headers } = await startStaffTestServer());
  });
  afterAll(() => server?.close());

  for (const name of ["blogs", "courses", "teachers", "products"]) {
    it(`refuses an unknown or malformed ${name} id with 404 JSON and changes nothing`, async () => {
      const before = await server.request("GET", `/api/admin/${name}`, { headers });
      expect(before.status).toBe(200);
      for (const id of ["999999", "0", "abc", "1.5", "99999999999"]) {
        for (const method of ["GET", "DELETE"] as const) {
          const res = await server.request(method, `/api/admin/${name}/${id}`, { headers });
          expect(res.status, `${method} ${id}`).toBe(404);
          expect(res.body).toEqual({ message: "Not found." });
        }
      }
      const after = await server.request("GET", `/api/admin/${name}`, { headers });
      expect(after.body.total).toBe(before.body.total);
    });
  }

  it("asks for confirmation only when the course has bookings, and 404s an unknown course even with ?confirm=1", async () => {
    const res = await server.request("DELETE", "/api/admin/courses/999999?confirm=1", { headers });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Not found." });
  });

  it("answers in Arabic when asked", async () => {
    const res = await server.request("GET", "/api/admin/products/999999?lang=ar", { headers });
    expect(res.status).toBe(404);
    expect(typeof res.body.message).toBe("string");
    expect(res.body.message).not.toBe("Not found.");
  });
});
