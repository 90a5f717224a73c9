import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { migrateTo } from "~server/test/migrate-to";
import * as bookingMailJobs from "./2026-11-30-99-booking-mail-jobs";

/** Booking's and camp's jobs queued before decision 118 become mail jobs (SQLite, or PostgreSQL with TEST_DATABASE_URL). */
describe("booking mail jobs migration", () => {
  let server: TestServer;
  let enrolled: Awaited<ReturnType<TestServer["request"]>>;
  beforeAll(async () => {
    server = await startTestServer();
    // A camp enrolment made by today's code on today's schema (the code needs every migration)...
    enrolled = await server.request("POST", "/api/summercamp/enroll", {
      json: {
        studentName: "Aarav",
        parentName: "Priya",
        email: "moved.job@example.com",
        phoneNumber: "+91 98765 43210",
        selectedCamp: "Junior Camp",
        selectedSession: "1 July - 20th July",
        message: "",
      },
    });
    // ...then the schema just before the contract (decision 157): the migration reads camp
    // enrolments as `enrollments`, which the view of decision 152 answered until the contract dropped it.
    await migrateTo(server.db, "2026-12-07-00-camp-enrolment-columns");
  });
  afterAll(() => server?.close());

  const later = new Date(Date.now() + 86_400_000).toISOString();
  const queue = async (kind: string, payload: unknown, status: "queued" | "done" = "queued") => {
    const now = new Date().toISOString();
    const row = await server.db
      .insertInto("jobs")
      .values({
        kind,
        payload: JSON.stringify(payload),
        status,
        attempts: 0,
        max_attempts: 8,
        run_at: later,
        locked_by: null,
        locked_until: null,
        last_error: null,
        unique_key: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const job = (id: number) => server.db.selectFrom("jobs").select(["kind", "payload"]).where("id", "=", id).executeTakeFirst();

  it("moves queued jobs onto the mail job with their record's address, drops those whose record is gone, and undoes", async () => {
    expect(enrolled.status).toBe(201);
    const camp = await queue("enrollment-confirmation", { reference: enrolled.body.reference });
    const cancel = {
      email: "cancelled.job@example.com",
      lang: "ar",
      parentName: "هدى",
      childName: "سامي",
      courseId: null,
      courseName: "Robotics",
      startsAt: later,
    };
    const cancelled = await queue("booking-cancelled-by-staff", cancel);
    const gone = await queue("waitlist-joined", { entryId: 2_000_000_000 });
    const done = await queue("booking-confirmation", { reference: "long-gone" }, "done");

    await bookingMailJobs.up(server.db as never);
    expect(await job(camp)).toEqual({
      kind: "mail",
      payload: JSON.stringify({ template: "enrollment-confirmation", to: "moved.job@example.com", data: { reference: enrolled.body.reference } }),
    });
    expect(await job(cancelled)).toEqual({
      kind: "mail",
      payload: JSON.stringify({ template: "booking-cancelled-by-staff", to: "cancelled.job@example.com", data: cancel }),
    });
    expect(await job(gone)).toBeUndefined();
    // Jobs already run are history: left as they were.
    expect((await job(done))?.kind).toBe("booking-confirmation");

    await bookingMailJobs.down(server.db as never);
    expect(await job(camp)).toEqual({ kind: "enrollment-confirmation", payload: JSON.stringify({ reference: enrolled.body.reference }) });
    expect(await job(cancelled)).toEqual({ kind: "booking-cancelled-by-staff", payload: JSON.stringify(cancel) });
    await server.db.deleteFrom("jobs").where("id", "in", [camp, cancelled, done]).execute();
  });
});
