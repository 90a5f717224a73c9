import express, { Router, type Express } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "~server/app";
import { createLogger } from "~server/logger";
import { startTestServer, type TestServer } from "~server/test/harness";
import { routeKeys, type Endpoint } from "~server/test/route-table";
import { groupWithMeeting } from "~server/test/teaching-fixture";

/**
 * Walks the Express app's registered routes: every /api/admin... and /admin/... endpoint must
 * answer 401 without a session and 403 for a signed-in non-staff account. A new admin route
 * without the check makes this fail.
 */

// Public by the specification (section 7), or the staff sign-in itself.
const PUBLIC = new Set(["GET /admin/course-dashboard/all-courses", "POST /api/admin/login"]);

function adminEndpoints(app: Express): Endpoint[] {
  return routeKeys(app)
    .map((key) => {
      const [method, path] = key.split(" ") as [string, string];
      return { method, path };
    })
    .filter((e) => (e.path.startsWith("/api/admin") || e.path.startsWith("/admin/")) && !PUBLIC.has(`${e.method} ${e.path}`));
}

/** A concrete URL for a route pattern: every parameter becomes 1, optional groups are kept. */
const concrete = (path: string) =>
  path
    .replace(/\{?\*\w+\}?/g, "1")
    .replace(/:\w+/g, "1")
    .replace(/[{}]/g, "");

describe("the route table walk", () => {
  it("finds routes in nested and mounted routers (so it can catch an unguarded one)", () => {
    const app = express();
    const inner = Router();
    inner.get("/api/admin/unguarded/:id", (_req, res) => res.json({}));
    const mounted = Router();
    mounted.post("/things", (_req, res) => res.json({}));
    app.use(inner);
    app.use("/api/admin/mounted", mounted);
    app.get("/admin/course-dashboard/all-courses", (_req, res) => res.json({}));
    app.get("/courses", (_req, res) => res.json({}));
    expect(adminEndpoints(app)).toEqual([
      { method: "GET", path: "/api/admin/unguarded/:id" },
      { method: "POST", path: "/api/admin/mounted/things" },
    ]);
    expect(concrete("/api/admin/courses/:id/images/{*rest}")).toBe("/api/admin/courses/1/images/1");
  });
});

