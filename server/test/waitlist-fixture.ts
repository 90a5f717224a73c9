import { afterAll, beforeAll, expect } from "vitest";
import type { Lang } from "~/i18n/lang";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { startTestServer, type TestServer } from "./harness";
import { waitForJobs } from "./outbox";

const TZ = "Asia/Kolkata";

/**
 * What the waitlist API tests share (decision 032): a server with a staff session, the course the
 * times belong to, one-seat times booked full, and joining their line. Call it inside a describe:
 * it starts the server before the tests and closes it after. Each file passes its own `firstDay`
 * (days ahead) so no two files make times on the same date.
 */
export function waitlistFixture(firstDay: number) {
  let server: TestServer;
  let adminCookie = "";
  let course = { id: 0, slug: "" };
  let nextDay = firstDay;
  beforeAll(async () => {
    server = await startTestServer();
    adminCookie = (await server.signIn("admin")).cookie;
    course = await server.db.selectFrom("courses").select(["id", "slug"]).where("slug", "=", "python-for-beginners").executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await server?.close();
  });

  const details = (email: string, extra: Record<string, unknown> = {}) => ({
    childName: "Sami",
    childAge: 13,
    parentName: "Huda",
    email,
    phone: "9876543210",
    ...extra,
  });
  const staff = (method: string, url: string, json?: unknown) => server.request(method, url, { json, headers: { cookie: adminCookie, origin: server.url } });
  /** A new time of the course (or `courseId`) with `capacity` seats, on the next unused date; its id. */
  async function slot(capacity = 1, courseId = course.id) {
    const created = await staff("POST", "/api/admin/slots", {
      date: addDays(zonedParts(new Date(), TZ).date, nextDay++),
      time: "10:30",
      durationMinutes: 60,
      capacity,
      courseId,
    });
    expect(created.status).toBe(201);
    return created.body.id as number;
  }
  /** The waitlist API's answer to joining a time's line. */
  const join = (slotId: number, email: string, lang: Lang = "en", options: { courseSlug?: string; extra?: Record<string, unknown> } = {}) =>
    server.request("POST", `/api/courses/${options.courseSlug ?? course.slug}/demo-waitlist?lang=${lang}`, {
      json: { slotId, ...details(email, options.extra) },
    });

  return {
    get server() {
      return server;
    },
    get course() {
      return course;
    },
    details,
    staff,
    slot,
    join,
    /** A one-seat time booked full by `holder-{id}@example.com`; its id. */
    async fullSlot(courseId = course.id, courseSlug = course.slug) {
      const id = await slot(1, courseId);
      const booked = await server.request("POST", `/api/courses/${courseSlug}/demo-bookings`, { json: { slotId: id, ...details(`holder-${id}@example.com`) } });
      expect(booked.status).toBe(201);
      return id;
    },
    /** Joins a time's line, which must succeed; the place's token. */
    async joined(slotId: number, email: string, lang: Lang = "en", courseSlug?: string) {
      const res = await join(slotId, email, lang, { courseSlug });
      expect(res.status).toBe(201);
      return res.body.token as string;
    },
    /** The newest waitlist place of this e-mail on this time. */
    entry: (email: string, slotId: number) =>
      server.db
        .selectFrom("slot_waitlist")
        .selectAll()
        .where("email", "=", email)
        .where("slot_id", "=", slotId)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow(),
    /** Waits for the background jobs (the e-mails), leaving out the periodic sweeps. */
    settle: () => waitForJobs(server.db, { ignoreKinds: "%sweep%" }),
  };
}
