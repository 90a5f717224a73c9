import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { DB } from "~server/db/db";
import { createLogger } from "~server/logger";
import { startTestServer, type TestServer } from "~server/test/harness";
import { defineJob, handleJob } from "./job";
import { purgeExpired } from "./purge";
import { backoffMs, deadJobs, enqueue, jobCounts } from "./queue";
import { JOB_LEASE_MS, startJobWorker } from "./worker";

const logger = createLogger("silent");
const slowly = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const flaky = defineJob("flaky", z.object({ to: z.string() }));
const lease = defineJob("lease");
const race = defineJob("race", z.object({ i: z.number().int() }));
const dailyTest = defineJob("daily-test");
const typed = defineJob("typed", z.object({ reference: z.string() }));

describe("background jobs", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const jobRow = (id: number) => server.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const lastJobId = async (kind: string) =>
    (await server.db.selectFrom("jobs").select("id").where("kind", "=", kind).orderBy("id", "desc").executeTakeFirstOrThrow()).id;

  it("retries a failing job with growing waits, then marks it dead for staff to see", async () => {
    let calls = 0;
    const worker = startJobWorker(
      { db: server.db, logger },
      [
        handleJob(
          flaky,
          async () =>
            void (
              (calls += 1),
              (() => {
                throw new Error("mail server said no");
              })()
            ),
        ),
      ],
      { pollMs: 60_000 },
    );
    try {
      await enqueue(server.db, flaky, { to: "parent@example.com" }, { maxAttempts: 3 });
      const id = await lastJobId("flaky");
      await worker.runDue();
      let row = await jobRow(id);
      expect(row).toMatchObject({ status: "queued", attempts: 1, last_error: "mail server said no" });
      // Waits 30 s before the second try (give or take the test's own time).
      expect(Date.parse(row.run_at) - Date.now()).toBeGreaterThan(backoffMs(1) - 5_000);
      expect(backoffMs(2)).toBe(60_000);
      expect(backoffMs(20)).toBe(60 * 60_000);
      await worker.runDue();
      expect((await jobRow(id)).attempts).toBe(1); // not due yet
      for (let attempt = 2; attempt <= 3; attempt++) {
        await server.db
          .updateTable("jobs")
          .set({ run_at: new Date(Date.now() - 1000).toISOString() })
          .where("id", "=", id)
          .execute();
        await worker.runDue();
      }
      row = await jobRow(id);
      expect(row).toMatchObject({ status: "dead", attempts: 3 });
      expect(calls).toBe(3);
      expect((await deadJobs(server.db)).find((job) => job.id === id)).toMatchObject({
        kind: "flaky",
        attempts: 3,
        lastError: "mail server said no",
        payload: { to: "parent@example.com" },
      });
      expect((await jobCounts(server.db)).dead).toBeGreaterThanOrEqual(1);
    } finally {
      await worker.stop();
    }
  });

  it("takes over a job whose worker died (its lease ran out)", async () => {
    await enqueue(server.db, lease, {});
    const id = await lastJobId("lease");
    await server.db
      .updateTable("jobs")
      .set({ status: "running", attempts: 1, locked_by: "dead-worker", locked_until: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", id)
      .execute();
    const ran: number[] = [];
    const worker = startJobWorker({ db: server.db, logger }, [handleJob(lease, async (_p, job) => void ran.push(job.id))], { pollMs: 60_000 });
    await worker.runDue();
    await worker.stop();
    expect(ran).toEqual([id]);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 2, locked_by: null });
  });

  it("keeps a job that runs longer than its lease: the running worker renews it, so no other takes it over", async () => {
    const long = defineJob("long-lease");
    await enqueue(server.db, long, {});
    const id = await lastJobId("long-lease");
    const runs: string[] = [];
    const second = server.openDb();
    // A 300 ms lease so the test is short; the shipped one is JOB_LEASE_MS, renewed the same way.
    const handler = (worker: string) =>
      handleJob(long, async () => {
        runs.push(worker);
        await slowly(1_200);
      });
    const a = startJobWorker({ db: server.db, logger }, [handler("a")], { pollMs: 60_000, leaseMs: 300 });
    const b = startJobWorker({ db: second as DB, logger }, [handler("b")], { pollMs: 60_000, leaseMs: 300 });
    try {
      const first = a.runDue();
      // b looks for due jobs four times while a's job runs past its lease three times over.
      for (let look = 0; look < 4; look++) {
        await slowly(250);
        await b.runDue();
      }
      await first;
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await second.destroy();
    }
    expect(runs).toEqual(["a"]);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 1 });
    expect(JOB_LEASE_MS).toBeLessThanOrEqual(30_000);
  });

  it("two instances on one database never run the same job twice", async () => {
    const jobs = 60;
    for (let i = 0; i < jobs; i++) await enqueue(server.db, race, { i });
    const runs: Array<{ i: number; worker: string }> = [];
    const second = server.openDb();
    const handler = (worker: string) =>
      handleJob(race, async ({ i }) => {
        runs.push({ i, worker });
        await slowly(Math.random() * 5);
      });
    const a = startJobWorker({ db: server.db, logger }, [handler("a")], { pollMs: 60_000 });
    const b = startJobWorker({ db: second as DB, logger }, [handler("b")], { pollMs: 60_000 });
    try {
      // Both instances drain the queue at the same time, a bounded number of rounds.
      for (let round = 0; round < 10 && runs.length < jobs; round++) await Promise.all([a.runDue(), b.runDue()]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await second.destroy();
    }
    const handled = runs.map((r) => r.i).sort((x, y) => x - y);
    expect(handled).toEqual([...Array(jobs).keys()]);
    expect(new Set(runs.map((r) => r.worker)).size).toBe(2);
    const left = await server.db.selectFrom("jobs").select("status").where("kind", "=", "race").where("status", "<>", "done").execute();
    expect(left).toEqual([]);
  });

  it("adds the daily purge once a day however many instances start", async () => {
    const workers = [0, 1, 2].map(() =>
      startJobWorker({ db: server.db, logger }, [handleJob(dailyTest, async () => {})], { pollMs: 60_000, daily: [dailyTest] }),
    );
    await Promise.all(workers.map((w) => w.runDue()));
    await Promise.all(workers.map((w) => w.stop()));
    const rows = await server.db.selectFrom("jobs").select(["unique_key", "status"]).where("kind", "=", "daily-test").execute();
    expect(rows).toEqual([{ unique_key: `daily-test:${new Date().toISOString().slice(0, 10)}`, status: "done" }]);
  });

  it("a job's payload is checked where it is queued and read back through its schema by the worker", async () => {
    const seen: string[] = [];
    const worker = startJobWorker({ db: server.db, logger }, [handleJob(typed, async ({ reference }) => void seen.push(reference))], { pollMs: 60_000 });
    try {
      // @ts-expect-error a payload of the wrong shape does not compile
      await expect(enqueue(server.db, typed, { ref: "B-1" })).rejects.toThrow();
      // @ts-expect-error nor does a payload for another job's schema
      await expect(enqueue(server.db, typed, { i: 1 })).rejects.toThrow();
      expect(await server.db.selectFrom("jobs").select("id").where("kind", "=", typed.kind).execute()).toEqual([]);

      await enqueue(server.db, typed, { reference: "B-2" });
      // A row in another shape (written by another version of the code) fails as the job's error, before the handler.
      await server.db
        .insertInto("jobs")
        .values({
          kind: typed.kind,
          payload: JSON.stringify({ ref: "B-3" }),
          status: "queued",
          attempts: 0,
          max_attempts: 1,
          run_at: new Date(Date.now() - 1000).toISOString(),
          locked_by: null,
          locked_until: null,
          last_error: null,
          unique_key: null,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute();
      await worker.runDue();
      expect(seen).toEqual(["B-2"]);
      const bad = await server.db
        .selectFrom("jobs")
        .select(["status", "last_error"])
        .where("kind", "=", typed.kind)
        .where("status", "<>", "done")
        .executeTakeFirstOrThrow();
      expect(bad.status).toBe("dead");
      expect(bad.last_error).toMatch(/does not fit the job "typed".*reference/);
    } finally {
      await worker.stop();
    }
  });

  it("refuses to start with two handlers for one job, or a scheduled job without a handler", () => {
    const handler = handleJob(typed, async () => {});
    expect(() => startJobWorker({ db: server.db, logger }, [handler, handler])).toThrow(/Two handlers for the job "typed"/);
    expect(() => startJobWorker({ db: server.db, logger }, [handler], { periodic: [{ job: lease, everyMs: 60_000 }] })).toThrow(
      /"lease" is added on a schedule but has no handler/,
    );
    expect(() => startJobWorker({ db: server.db, logger }, [], { daily: [dailyTest] })).toThrow(/"daily-test"/);
  });

  it("the purge removes expired sessions, spent limits and tokens, and keeps live ones", async () => {
    const live = await server.signIn("user");
    const expired = await server.signIn("user");
    const past = new Date(Date.now() - 60_000).toISOString();
    await server.db.updateTable("sessions").set({ expires_at: past }).where("user_id", "=", expired.user.id).execute();
    await server.db
      .insertInto("rate_limits")
      .values([
        { key: "old", hits: 3, reset_at: past },
        { key: "current", hits: 1, reset_at: new Date(Date.now() + 60_000).toISOString() },
      ])
      .execute();
    const now = new Date().toISOString();
    await server.db
      .insertInto("password_resets")
      .values([
        { id: "used-token", user_id: live.user.id, created_at: now, expires_at: new Date(Date.now() + 3_600_000).toISOString(), used_at: now },
        { id: "expired-token", user_id: live.user.id, created_at: past, expires_at: past, used_at: null },
        { id: "live-token", user_id: live.user.id, created_at: now, expires_at: new Date(Date.now() + 3_600_000).toISOString(), used_at: null },
      ])
      .execute();
    const deleted = await purgeExpired(server.db);
    expect(deleted.sessions).toBeGreaterThanOrEqual(1);
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: live.cookie } })).status).toBe(200);
    expect(await server.db.selectFrom("sessions").select("id").where("user_id", "=", expired.user.id).execute()).toEqual([]);
    expect((await server.db.selectFrom("rate_limits").select("key").where("key", "in", ["old", "current"]).execute()).map((r) => r.key)).toEqual(["current"]);
    expect((await server.db.selectFrom("password_resets").select("id").where("user_id", "=", live.user.id).execute()).map((r) => r.id)).toEqual(["live-token"]);
  });
});
