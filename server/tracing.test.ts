import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "~server/db/values";
import { startTestServer, type TestServer } from "~server/test/harness";
import { startTracing } from "./tracing";

/** The parts of OTLP/JSON (ExportTraceServiceRequest) these tests read. */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: {
    key: string;
    value: { stringValue?: string; intValue?: string | number; boolValue?: boolean; arrayValue?: { values: { stringValue?: string }[] } };
  }[];
  status?: { code?: number };
}
interface OtlpRequest {
  resourceSpans: { resource: { attributes: OtlpSpan["attributes"] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}

/** An OTLP/HTTP collector stand-in on loopback: keeps every body POSTed to /v1/traces. */
async function startCollector(): Promise<{ url: string; bodies: string[]; contentTypes: string[]; close: () => Promise<void> }> {
  const bodies: string[] = [];
  const contentTypes: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/traces") return void res.writeHead(404).end();
      const raw = Buffer.concat(chunks);
      bodies.push((req.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString("utf8"));
      contentTypes.push(String(req.headers["content-type"]));
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    contentTypes,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const attr = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return (
    value?.stringValue ??
    (value?.intValue !== undefined ? Number(value.intValue) : undefined) ??
    value?.boolValue ??
    value?.arrayValue?.values.map((v) => v.stringValue)
  );
};

describe("tracing over OTLP (OTEL_EXPORTER_OTLP_ENDPOINT set)", () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let server: TestServer;
  beforeAll(async () => {
    collector = await startCollector();
    server = await startTestServer({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: "stem-test" });
  });
  afterAll(async () => {
    await collector?.close();
  });

  it("sends a span per request named by its route pattern, with status, request id, query and job spans, and nothing identifying", async () => {
    const secretToken = "tok-4f9a1c77e2b3d5a8";
    const requestId = "0b5c1f1e-7d2a-4c8e-9d0b-2f6a1c3e4d5f";
    const post = await server.db.selectFrom("blog_posts").select("slug").where("status", "=", "published").executeTakeFirstOrThrow();
    const read = await server.request("GET", `/api/blogs/${post.slug}?token=${secretToken}`, { headers: { "x-request-id": requestId } });
    expect(read.status).toBe(200);
    expect((await server.request("GET", "/healthz")).status).toBe(200);
    expect((await server.request("GET", "/api/blogs/no-such-post-8d1e", { headers: { "x-request-id": `forged"} {"x":1}` } })).status).toBe(404);

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
    const email = "traced.parent@example.com";
    // The body comes in two pieces, the second later: the JSON parser calls on from the socket's
    // events (raw-body binds its callback to the request's async context, so the span holds).
    const body = JSON.stringify({ slotId: slot.id, childName: "Aarav Sharma", childAge: 9, parentName: "Priya Sharma", email, phone: "+91 98765 43210" });
    const pieces = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(body.slice(0, 20)));
        await new Promise((resolve) => setTimeout(resolve, 50));
        controller.enqueue(new TextEncoder().encode(body.slice(20)));
        controller.close();
      },
    });
    const booked = await fetch(`${server.url}/api/courses/${course.slug}/demo-bookings`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.77.1.2" },
      body: pieces,
      duplex: "half",
    } as RequestInit);
    expect(booked.status).toBe(201);
    // The booking queued its confirmation e-mail: wait for the worker to run it (a job span).
    await expect
      .poll(async () => (await server.db.selectFrom("jobs").select("id").where("status", "in", ["queued", "running"]).execute()).length, { timeout: 5_000 })
      .toBe(0);
    // Closing the server sends what the exporter still holds.
    await server.close();

    expect(collector.bodies.length).toBeGreaterThan(0);
    expect(new Set(collector.contentTypes)).toEqual(new Set(["application/json"]));
    const payload = collector.bodies.join("\n");
    // Nothing that names a person, a post or a secret: not the raw path, the query, the e-mail, the names.
    // The phone in its typed and stored forms, whole: five digits alone once matched inside a span's
    // nanosecond timestamp.
    for (const secret of [
      secretToken,
      "token=",
      post.slug,
      "no-such-post-8d1e",
      email,
      "@example.com",
      "Priya",
      "Aarav",
      "98765 43210",
      "9876543210",
      "forged",
    ])
      expect(payload).not.toContain(secret);

