import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStaffTestServer, type TestServer } from "~server/test/harness";

const product = (over: Record<string, unknown> = {}) => ({
  nameEn: "Robotics Starter Kit",
  nameAr: "مجموعة روبوتات",
  descriptionEn: "A kit.",
  descriptionAr: "مجموعة.",
  price: 59,
  imageUrl: "/uploads/abc-320.webp",
  sort: 7,
  ...over,
});

describe("admin product API", () => {
  let server: TestServer;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ server, headers } = await startStaffTestServer());
  });
  afterAll(() => server?.close());

  it("creates (with a free slug), edits, lists and deletes a product", async () => {
    const res = await server.request("POST", "/api/admin/products", { json: product(), headers });
    expect(res.status).toBe(201);
    const row = await server.db.selectFrom("products").selectAll().where("id", "=", res.body.id).executeTakeFirstOrThrow();
    // The seed already has robotics-starter-kit.
    expect(row.slug).toBe("robotics-starter-kit-2");
    const edit = await server.request("PUT", `/api/admin/products/${res.body.id}`, { json: product({ price: 65, nameAr: "مجموعة الروبوتات" }), headers });
    expect(edit.status).toBe(200);
    expect((await server.request("GET", `/api/admin/products/${res.body.id}`, { headers })).body.product).toMatchObject({
      price: 65,
      nameAr: "مجموعة الروبوتات",
    });
    const list = await server.request("GET", "/api/admin/products?q=robotics&sort=price&dir=desc", { headers });
    expect(list.body.rows.map((r: { price: number }) => r.price)).toEqual([69, 65]);
    expect(list.body.rows[1].id).toBe(res.body.id);
    expect(list.body.total).toBe(2);
    expect((await server.request("DELETE", `/api/admin/products/${res.body.id}`, { headers })).status).toBe(200);
    expect((await server.request("DELETE", `/api/admin/products/${res.body.id}`, { headers })).status).toBe(404);
  });

  it.each([
    ["missing fields", {}, ["nameEn", "descriptionEn", "price", "imageUrl", "sort"]],
    ["wrong types", product({ price: "9", sort: null }), ["price", "sort"]],
    ["a bad image URL", product({ imageUrl: "//evil.example/x.png" }), ["imageUrl"]],
  ])("refuses %s with 400 per-field messages", async (_name, json, fields) => {
    const res = await server.request("POST", "/api/admin/products", { json, headers });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
  });

  it("is for staff only", async () => {
    const user = await server.signIn("user");
    for (const [method, path] of [
      ["GET", "/api/admin/products"],
      ["POST", "/api/admin/products"],
      ["PUT", "/api/admin/products/1"],
      ["DELETE", "/api/admin/products/1"],
    ] as const) {
      const json = method === "POST" || method === "PUT" ? product() : undefined;
      expect((await server.request(method, path, { json })).status).toBe(401);
      expect((await server.request(method, path, { json, headers: { cookie: user.cookie, origin: server.url } })).status).toBe(403);
    }
  });
});
