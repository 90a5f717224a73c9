import type { AddressInfo } from "node:net";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "~server/db/values";
import { startTestServer, type TestServer } from "~server/test/harness";
import { pageRoutePatterns, requestMetrics } from "./metrics";

const TOKEN = "metrics-token-for-tests-0123456789";

describe("GET /metrics", () => {
  let server: TestServer;
  let closedServer: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
    closedServer = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
    await closedServer?.close();
  });

  const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => server.request("GET", "/metrics", { headers });

  it("answers 404 when METRICS_TOKEN is unset, and 401 without the right bearer token", async () => {
    const off = await closedServer.request("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(off.status).toBe(404);
    expect(off.body.message).toBeTruthy();
    const refused: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong-token" },
      { authorization: `Basic ${TOKEN}` },
      { authorization: `Bearer ${TOKEN}x` },
    ];
    for (const headers of refused) {
      const res = await scrape(headers);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe("Bearer");
      expect(JSON.stringify(res.body)).not.toContain("http_requests_total");
    }
  });

  // The metrics are the process's (as in production): a count is read as what this test added to it.
  const blogReads = (text: string) =>
    [...text.matchAll(/^http_requests_total\{method="GET",route="\/api\/blogs\/:slug",status="(?:200|404)"\} (\d+)$/gm)].reduce(
      (sum, m) => sum + Number(m[1]),
      0,
    );

  it("counts requests by route pattern, bookings by outcome, and reports jobs by state", async () => {
    const readsBefore = blogReads(String((await scrape()).body));
    await server.request("GET", "/api/blogs/robotics-for-young-minds");
    await server.request("GET", "/api/blogs/another-slug");
    const course = await server.db.selectFrom("courses").select(["id", "slug"]).where("slug", "=", "robotics-fundamentals").executeTakeFirstOrThrow();
    const now = nowIso();
    const slot = await server.db
      .insertInto("demo_slots")
      .values({
        starts_at: new Date(Date.now() + 48 * 3_600_000).toISOString(),
        duration_minutes: 60,
        capacity: 1,
        course_id: course.id,
        status: "open",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const book = (email: string) =>
      server.request("POST", `/api/courses/${course.slug}/demo-bookings`, {
        json: { slotId: slot.id, childName: "Aarav Sharma", childAge: 9, parentName: "Priya Sharma", email, phone: "+91 98765 43210" },
      });
    expect((await book("first@example.com")).status).toBe(201);
    expect((await book("second@example.com")).status).toBe(409);

    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = String(res.body);
    expect(blogReads(text) - readsBefore).toBe(2);
    expect(text).not.toContain("robotics-for-young-minds");
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/blogs\/:slug"\}/);
    expect(text).toMatch(/demo_bookings_total\{outcome="booked"\} [1-9]/);
    expect(text).toMatch(/demo_bookings_total\{outcome="refused"\} [1-9]/);
    for (const state of ["queued", "running", "done", "dead"]) expect(text).toMatch(new RegExp(`^jobs\\{state="${state}"\\} \\d+$`, "m"));
    expect(text).toContain("mail_failures_total");
    expect(text).toContain("process_resident_memory_bytes");
  });
});

describe("page cache and page route metrics", () => {
  it("label pages by their route pattern and count cache hits and misses", async () => {
    const build = {
      routes: {
        root: { id: "root", path: "" },
        "en:blog-post": { id: "en:blog-post", parentId: "root", path: "blog/:slug" },
        "ar:blog-post": { id: "ar:blog-post", parentId: "root", path: "ar/blog/:slug" },
        "en:home": { id: "en:home", parentId: "root", index: true },
        "not-found": { id: "not-found", parentId: "root", path: "*" },
      },
    } as unknown as ServerBuild;
    const pattern = pageRoutePatterns(build);
    expect(pattern("/blog/some-post")).toBe("/blog/:slug");
    expect(pattern("/ar/blog/some-post")).toBe("/ar/blog/:slug");
    expect(pattern("/")).toBe("/");
    expect(pattern("/no/such/page")).toBe("not-found");

    const app = express();
    app.use(requestMetrics(pattern));
    app.get("/{*path}", (req, res) => {
      res.setHeader("X-Page-Cache", req.query.cached ? "hit" : "miss");
      res.send("page");
    });
    const { registry } = await import("./metrics");
    const before = (await registry.getSingleMetric("page_cache_total")!.get()).values;
    const listener = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => listener.once("listening", resolve));
    const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    await fetch(`${url}/blog/a`);
    await fetch(`${url}/blog/b?cached=1`);
    await fetch(`${url}/blog/c?cached=1`);
    listener.close();
    const count = (values: typeof before, result: string) => values.find((v) => v.labels.result === result)?.value ?? 0;
    // Counted on the response's "finish", which may come just after the client has read it: poll briefly.
    const added = async () => {
      const after = (await registry.getSingleMetric("page_cache_total")!.get()).values;
      return { hit: count(after, "hit") - count(before, "hit"), miss: count(after, "miss") - count(before, "miss") };
    };
    await expect.poll(added, { timeout: 2_000 }).toEqual({ hit: 2, miss: 1 });
    const requests = (await registry.getSingleMetric("http_requests_total")!.get()).values;
    expect(requests.find((v) => v.labels.route === "/blog/:slug")?.value).toBe(3);
  });
});