    const requests = collector.bodies.map((body) => JSON.parse(body) as OtlpRequest);
    const resources = requests.flatMap((r) => r.resourceSpans);
    expect(resources.every((r) => r.resource.attributes?.some((a) => a.key === "service.name" && a.value.stringValue === "stem-test"))).toBe(true);
    const spans = resources.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));

    // Health checks (every second from the proxy) are not traced.
    expect(spans.filter((s) => s.name.includes("healthz"))).toEqual([]);
    const reads = spans.filter((s) => s.name === "GET /api/blogs/:slug");
    expect(reads.map((s) => attr(s, "http.response.status_code")).sort()).toEqual([200, 404]);
    const traced = reads.find((s) => attr(s, "http.response.status_code") === 200)!;
    expect(attr(traced, "http.route")).toBe("/api/blogs/:slug");
    expect(attr(traced, "http.request.method")).toBe("GET");
    expect(attr(traced, "http.request.header.x-request-id")).toEqual([requestId]);
    // A header that is not an id is left out, as in the log.
    expect(
      attr(
        reads.find((s) => s !== traced)!,
        "http.request.header.x-request-id",
      ),
    ).toBeUndefined();
    // Its queries are its children, named by operation and table.
    const queries = spans.filter((s) => s.parentSpanId === traced.spanId);
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every((q) => q.traceId === traced.traceId && /^(SELECT|INSERT|UPDATE|DELETE|SQL)\b/.test(q.name))).toBe(true);
    expect(queries.map((q) => q.name)).toContain("SELECT blog_posts");

    const booking = spans.find((s) => s.name === "POST /api/courses/:course/demo-bookings")!;
    expect(attr(booking, "http.response.status_code")).toBe(201);
    // The body is parsed before the route runs: its queries are still the request's.
    expect(spans.filter((s) => s.parentSpanId === booking.spanId).map((s) => s.name)).toContain("INSERT demo_bookings");

    const jobs = spans.filter((s) => s.name.startsWith("job "));
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((j) => attr(j, "job.kind") === j.name.slice(4))).toBe(true);
    expect(spans.some((s) => jobs.some((j) => s.parentSpanId === j.spanId))).toBe(true);
  });
});

describe("tracing off (OTEL_EXPORTER_OTLP_ENDPOINT unset)", () => {
  it("starts nothing", async () => {
    expect(await startTracing(undefined, "sqlite")).toBeUndefined();
  });

  it("serves requests without ever loading OpenTelemetry", async () => {
    // A process of its own in which importing any @opentelemetry package throws: the app starts,
    // answers, and runs its jobs all the same; the last line proves the refusal is in force.
    const script = `
      import { register } from "node:module";
      import { mkdtempSync } from "node:fs";
      import { tmpdir } from "node:os";
      import path from "node:path";
      register("data:text/javascript," + encodeURIComponent('export async function resolve(s, c, next) { if (s.startsWith("@opentelemetry/")) throw new Error("OpenTelemetry loaded: " + s); return next(s, c); }'));
      const { loadConfig } = await import("./server/config.ts");
      const { openDatabase } = await import("./server/db/db.ts");
      const { migrateToLatest } = await import("./server/db/migrate.ts");
      const { createLogger } = await import("./server/logger.ts");
      const { startTracing } = await import("./server/tracing.ts");
      const { createApp } = await import("./server/app.ts");
      const { startBackgroundJobs } = await import("./server/jobs/background-jobs.ts");
      const dir = mkdtempSync(path.join(tmpdir(), "stem-notrace-"));
      const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dir, UPLOADS_DIR: path.join(dir, "uploads"), DATABASE_URL: "sqlite:" + path.join(dir, "app.db"), LOG_LEVEL: "silent" });
      const tracing = await startTracing(config.tracing, "sqlite");
      const db = openDatabase(config.database);
      await migrateToLatest(db);
      const logger = createLogger("silent");
      const app = createApp({ config, db, logger, tracing });
      const jobs = startBackgroundJobs({ config, db, logger }, { dailyJobs: false, periodicJobs: false, trace: tracing?.job });
      const server = app.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      const res = await fetch("http://127.0.0.1:" + server.address().port + "/api/blogs?token=x");
      await jobs.runDue();
      let refused = false;
      await import("@opentelemetry/api").catch(() => { refused = true; });
      console.log(JSON.stringify({ tracing: tracing === undefined ? "off" : "on", status: res.status, refused }));
      server.close(); await jobs.stop(); await db.destroy();
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: process.cwd(),
      env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: "" },
      timeout: 60_000,
    });
    expect(JSON.parse(stdout.trim().split("\n").at(-1)!)).toEqual({ tracing: "off", status: 200, refused: true });
  }, 70_000);
});
