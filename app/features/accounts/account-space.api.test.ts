import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookSlot, findCourse } from "~/features/booking/booking.server";
import { nowIso } from "~server/db/values";
import { startTestServer, type TestServer } from "~server/test/harness";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { createUser } from "./accounts.server";
import { ERASED } from "./account-space.server";

/** The parent's own space (issue 17): /api/account... on a real server and database. */
describe("my account API", () => {
  let server: TestServer;
  let course: NonNullable<Awaited<ReturnType<typeof findCourse>>>;
  beforeAll(async () => {
    server = await startTestServer();
    course = (await findCourse(server.db, "robotics-fundamentals", "en"))!;
  });
  afterAll(async () => {
    await server?.close();
  });

  const dayMs = 86_400_000;
  async function slot(daysAhead: number, capacity = 5) {
    const now = nowIso();
    const row = await server.db
      .insertInto("demo_slots")
      .values({
        starts_at: new Date(Date.now() + daysAhead * dayMs).toISOString(),
        duration_minutes: 60,
        capacity,
        course_id: course.id,
        status: "open",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  /** A booking through the real booking transaction (future slots only). */
  async function book(slotId: number, email: string, userId: number | null, names = { childName: "Omar", parentName: "Sara Ali" }) {
    const result = await bookSlot(
      server.db,
      { ...names, childAge: 9, phone: "+91 98765 43210", slotId, email },
      { course, userId, lang: "en", timeZone: "Asia/Kolkata", linkSecret: server.config.sessionSecret, perFamily: 3 },
    );
    if (!result.ok) throw new Error(`booking failed: ${result.reason}`);
    return result.reference;
  }
  /** A booking of a class that already happened (written directly: the booking path refuses past slots). */
  async function pastBooking(email: string, userId: number | null) {
    const slotId = await slot(-10);
    const now = nowIso();
    const reference = randomBytes(18).toString("base64url");
    await server.db
      .insertInto("demo_bookings")
      .values({
        reference,
        cancel_token: randomBytes(18).toString("base64url"),
        code: null,
        slot_id: slotId,
        course_id: course.id,
        course_name: course.name,
        child_name: "Omar",
        child_age: 9,
        parent_name: "Sara Ali",
        email,
        phone: "+919876543210",
        lang: "en",
        status: "attended",
        user_id: userId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return reference;
  }
  async function campEnrolment(email: string) {
    const camp = await server.db.selectFrom("camps").select(["id", "slug", "title_en"]).executeTakeFirstOrThrow();
    const now = nowIso();
    await server.db
      .insertInto("camp_enrolments")
      .values({
        student_name: "Omar Ali",
        parent_name: "Sara Ali",
        email,
        phone_number: "+919876543210",
        camp_id: camp.id,
        camp_slug: camp.slug,
        camp_title: camp.title_en,
        session: "1 July - 20th July",
        message: "Allergic to nuts",
        lang: "en",
        reference: randomBytes(18).toString("base64url"),
        status: "new",
        notes: "",
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  async function brochure(email: string) {
    const now = nowIso();
    await server.db
      .insertInto("brochure_leads")
      .values({
        student_name: "Omar Ali",
        student_email: email,
        grade: "5",
        school: "Green School",
        parent_contact: "+919876543210",
        lang: "en",
        status: "new",
        notes: "",
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  async function contactMessage(email: string) {
    const now = nowIso();
    await server.db
      .insertInto("contact_messages")
      .values({ email, description: "Do you teach on weekends?", status: "new", notes: "", created_at: now, updated_at: now })
      .execute();
  }
  const verify = (id: number) => server.db.updateTable("users").set({ email_verified_at: nowIso() }).where("id", "=", id).execute();
  const signIn = async (email: string, password: string) => {
    const response = await server.request("POST", "/login", { json: { email, password } });
    expect(response.status).toBe(200);
    return (response.headers.get("set-cookie") ?? "").split(";")[0]!;
  };
  async function parent(name = "Sara Ali") {
    const email = `parent-${randomBytes(5).toString("hex")}@example.com`;
    const password = "Parent-Passw0rd";
    const id = (await createUser(server.db, { username: name, email, password, contactNumber: "+919876543210" }))!;
    const cookie = await signIn(email, password);
    return { id, email, password, cookie, headers: { cookie, origin: server.url } };
  }

  it("answers 401 JSON to every endpoint without a session", async () => {
    for (const [method, path] of [
      ["GET", "/api/account"],
      ["PATCH", "/api/account/profile"],
      ["POST", "/api/account/password"],
      ["GET", "/api/account/export"],
      ["POST", "/api/account/delete"],
      ["POST", "/api/account/password/link"],
      ["GET", "/api/account/children"],
      ["POST", "/api/account/children"],
      ["PUT", "/api/account/children/1"],
      ["DELETE", "/api/account/children/1"],
    ] as const) {
      const response = await server.request(method, path, method === "GET" ? {} : { json: {}, headers: { origin: server.url } });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body.message).toBe("You are not signed in.");
    }
  });

  it("shows only the account's own records; e-mail matches count once the e-mail is proven", async () => {
    const sara = await parent();
    const other = await parent();
    const upcomingSlot = await slot(5);
    const mine = await book(upcomingSlot, "someone-else@example.com", sara.id);
    const beforeSignUp = await book(await slot(6), sara.email.toUpperCase(), null);
    const past = await pastBooking(sara.email, null);
    // Another parent with the same names, and a booking of the other account: never Sara's.
    const stranger = await book(upcomingSlot, "stranger@example.com", null);
    const othersOwn = await book(await slot(7), other.email, other.id);
    await campEnrolment(sara.email);
    await brochure(sara.email.toUpperCase());
    await campEnrolment("stranger@example.com");

    const unproven = await server.request("GET", "/api/account", { headers: { cookie: sara.cookie } });
    expect(unproven.status).toBe(200);
    expect(unproven.headers.get("cache-control")).toContain("no-store");
    const refs = (body: { bookings: { upcoming: { reference: string }[]; past: { reference: string }[] } }) =>
      [...body.bookings.upcoming, ...body.bookings.past].map((b) => b.reference);
    expect(refs(unproven.body)).toEqual([mine]);
    expect(unproven.body.enrollments).toEqual([]);
    expect(unproven.body.brochureRequests).toEqual([]);
    expect(unproven.body.profile).toMatchObject({ username: "Sara Ali", email: sara.email, emailVerified: false, hasPassword: true });
    expect(JSON.stringify(unproven.body)).not.toMatch(/password_hash|argon2/);

    await verify(sara.id);
    const proven = (await server.request("GET", "/api/account", { headers: { cookie: sara.cookie } })).body;
    expect(proven.bookings.upcoming.map((b: { reference: string }) => b.reference)).toEqual([mine, beforeSignUp]);
    expect(proven.bookings.past.map((b: { reference: string }) => b.reference)).toEqual([past]);
    expect(refs(proven)).not.toContain(stranger);
    expect(refs(proven)).not.toContain(othersOwn);
    const upcoming = proven.bookings.upcoming[0];
    expect(upcoming).toMatchObject({ status: "booked", childName: "Omar", courseSlug: course.slug, upcoming: true });
    expect(upcoming.timeLabel).toMatch(/\d/);
    expect(upcoming.cancelUrl).toMatch(/^\/booking\/cancel\?token=[\w-]+$/);
    expect(proven.bookings.past[0]).toMatchObject({ status: "attended", cancelUrl: null });
    expect(proven.enrollments).toHaveLength(1);
    expect(proven.enrollments[0]).toMatchObject({ studentName: "Omar Ali", status: "new" });
    expect(proven.brochureRequests).toHaveLength(1);

    // Arabic: the cancel link and labels follow the request's language.
    const ar = (await server.request("GET", "/api/account", { headers: { cookie: sara.cookie, "accept-language": "ar" } })).body;
    expect(ar.bookings.upcoming[0].cancelUrl).toMatch(/^\/ar\/booking\/cancel\?token=/);

    // The other parent sees only their own booking.
    const theirs = (await server.request("GET", "/api/account", { headers: { cookie: other.cookie } })).body;
    expect(refs(theirs)).toEqual([othersOwn]);
  });

  it("changes the name and phone, and refuses invalid values field by field", async () => {
    const sara = await parent();
    const saved = await server.request("PATCH", "/api/account/profile", {
      json: { username: "Sara Hassan", contactNumber: "+971 50 123 4567" },
      headers: sara.headers,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe("Your profile has been saved.");
    const row = await server.db.selectFrom("users").select(["username", "contact_number", "email"]).where("id", "=", sara.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ username: "Sara Hassan", contact_number: "+971501234567", email: sara.email });
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: sara.cookie } })).body.user.username).toBe("Sara Hassan");

    const bad = await server.request("PATCH", "/api/account/profile", { json: { username: "S", contactNumber: "abc" }, headers: sara.headers });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["contactNumber", "username"]);
    // Unknown fields (an e-mail, a role) are ignored.
    await server.request("PATCH", "/api/account/profile", {
      json: { username: "Sara Hassan", contactNumber: "+971 50 123 4567", email: "x@example.com", role: "admin" },
      headers: sara.headers,
    });
    const after = await server.db.selectFrom("users").select(["email", "role"]).where("id", "=", sara.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ email: sara.email, role: "user" });
    // Another site's page cannot change it (same-origin check on cookie-carrying writes).
    const foreign = await server.request("PATCH", "/api/account/profile", {
      json: { username: "Evil Name", contactNumber: "+971 50 123 4567" },
      headers: { cookie: sara.cookie, origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
  });

  it("changes the password with the current one, ends the other sessions and keeps this one signed in", async () => {
    const sara = await parent();
    const otherDevice = await signIn(sara.email, sara.password);
    const wrong = await server.request("POST", "/api/account/password", {
      json: { currentPassword: "Not-the-passw0rd", password: "Brand-New-Passw0rd" },
      headers: sara.headers,
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors)).toEqual(["currentPassword"]);
    const weak = await server.request("POST", "/api/account/password", { json: { currentPassword: sara.password, password: "weak" }, headers: sara.headers });
    expect(weak.status).toBe(400);
    expect(Object.keys(weak.body.errors)).toEqual(["password"]);

    const changed = await server.request("POST", "/api/account/password", {
      json: { currentPassword: sara.password, password: "Brand-New-Passw0rd" },
      headers: sara.headers,
    });
    expect(changed.status).toBe(200);
    const fresh = (changed.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(fresh).toMatch(/^sid=/);
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: fresh } })).status).toBe(200);
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: otherDevice } })).status).toBe(401);
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: sara.cookie } })).status).toBe(401);
    expect(await server.db.selectFrom("sessions").select("id").where("user_id", "=", sara.id).execute()).toHaveLength(1);
    expect((await server.request("POST", "/login", { json: { email: sara.email, password: sara.password } })).status).toBe(401);
    expect((await server.request("POST", "/login", { json: { email: sara.email, password: "Brand-New-Passw0rd" } })).status).toBe(200);
  });

  it("exports everything held about the account as a JSON file, without secrets", async () => {
    const sara = await parent();
    await verify(sara.id);
    const reference = await book(await slot(8), sara.email, sara.id);
    await campEnrolment(sara.email);
    await brochure(sara.email);
    await contactMessage(sara.email);
    await contactMessage("stranger@example.com");
    const response = await server.request("GET", "/api/account/export", { headers: { cookie: sara.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="stem-academy-my-data\.json"$/);
    const data = response.body;
    expect(data.profile).toMatchObject({ username: "Sara Ali", email: sara.email, contactNumber: "+919876543210", emailVerified: true });
    expect(data.demoBookings.map((b: { reference: string }) => b.reference)).toEqual([reference]);
    expect(data.demoBookings[0]).toMatchObject({ childName: "Omar", parentName: "Sara Ali", email: sara.email });
    expect(data.campEnrollments).toHaveLength(1);
    expect(data.brochureRequests).toHaveLength(1);
    expect(data.contactMessages).toEqual([expect.objectContaining({ email: sara.email, message: "Do you teach on weekends?" })]);
    const text = JSON.stringify(data);
    const hash = (await server.db.selectFrom("users").select("password_hash").where("id", "=", sara.id).executeTakeFirstOrThrow()).password_hash!;
    expect(text).not.toContain(hash);
    expect(text).not.toMatch(/password_hash|passwordHash|argon2|cancel_token|cancelToken|stranger@/);
  });

  it("deletes the account in one go: future seats freed, personal fields erased, sessions gone, audit entry without personal data", async () => {
    const sara = await parent();
    await verify(sara.id);
    const otherDevice = await signIn(sara.email, sara.password);
    const futureSlot = await slot(9, 3);
    const future = await book(futureSlot, sara.email, sara.id);
    const past = await pastBooking(sara.email, sara.id);
    const strangerRef = await book(futureSlot, "stranger2@example.com", null);
    await campEnrolment(sara.email);
    await brochure(sara.email);
    await contactMessage(sara.email);
    expect((await server.request("POST", "/api/account/children", { json: { name: "Omar", age: 9 }, headers: sara.headers })).status).toBe(201);
    const seats = async () =>
      (await server.db.selectFrom("demo_slots").select("seats_taken").where("id", "=", futureSlot).executeTakeFirstOrThrow()).seats_taken;
    expect(await seats()).toBe(2);

    const mismatch = await server.request("POST", "/api/account/delete", { json: { email: "someone@example.com" }, headers: sara.headers });
    expect(mismatch.status).toBe(400);
    expect(Object.keys(mismatch.body.errors)).toEqual(["email"]);
    expect(await server.db.selectFrom("users").select("id").where("id", "=", sara.id).executeTakeFirst()).toBeDefined();

    const auditBefore = await server.countRows("audit_log");
    const deleted = await server.request("POST", "/api/account/delete", { json: { email: sara.email.toUpperCase() }, headers: sara.headers });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe("Your account has been deleted.");
    expect(deleted.headers.get("set-cookie")).toMatch(/^sid=;/);

    expect(await server.db.selectFrom("users").select("id").where("id", "=", sara.id).executeTakeFirst()).toBeUndefined();
    expect(await server.db.selectFrom("sessions").select("id").where("user_id", "=", sara.id).execute()).toEqual([]);
    expect((await server.request("GET", "/api/getUser", { headers: { cookie: otherDevice } })).status).toBe(401);
    expect(await seats()).toBe(1);

    const bookings = await server.db.selectFrom("demo_bookings").selectAll().where("reference", "in", [future, past]).orderBy("id").execute();
    expect(bookings.map((b) => b.status)).toEqual(["cancelled", "attended"]);
    for (const b of bookings) {
      expect(b).toMatchObject({ child_name: ERASED, parent_name: ERASED, phone: ERASED, user_id: null });
      expect(b.email).toMatch(/^erased-[0-9a-f]+@erased\.invalid$/);
    }
    const stranger = await server.db.selectFrom("demo_bookings").selectAll().where("reference", "=", strangerRef).executeTakeFirstOrThrow();
    expect(stranger).toMatchObject({ status: "booked", child_name: "Omar", parent_name: "Sara Ali", email: "stranger2@example.com" });
    const left = JSON.stringify([
      await server.db.selectFrom("camp_enrolments").selectAll().execute(),
      await server.db.selectFrom("brochure_leads").selectAll().execute(),
      await server.db.selectFrom("contact_messages").selectAll().execute(),
      await server.db.selectFrom("demo_bookings").selectAll().where("reference", "in", [future, past]).execute(),
    ]);
    expect(left.toLowerCase()).not.toContain(sara.email);
    const erasedCampEnrolments = await server.db.selectFrom("camp_enrolments").selectAll().where("email", "like", "erased-%").execute();
    expect(erasedCampEnrolments.map((e) => [e.student_name, e.parent_name, e.phone_number, e.message])).toEqual([[ERASED, ERASED, ERASED, ""]]);

    expect(await server.countRows("audit_log")).toBe(auditBefore + 1);
    const entry = await server.db.selectFrom("audit_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ user_id: null, action: "delete", entity: "account", entity_id: String(sara.id) });
    expect(JSON.parse(entry.summary)).toEqual({
      bookingsCancelled: 1,
      bookingsErased: 2,
      enrollmentsErased: 1,
      brochureRequestsErased: 1,
      contactMessagesErased: 1,
      waitlistPlacesLeft: 0,
      waitlistPlacesErased: 0,
      sectionEnrolmentsCancelled: 0,
      sectionEnrolmentsErased: 0,
      makeupsCancelled: 0,
      absencesErased: 0,
      certificatesErased: 0,
      sectionWaitlistPlacesLeft: 0,
      sectionWaitlistPlacesErased: 0,
      calendarFeedsDeleted: 0,
      savedChildrenDeleted: 1,
      consentAnswersDeleted: 0,
      portfolioProjectsDeleted: 0,
      invoicesKept: 0,
      mailJobsDeleted: expect.any(Number),
      mailJobsBlanked: expect.any(Number),
    });
    expect(await server.db.selectFrom("account_children").select("id").where("user_id", "=", sara.id).execute()).toEqual([]);
    expect(entry.summary).not.toMatch(/@|Sara|Omar/);
    // The mail queue keeps none of it either (issue 39): sent mails blanked, waiting ones to the family gone.
    const jobs = await server.db.selectFrom("jobs").select("payload").execute();
    expect(jobs.filter((job) => job.payload.toLowerCase().includes(sara.email))).toEqual([]);
  });

  it("erasure blanks the family's names in mails already sent and drops mails still waiting to go to them, in the deletion's transaction (issue 39)", async () => {
    const sara = await parent();
    await verify(sara.id);
    const at = new Date().toISOString();
    const job = (status: "queued" | "done" | "dead", payload: unknown) =>
      server.db
        .insertInto("jobs")
        .values({
          kind: "mail",
          payload: JSON.stringify(payload),
          status,
          attempts: 0,
          max_attempts: 5,
          run_at: "2999-01-01T00:00:00.000Z",
          locked_by: null,
          locked_until: null,
          last_error: null,
          unique_key: null,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    await book(await slot(12, 3), sara.email, sara.id);
    const waiting = await job("queued", {
      template: "enrolment-confirmed",
      to: sara.email.toUpperCase(),
      subject: "Omar Ali is enrolled",
      data: { reference: "X" },
    });
    const sent = await job("done", { template: "enrolment-confirmed", to: sara.email, subject: "Omar is enrolled", data: { reference: "Y" } });
    const toStaff = await job("queued", {
      template: "staff-notice",
      to: "office@academy.test",
      subject: "New enrolment",
      data: { email: sara.email, parent: "Sara Ali", child: "Omar" },
    });
    const other = await job("queued", {
      template: "enrolment-confirmed",
      to: "someone.else@example.com",
      subject: "Omar is enrolled",
      data: { parent: "Sara Ali" },
    });
    expect((await server.request("POST", "/api/account/delete", { json: { email: sara.email }, headers: sara.headers })).status).toBe(200);
    const payload = async (id: number) => (await server.db.selectFrom("jobs").select("payload").where("id", "=", id).executeTakeFirst())?.payload;
    expect(await payload(waiting.id)).toBeUndefined();
    for (const id of [sent.id, toStaff.id]) {
      const text = (await payload(id))!;
      expect(text).not.toMatch(/Sara|Omar/);
      expect(text.toLowerCase()).not.toContain(sara.email);
      expect(text).toContain(ERASED);
    }
    // Another family's mail (same first names, another address) is untouched.
    expect(JSON.parse((await payload(other.id))!)).toMatchObject({ subject: "Omar is enrolled", data: { parent: "Sara Ali" } });
  });

  /** A course section (issue 29) made by staff, its first class 10 days away. */
  async function section(capacity: number) {
    const admin = await server.signIn("admin");
    const timeZone = (await server.request("GET", `/api/courses/${course.slug}/sections`)).body.timeZone as string;
    const firstDate = addDays(zonedParts(new Date(), timeZone).date, 10);
    const res = await server.request("POST", "/api/admin/sections", {
      json: { courseId: course.id, weekdays: [1, 3], startTime: "17:00", durationMinutes: 60, firstDate, meetings: 4, capacity },
      headers: { cookie: admin.cookie, origin: server.url },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  }
  const familyFields = (email: string, childName: string) => ({ childName, childAge: course.minAge, parentName: "Sara Ali", email, phone: "+91 98765 43210" });
  async function enrolIn(sectionId: number, email: string, childName: string, headers: Record<string, string> = { origin: server.url }) {
    const res = await server.request("POST", `/api/sections/${sectionId}/enrolments`, { json: familyFields(email, childName), headers });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.reference as string;
  }
  async function joinLine(sectionId: number, email: string, childName: string, headers: Record<string, string> = { origin: server.url }) {
    const res = await server.request("POST", `/api/sections/${sectionId}/waitlist`, { json: familyFields(email, childName), headers });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.token as string;
  }

  it("exports and erases the family's course-section enrolments, section waitlist places and calendar feed", async () => {
    const sara = await parent();
    await verify(sara.id);
    const open = await section(3);
    const full = await section(1);
    await enrolIn(full, "stranger3@example.com", "Kabir");
    // By the account's id (signed in, another e-mail typed) and by its proven e-mail (signed out).
    const byId = await enrolIn(open, "other-address@example.com", "Omar Ali", sara.headers);
    const byEmail = await enrolIn(open, sara.email, "Lina Ali");
    const placeToken = await joinLine(full, sara.email, "Omar Ali", sara.headers);
    // /account lists the group place next to the demo ones, linking to the place's page.
    const overview = await server.request("GET", "/api/account", { headers: sara.headers });
    expect(overview.body.waitlist).toEqual([
      expect.objectContaining({
        kind: "group",
        status: "waiting",
        childName: "Omar Ali",
        position: 1,
        pageUrl: `/sections/waitlist?token=${placeToken}`,
        acceptUrl: null,
        token: placeToken,
      }),
    ]);
    const arabic = await server.request("GET", "/api/account", { headers: { ...sara.headers, "accept-language": "ar" } });
    expect(arabic.body.waitlist[0].pageUrl).toBe(`/ar/sections/waitlist?token=${placeToken}`);
    const strangerRef = await enrolIn(open, "stranger3@example.com", "Kabir");
    expect((await server.request("POST", "/api/account/calendar-feed", { headers: sara.headers })).status).toBe(201);
    const feed = await server.db.selectFrom("calendar_feeds").selectAll().where("user_id", "=", sara.id).executeTakeFirstOrThrow();

    const exported = await server.request("GET", "/api/account/export", { headers: { cookie: sara.cookie } });
    expect(exported.status).toBe(200);
    const data = exported.body;
    expect(data.sectionEnrolments.map((e: { reference: string }) => e.reference)).toEqual([byId, byEmail]);
    expect(data.sectionEnrolments[0]).toMatchObject({
      status: "enrolled",
      source: "direct",
      childName: "Omar Ali",
      parentName: "Sara Ali",
      email: "other-address@example.com",
    });
    expect(data.sectionWaitlistPlaces).toEqual([expect.objectContaining({ status: "waiting", childName: "Omar Ali", email: sara.email })]);
    expect(data.calendarFeeds).toEqual([{ language: "en", createdAt: feed.created_at }]);
    const text = JSON.stringify(data);
    expect(text).not.toContain(feed.token_hash);
    expect(text).not.toContain(feed.seed);
    expect(text).not.toMatch(/stranger3@|Kabir|token_hash|tokenHash|seed/);

    const seats = async (id: number) =>
      (await server.db.selectFrom("course_sections").select("seats_taken").where("id", "=", id).executeTakeFirstOrThrow()).seats_taken;
    expect(await seats(open)).toBe(3);
    const deleted = await server.request("POST", "/api/account/delete", { json: { email: sara.email }, headers: sara.headers });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await seats(open)).toBe(1);

    const enrolments = await server.db.selectFrom("section_enrolments").selectAll().where("reference", "in", [byId, byEmail]).orderBy("id").execute();
    expect(enrolments.map((e) => e.status)).toEqual(["cancelled", "cancelled"]);
    for (const e of enrolments) {
      expect(e).toMatchObject({ child_name: ERASED, parent_name: ERASED, phone: ERASED, user_id: null, child_id: null });
      expect(e.email).toMatch(/^erased-[0-9a-f]+@erased\.invalid$/);
      expect(e.child_key).toBe(`erased-${e.id}`);
    }
    const places = await server.db.selectFrom("section_waitlist").selectAll().where("section_id", "=", full).execute();
    expect(places).toHaveLength(1);
    expect(places[0]).toMatchObject({ status: "left", child_name: ERASED, parent_name: ERASED, phone: ERASED, user_id: null });
    expect(await server.db.selectFrom("calendar_feeds").select("id").where("user_id", "=", sara.id).execute()).toEqual([]);
    const stranger = await server.db.selectFrom("section_enrolments").selectAll().where("reference", "=", strangerRef).executeTakeFirstOrThrow();
    expect(stranger).toMatchObject({ status: "enrolled", child_name: "Kabir", email: "stranger3@example.com" });
    const left = JSON.stringify([
      await server.db.selectFrom("section_enrolments").selectAll().where("reference", "in", [byId, byEmail]).execute(),
      await server.db.selectFrom("section_waitlist").selectAll().where("section_id", "=", full).execute(),
    ]);
    expect(left.toLowerCase()).not.toContain(sara.email);
    expect(left).not.toContain("other-address@");

    const entry = await server.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity", "=", "account")
      .where("entity_id", "=", String(sara.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.summary)).toMatchObject({
      sectionEnrolmentsCancelled: 2,
      sectionEnrolmentsErased: 2,
      sectionWaitlistPlacesLeft: 1,
      sectionWaitlistPlacesErased: 1,
      calendarFeedsDeleted: 1,
    });
  });

  it("keeps an erased family's enrolment in a term already begun, erased, and two of its children apart", async () => {
    const sara = await parent();
    await verify(sara.id);
    const begun = await section(5);
    const first = await enrolIn(begun, sara.email, "Omar Ali");
    const second = await enrolIn(begun, sara.email, "Lina Ali");
    await server.db
      .updateTable("course_sections")
      .set({ starts_at: new Date(Date.now() - dayMs).toISOString() })
      .where("id", "=", begun)
      .execute();
    const deleted = await server.request("POST", "/api/account/delete", { json: { email: sara.email }, headers: sara.headers });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const rows = await server.db.selectFrom("section_enrolments").selectAll().where("reference", "in", [first, second]).execute();
    expect(rows.map((e) => [e.status, e.child_name])).toEqual([
      ["enrolled", ERASED],
      ["enrolled", ERASED],
    ]);
  });

  it("refuses to delete a staff account here", async () => {
    const staff = await server.signIn("admin");
    const response = await server.request("POST", "/api/account/delete", {
      json: { email: staff.user.email },
      headers: { cookie: staff.cookie, origin: server.url },
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/Staff accounts/);
    expect(await server.db.selectFrom("users").select("id").where("id", "=", staff.user.id).executeTakeFirst()).toBeDefined();
  });

  it("answers malformed, missing, wrongly typed and oversized bodies with a 4xx JSON message", async () => {
    const sara = await parent();
    const cases: [string, string, string | undefined, string][] = [
      ["PATCH", "/api/account/profile", "{", "application/json"],
      ["PATCH", "/api/account/profile", "", "application/json"],
      ["PATCH", "/api/account/profile", "[]", "application/json"],
      ["PATCH", "/api/account/profile", JSON.stringify({ username: ["x"], contactNumber: 5 }), "application/json"],
      ["PATCH", "/api/account/profile", JSON.stringify({ username: "Sara", contactNumber: "+971501234567" }), "text/plain"],
      ["POST", "/api/account/password", JSON.stringify({}), "application/json"],
      ["POST", "/api/account/password", JSON.stringify({ currentPassword: "x".repeat(200_000), password: "Brand-New-Passw0rd" }), "application/json"],
      ["POST", "/api/account/delete", "null", "application/json"],
      ["POST", "/api/account/delete", JSON.stringify({ email: `${sara.email}\u0000` }), "application/json"],
      ["POST", "/api/account/delete", JSON.stringify({ email: { $ne: null } }), "application/json"],
    ];
    for (const [method, path, body, type] of cases) {
      const response = await server.request(method, path, { body, headers: { ...sara.headers, "content-type": type! } });
      expect(response.status, `${method} ${path} ${String(body).slice(0, 30)}`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(typeof response.body.message).toBe("string");
    }
    expect(await server.db.selectFrom("users").select("id").where("id", "=", sara.id).executeTakeFirst()).toBeDefined();
  });
});