describe("every admin API endpoint is checked on the server", () => {
  let server: TestServer;
  let endpoints: Endpoint[];
  let userCookie: string;
  beforeAll(async () => {
    server = await startTestServer();
    endpoints = adminEndpoints(createApp({ config: server.config, db: server.db, logger: createLogger("silent") }));
    userCookie = (await server.signIn("user")).cookie;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("walks a non-empty table that includes the public course list", () => {
    const app = createApp({ config: server.config, db: server.db, logger: createLogger("silent") });
    const all = routeKeys(app);
    expect(all).toContain("GET /admin/course-dashboard/all-courses");
    expect(all).toContain("POST /api/admin/login");
  });

  it("answers 401 without a session and 403 for a non-staff account on each admin endpoint", async () => {
    const failures: string[] = [];
    for (const { method, path } of endpoints) {
      const url = concrete(path);
      const write = !["GET", "HEAD"].includes(method);
      const body = write ? { json: {} } : {};
      const anonymous = await server.request(method, url, { ...body, headers: write ? { origin: server.url } : {} });
      if (anonymous.status !== 401 || typeof anonymous.body?.message !== "string") failures.push(`${method} ${path}: anonymous got ${anonymous.status}`);
      const user = await server.request(method, url, { ...body, headers: { cookie: userCookie, ...(write ? { origin: server.url } : {}) } });
      if (user.status !== 403 || typeof user.body?.message !== "string") failures.push(`${method} ${path}: non-staff got ${user.status}`);
    }
    expect(failures).toEqual([]);
  });
});

// Bodies that pass each teaching write's schema, so the instructor's refusal is the group's rule, not the input's.
const BODIES: Record<string, unknown> = {
  "POST /api/teaching/sections/:id/certificates": { threshold: 50 },
  "POST /api/teaching/certificates/:id/revoke": { reason: "Route walk" },
  "POST /api/teaching/sections/:id/skills": { marks: [{ enrolmentId: 1, skillId: 1, status: "working" }] },
  "POST /api/teaching/sections/:id/progress-reports/notes": { notes: [{ enrolmentId: 1, comment: "Route walk" }] },
};

describe("an instructor reaches only their own groups (issue 30, decision 074)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers 403 on every staff and admin endpoint, and on every teaching endpoint of another teacher's group", async () => {
    const app = createApp({ config: server.config, db: server.db, logger: createLogger("silent") });
    const [teacherA, teacherB] = (await server.db.selectFrom("teachers").select("id").orderBy("id").limit(2).execute()).map((row) => row.id) as [
      number,
      number,
    ];
    const instructor = await server.signIn("instructor");
    await server.db.updateTable("users").set({ teacher_id: teacherA }).where("id", "=", instructor.user.id).execute();
    const own = await groupWithMeeting(server.db, { teacherId: teacherA, startsAt: new Date(Date.now() - 60_000), children: 1 });
    const other = await groupWithMeeting(server.db, { teacherId: teacherB, startsAt: new Date(Date.now() - 60_000), children: 1 });
    const failures: string[] = [];
    const call = async (method: string, url: string, json: unknown = {}) => {
      const write = !["GET", "HEAD"].includes(method);
      return server.request(method, url, { ...(write ? { json } : {}), headers: { cookie: instructor.cookie, ...(write ? { origin: server.url } : {}) } });
    };
    // A certificate in each group, so /certificates/:id walks name a real one.
    const now = new Date().toISOString();
    const certificateIn = async (sectionId: number, code: string) =>
      (
        await server.db
          .insertInto("certificates")
          .values({
            code,
            section_id: sectionId,
            enrolment_id: null,
            child_name: "Walk",
            course_en: "Course",
            course_ar: "دورة",
            lang: "en",
            issued_on: now.slice(0, 10),
            threshold: 0,
            rate: 0,
            issued_by: null,
            created_at: now,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const ids = (group: { sectionId: number; meetingId: number }, certificate: number) => (path: string) =>
      path
        .replace("/sections/:id", `/sections/${group.sectionId}`)
        .replace("/certificates/:id", `/certificates/${certificate}`)
        .replace(/:\w+/g, String(group.meetingId));
    const otherUrl = ids(other, await certificateIn(other.sectionId, "WALKOTHERAAA"));
    const ownUrl = ids(own, await certificateIn(own.sectionId, "WALKOWNAAAAA"));
    for (const { method, path } of adminEndpoints(app)) {
      const answer = await call(method, concrete(path));
      if (answer.status !== 403 || typeof answer.body?.message !== "string") failures.push(`${method} ${path}: instructor got ${answer.status}`);
    }
    const teaching = routeKeys(app)
      .map((key) => key.split(" ") as [string, string])
      .filter(([, path]) => path.startsWith("/api/teaching/"));
    const withIds = teaching.filter(([, path]) => path.includes(":"));
    expect(withIds.length).toBeGreaterThanOrEqual(2);
    for (const [method, path] of withIds) {
      const answer = await call(method, otherUrl(path), BODIES[`${method} ${path}`]);
      if (answer.status !== 403 || typeof answer.body?.message !== "string")
        failures.push(`${method} ${path} (another teacher's group): instructor got ${answer.status}`);
      // Their own group answers (a write's empty body is a 400 about the input, past the access checks).
      const mine = await call(method, ownUrl(path));
      if (mine.status === 403 || mine.status === 401) failures.push(`${method} ${path} (own group): instructor got ${mine.status}`);
    }
    // The list of meetings names none of the other teacher's.
    const list = await call("GET", "/api/teaching/meetings");
    if (JSON.stringify(list.body).includes(`"id":${other.meetingId},`)) failures.push("GET /api/teaching/meetings lists another teacher's meeting");
    expect(failures).toEqual([]);
    expect(await server.countRows("meeting_attendance")).toBe(0);
  });

  it("is refused anonymous (401) and parent (403) callers on every teaching endpoint", async () => {
    const app = createApp({ config: server.config, db: server.db, logger: createLogger("silent") });
    const parent = await server.signIn("user");
    const failures: string[] = [];
    const teaching = routeKeys(app)
      .map((key) => key.split(" ") as [string, string])
      .filter(([, path]) => path.startsWith("/api/teaching/"));
    expect(teaching.length).toBeGreaterThanOrEqual(3);
    for (const [method, path] of teaching) {
      const write = !["GET", "HEAD"].includes(method);
      const url = concrete(path);
      const anonymous = await server.request(method, url, write ? { json: {}, headers: { origin: server.url } } : {});
      if (anonymous.status !== 401) failures.push(`${method} ${path}: anonymous got ${anonymous.status}`);
      const user = await server.request(method, url, {
        ...(write ? { json: {} } : {}),
        headers: { cookie: parent.cookie, ...(write ? { origin: server.url } : {}) },
      });
      if (user.status !== 403) failures.push(`${method} ${path}: parent got ${user.status}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("every /api/account endpoint is the signed-in account's own", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers 401 JSON without a session on each one, and another account's saved child is not found", async () => {
    const endpoints = routeKeys(createApp({ config: server.config, db: server.db, logger: createLogger("silent") }))
      .map((key) => key.split(" ") as [string, string])
      .filter(([, path]) => path === "/api/account" || path.startsWith("/api/account/"));
    expect(endpoints.length).toBeGreaterThanOrEqual(9);
    const failures: string[] = [];
    for (const [method, path] of endpoints) {
      const write = !["GET", "HEAD"].includes(method);
      const anonymous = await server.request(method, concrete(path), write ? { json: {}, headers: { origin: server.url } } : {});
      if (anonymous.status !== 401 || typeof anonymous.body?.message !== "string") failures.push(`${method} ${path}: anonymous got ${anonymous.status}`);
    }
    expect(failures).toEqual([]);

    const owner = await server.signIn("user");
    const other = await server.signIn("user");
    const as = (who: { cookie: string }) => ({ cookie: who.cookie, origin: server.url });
    const added = await server.request("POST", "/api/account/children", { json: { name: "Omar", age: 9 }, headers: as(owner) });
    expect(added.status).toBe(201);
    const url = `/api/account/children/${added.body.child.id}`;
    expect((await server.request("PUT", url, { json: { name: "Taken", age: 9 }, headers: as(other) })).status).toBe(404);
    expect((await server.request("DELETE", url, { headers: as(other) })).status).toBe(404);
    // Staff are no different here: the children are the parent's alone.
    const staff = await server.signIn("admin");
    expect((await server.request("DELETE", url, { headers: as(staff) })).status).toBe(404);
    expect((await server.request("GET", "/api/account/children", { headers: as(owner) })).body.children).toEqual([
      { id: added.body.child.id, name: "Omar", age: 9 },
    ]);
  });

  it("lists, exports and deletes only the waitlist places of the account's own proven e-mail", async () => {
    const admin = await server.signIn("admin");
    const owner = await server.signIn("user");
    const other = await server.signIn("user");
    await server.db.updateTable("users").set({ email_verified_at: new Date().toISOString() }).where("id", "in", [owner.user.id, other.user.id]).execute();
    const as = (who: { cookie: string }) => ({ cookie: who.cookie, origin: server.url });
    const course = await server.db.selectFrom("courses").select(["id", "slug"]).where("slug", "=", "python-for-beginners").executeTakeFirstOrThrow();
    const date = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const slot = await server.request("POST", "/api/admin/slots", {
      json: { date, time: "11:00", durationMinutes: 60, capacity: 1, courseId: course.id },
      headers: as(admin),
    });
    const person = (email: string) => ({ slotId: slot.body.id, childName: "Omar", childAge: 13, parentName: "Sara", email, phone: "9876543210" });
    expect((await server.request("POST", `/api/courses/${course.slug}/demo-bookings`, { json: person("holder@example.com") })).status).toBe(201);
    expect((await server.request("POST", `/api/courses/${course.slug}/demo-waitlist`, { json: person(owner.user.email) })).status).toBe(201);
    expect((await server.request("GET", "/api/account", { headers: as(owner) })).body.waitlist).toHaveLength(1);
    expect((await server.request("GET", "/api/account", { headers: as(other) })).body.waitlist).toEqual([]);
    expect((await server.request("GET", "/api/account/export", { headers: as(other) })).body.waitlistPlaces).toEqual([]);
    expect((await server.request("POST", "/api/account/delete", { json: { email: other.user.email }, headers: as(other) })).status).toBe(200);
    expect(await server.db.selectFrom("slot_waitlist").select(["status", "email"]).where("slot_id", "=", slot.body.id).executeTakeFirstOrThrow()).toEqual({
      status: "waiting",
      email: owner.user.email,
    });
  });
});

describe("every /api/teaching endpoint is for staff and the group's own instructor (issue 30)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers 401 signed out, 403 to a parent, and 403 to an instructor on a group that is not theirs", async () => {
    const endpoints = routeKeys(createApp({ config: server.config, db: server.db, logger: createLogger("silent") }))
      .map((key) => key.split(" ") as [string, string])
      .filter(([, path]) => path.startsWith("/api/teaching/"));
    expect(endpoints.length).toBeGreaterThanOrEqual(4);
    // A real group (taught by nobody the instructor is), its first meeting, and a certificate in it.
    const section = await server.db.selectFrom("course_sections").select(["id", "course_id"]).orderBy("id").executeTakeFirstOrThrow();
    await server.db.updateTable("course_sections").set({ teacher_id: null }).where("id", "=", section.id).execute();
    const meeting = await server.db.selectFrom("section_meetings").select("id").where("section_id", "=", section.id).orderBy("id").executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const certificate = await server.db
      .insertInto("certificates")
      .values({
        code: "WALKWALKWALK",
        section_id: section.id,
        enrolment_id: null,
        child_name: "Walk",
        course_en: "Course",
        course_ar: "دورة",
        lang: "en",
        issued_on: now.slice(0, 10),
        threshold: 0,
        rate: 0,
        issued_by: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const urlOf = (path: string) =>
      concrete(
        path
          .replace("/sections/:id", `/sections/${section.id}`)
          .replace("/certificates/:id", `/certificates/${certificate.id}`)
          .replace("/meetings/:id", `/meetings/${meeting.id}`),
      );
    const parent = await server.signIn("user");
    const instructor = await server.signIn("instructor");
    const teacher = await server.db.selectFrom("teachers").select("id").orderBy("id").executeTakeFirstOrThrow();
    await server.db.updateTable("users").set({ teacher_id: teacher.id }).where("id", "=", instructor.user.id).execute();
    const failures: string[] = [];
    for (const [method, path] of endpoints) {
      const write = !["GET", "HEAD"].includes(method);
      const body = write ? { json: BODIES[`${method} ${path}`] ?? {} } : {};
      const as = (cookie?: string) => ({ ...body, headers: { ...(cookie ? { cookie } : {}), ...(write ? { origin: server.url } : {}) } });
      const anonymous = await server.request(method, urlOf(path), as());
      if (anonymous.status !== 401 || typeof anonymous.body?.message !== "string") failures.push(`${method} ${path}: anonymous got ${anonymous.status}`);
      const user = await server.request(method, urlOf(path), as(parent.cookie));
      if (user.status !== 403) failures.push(`${method} ${path}: parent got ${user.status}`);
      // Endpoints of no group (the instructor's own meeting list, camp check-out) are for every instructor.
      if (!path.includes(":")) continue;
      const other = await server.request(method, urlOf(path), as(instructor.cookie));
      if (other.status !== 403 || typeof other.body?.message !== "string") failures.push(`${method} ${path}: another group's instructor got ${other.status}`);
    }
    expect(failures).toEqual([]);
    expect((await server.db.selectFrom("certificates").select("revoked_at").where("id", "=", certificate.id).executeTakeFirstOrThrow()).revoked_at).toBeNull();
  });
  it("lets every instructor run the camp's certificates (camps have no teachers, decision 089) and keeps parents out", async () => {
    const camp = await server.db.selectFrom("camps").select("id").orderBy("id").executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const child = await server.db
      .insertInto("camp_enrolments")
      .values({
        student_name: "Walk Camper",
        parent_name: "Walk",
        email: "walk-camp@example.com",
        phone_number: "+919876543210",
        camp_id: camp.id,
        camp_slug: "walk",
        camp_title: "Camp",
        session: "Walk period",
        message: "",
        lang: "en",
        reference: null,
        status: "new",
        notes: "",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto("camp_checkouts")
      .values({ camp_enrolment_id: child.id, day: "2020-01-02", pickup_id: null, collected_by: "Walk", recorded_by: null, created_at: now })
      .execute();
    const instructor = await server.signIn("instructor");
    const parent = await server.signIn("user");
    const as = (cookie: string) => ({ cookie, origin: server.url });
    const json = { camp: camp.id, session: "Walk period", threshold: 100 };
    expect((await server.request("GET", `/api/teaching/camp/certificates?camp=${camp.id}&session=Walk%20period`, { headers: as(parent.cookie) })).status).toBe(
      403,
    );
    expect((await server.request("POST", "/api/teaching/camp/certificates", { json, headers: as(parent.cookie) })).status).toBe(403);
    expect(await server.db.selectFrom("certificates").select("id").where("camp_enrolment_id", "=", child.id).execute()).toEqual([]);
    // An instructor linked to no teacher profile (so teaching no group) runs the camp.
    expect(
      (await server.request("GET", `/api/teaching/camp/certificates?camp=${camp.id}&session=Walk%20period`, { headers: as(instructor.cookie) })).status,
    ).toBe(200);
    const issued = await server.request("POST", "/api/teaching/camp/certificates", { json, headers: as(instructor.cookie) });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const id = issued.body.results[0].certificate.id as number;
    expect((await server.request("POST", `/api/teaching/certificates/${id}/revoke`, { json: { reason: "Walk" }, headers: as(parent.cookie) })).status).toBe(
      403,
    );
    expect((await server.request("POST", `/api/teaching/certificates/${id}/revoke`, { json: { reason: "Walk" }, headers: as(instructor.cookie) })).status).toBe(
      200,
    );
  });
});
