import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { nowIso } from "~server/db/values";
import { shiftTerm, termStart } from "./terms";
import { defaultTerm, retentionHeadline } from "./retention.server";

/**
 * Issue 44 item 4 (decision 136): retention, fill rate and waitlist pressure, demo conversion by
 * source, their CSVs and who may read them, on the database the suite runs on. The seed is three
 * terms of 2031 (far from the seeded groups, which start in two weeks), written straight to the
 * tables; every expected figure is worked out by hand in the comments.
 */
describe("retention and occupancy", () => {
  let server: TestServer;
  let staff: Record<string, string>;
  const ids: Record<string, number> = {};
  const courses = { a: 0, b: 0 };
  const teachers = { t1: 0, t2: 0 };

  const section = async (
    name: string,
    o: {
      course: number;
      teacher: number | null;
      mode: "academy" | "online";
      first: string;
      capacity?: number;
      taken?: number;
      status?: "open" | "closed" | "cancelled";
    },
  ) => {
    const now = nowIso();
    const at = `${o.first}T10:00:00.000Z`;
    const row = await server.db
      .insertInto("course_sections")
      .values({
        course_id: o.course,
        teacher_id: o.teacher,
        weekdays: "2,4",
        start_time: "16:00",
        duration_minutes: 60,
        first_date: o.first,
        meeting_count: 10,
        mode: o.mode,
        capacity: o.capacity ?? 10,
        seats_taken: o.taken ?? 0,
        min_age: 6,
        max_age: 18,
        registration_closes_at: at,
        starts_at: at,
        ends_at: `${o.first.slice(0, 4)}-12-31T10:00:00.000Z`,
        status: o.status ?? "open",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids[name] = row.id;
  };
  const enrol = async (
    sectionName: string,
    email: string,
    child: string,
    o: { status?: "enrolled" | "cancelled" | "dropped"; hold?: boolean; demo?: number; at?: string } = {},
  ) => {
    const course = await server.db.selectFrom("course_sections").select("course_id").where("id", "=", ids[sectionName]!).executeTakeFirstOrThrow();
    const at = o.at ?? nowIso();
    await server.db
      .insertInto("section_enrolments")
      .values({
        reference: randomBytes(8).toString("hex"),
        code: randomBytes(4).toString("hex").toUpperCase(),
        section_id: ids[sectionName]!,
        course_id: course.course_id,
        child_name: child,
        child_key: child.trim().toLowerCase(),
        child_age: 9,
        parent_name: "Parent",
        email,
        phone: "+971501234567",
        lang: "en",
        user_id: null,
        source: o.demo ? "demo" : "direct",
        demo_booking_id: o.demo ?? null,
        status: o.status ?? "enrolled",
        payment_hold_until: o.hold ? "2031-01-01T00:00:00.000Z" : null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  };
  const get = (path: string, headers = staff) => server.request("GET", path, { headers });
  const csvText = async (path: string) => {
    const res = await fetch(`${server.url}${path}`, { headers: staff });
    // Decoded keeping the byte order mark (res.text() drops it).
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    return { status: res.status, type: res.headers.get("content-type"), disposition: res.headers.get("content-disposition"), text };
  };

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie };
    const [a, b] = await server.db.selectFrom("courses").select("id").orderBy("id").limit(2).execute();
    courses.a = a!.id;
    courses.b = b!.id;
    const now = nowIso();
    // Names staff typed that a spreadsheet would run: each must reach the CSV neutralised.
    await server.db.updateTable("courses").set({ name_en: "@SUM(A1:A2)" }).where("id", "=", courses.b).execute();
    const teacher = (name_en: string, name_ar: string) =>
      server.db
        .insertInto("teachers")
        .values({
          name_en,
          name_ar,
          profile_en: "",
          profile_ar: "",
          experience_en: "",
          experience_ar: "",
          subjects: "[]",
          photo: "",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    teachers.t1 = (await teacher("-2+3", "مدرّبة أولى")).id;
    teachers.t2 = (await teacher('=HYPERLINK("http://evil.example","x")', "+966 cmd")).id;

    // Term 2031-Q1 (January to March), Q2 (April to June), Q3 (July to September).
    await section("s1", { course: courses.a, teacher: teachers.t1, mode: "academy", first: "2031-01-10" });
    await section("s2", { course: courses.b, teacher: teachers.t2, mode: "online", first: "2031-02-05" });
    await section("s3", { course: courses.a, teacher: teachers.t1, mode: "academy", first: "2031-04-10", capacity: 4, taken: 3 });
    await section("s4", { course: courses.b, teacher: null, mode: "online", first: "2031-05-01", capacity: 8, taken: 8, status: "closed" });
    await section("s5", { course: courses.a, teacher: teachers.t2, mode: "academy", first: "2031-07-10" });
    await section("s6", { course: courses.b, teacher: teachers.t1, mode: "academy", first: "2031-08-01" });
    // A cancelled group of Q2: its children do not count.
    await section("s7", { course: courses.a, teacher: teachers.t1, mode: "academy", first: "2031-05-20", status: "cancelled" });

    // The ladder of course A names s3 as its first level's group: s3's children are that level's.
    await server.db
      .insertInto("course_levels")
      .values({ course_id: courses.a, position: 1, name_en: "Scratch", name_ar: "سكراتش", section_id: ids.s3!, created_at: now, updated_at: now })
      .execute();

    // c1 Ali (family 1): Q1 s1, Q2 s3 (the e-mail in capitals: the same child), Q3 s5.
    await enrol("s1", "fam1@example.com", "Ali");
    await enrol("s3", "FAM1@example.com", "Ali");
    await enrol("s5", "fam1@example.com", "Ali");
    // c2 Sara (family 1, another child): Q1 s1, none in Q2, Q3 s6.
    await enrol("s1", "fam1@example.com", "Sara");
    await enrol("s6", "fam1@example.com", "Sara");
    // c3 Omar: Q1 in two courses (s1 and s2), Q2 s4.
    await enrol("s1", "fam2@example.com", "Omar");
    await enrol("s2", "fam2@example.com", "Omar");
    await enrol("s4", "fam2@example.com", "Omar");
    // c4 Lina: Q1 s2, dropped during the term (still a child of Q1); nothing after.
    await enrol("s2", "fam3@example.com", "Lina", { status: "dropped" });
    // c5 Maya: Q1 s2 cancelled (not a child of Q1); Q2 s3.
    await enrol("s2", "fam4@example.com", "Maya", { status: "cancelled" });
    await enrol("s3", "fam4@example.com", "Maya");
    // c6 Yusuf: Q1 s1 a seat still waiting for its online payment (not counted); Q2 s4.
    await enrol("s1", "fam5@example.com", "Yusuf", { hold: true });
    await enrol("s4", "fam5@example.com", "Yusuf");
    // c7 Noor: Q2 s3, Q3 s5.
    await enrol("s3", "fam6@example.com", "Noor");
    await enrol("s5", "fam6@example.com", "Noor");
    // c8 Adam: Q2 in the cancelled group s7 only (not counted), Q3 s6.
    await enrol("s7", "fam7@example.com", "Adam");
    await enrol("s6", "fam7@example.com", "Adam");
  });
  afterAll(async () => {
    await server?.close();
  });

  it("term helpers: quarters, their first day, the last whole term by default", () => {
    expect(shiftTerm("2031-Q1", -1)).toBe("2030-Q4");
    expect(shiftTerm("2030-Q4", 1)).toBe("2031-Q1");
    expect(shiftTerm("2031-Q2", -5)).toBe("2030-Q1");
    expect(termStart("2031-Q3")).toBe("2031-07-01");
    expect(defaultTerm("2026-11-29")).toBe("2026-Q3");
    expect(defaultTerm("2027-01-01")).toBe("2026-Q4");
  });

  it("retention matches the hand-computed seed: the trend and each breakdown", async () => {
    // Children of Q1: Ali, Sara, Omar, Lina (dropped still counts); Maya cancelled and Yusuf's held seat do not: 4.
    // Children of Q2: Ali, Omar, Maya, Yusuf, Noor (Adam's group was cancelled): 5.
    // Children of Q3: Ali, Sara, Noor, Adam: 4.
    // Q1 → Q2: Ali and Omar came back: 2 of 4, 50%. Q2 → Q3: Ali and Noor: 2 of 5, 40%.
    const res = await get("/api/admin/reports/retention?term=2031-Q2");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { retention } = res.body;
    expect(retention.term).toBe("2031-Q2");
    expect(retention.next).toBe("2031-Q3");
    expect(
      retention.trend.map((r: { term: string; children: number; returned: number; rate: number | null }) => [r.term, r.children, r.returned, r.rate]),
    ).toEqual([
      ["2030-Q3", 0, 0, null],
      ["2030-Q4", 0, 0, null],
      ["2031-Q1", 4, 2, 50],
      ["2031-Q2", 5, 2, 40],
    ]);
    const rows = (list: Array<{ key: string; label: string | null; children: number; returned: number; rate: number | null }>) =>
      list.map((r) => [r.key, r.label, r.children, r.returned, r.rate]);
    // Q2 by course: A (s3) Ali, Maya, Noor → Ali and Noor back: 3, 2, 66.7%. B (s4) Omar, Yusuf → none back: 2, 0, 0%.
    expect(rows(retention.by.course)).toEqual([
      [String(courses.b), "@SUM(A1:A2)", 2, 0, 0],
      [String(courses.a), expect.any(String), 3, 2, 66.7],
    ]);
    const level = await server.db.selectFrom("course_levels").select("id").where("section_id", "=", ids.s3!).executeTakeFirstOrThrow();
    // Q2 by level: s3 is Scratch's group (3, 2); s4 is no level's (2, 0).
    expect(rows(retention.by.level)).toEqual([
      [String(level.id), expect.stringMatching(/: Scratch$/), 3, 2, 66.7],
      ["none", null, 2, 0, 0],
    ]);
    // Q2 by instructor: t1 teaches s3 (3, 2); s4 names nobody (2, 0).
    expect(rows(retention.by.instructor)).toEqual([
      [String(teachers.t1), "-2+3", 3, 2, 66.7],
      ["none", null, 2, 0, 0],
    ]);
    // Q2 by place: s3 at the academy (3, 2), s4 online (2, 0).
    expect(rows(retention.by.place)).toEqual([
      ["academy", null, 3, 2, 66.7],
      ["online", null, 2, 0, 0],
    ]);

    // Q1: s1 (A, t1, academy) Ali, Sara, Omar → Ali, Omar back: 3, 2. s2 (B, t2, online) Omar, Lina → Omar back: 2, 1, 50%.
    // Omar counts in both courses; the whole term counts him once (4 children, 2 back, 50%).
    const q1 = (await get("/api/admin/reports/retention?term=2031-Q1")).body.retention;
    expect(q1.trend.at(-1)).toMatchObject({ term: "2031-Q1", children: 4, returned: 2, rate: 50 });
    expect(rows(q1.by.course)).toEqual([
      [String(courses.b), "@SUM(A1:A2)", 2, 1, 50],
      [String(courses.a), expect.any(String), 3, 2, 66.7],
    ]);
    expect(rows(q1.by.instructor)).toEqual([
      [String(teachers.t1), "-2+3", 3, 2, 66.7],
      [String(teachers.t2), '=HYPERLINK("http://evil.example","x")', 2, 1, 50],
    ]);
    expect(rows(q1.by.level)).toEqual([["none", null, 4, 2, 50]]);
    // The dashboard's headline reads the same two terms.
    expect(await retentionHeadline(server.db, "2031-Q1")).toMatchObject({ term: "2031-Q1", next: "2031-Q2", children: 4, returned: 2, rate: 50 });
    expect(await retentionHeadline(server.db, "2031-Q2")).toMatchObject({ children: 5, returned: 2, rate: 40 });
    expect(rows(q1.by.place)).toEqual([
      ["academy", null, 3, 2, 66.7],
      ["online", null, 2, 1, 50],
    ]);
  });

  it("fill rate and waitlist pressure per group", async () => {
    // s3: 3 of 4 seats taken → 75%; three children waiting (an offered one holds a seat, one left) → 3 per 4 seats = 0.75.
    const now = nowIso();
    const line = (email: string, status: "waiting" | "offered" | "left") =>
      server.db
        .insertInto("section_waitlist")
        .values({
          section_id: ids.s3!,
          course_id: courses.a,
          child_name: "Waiting child",
          child_age: 9,
          parent_name: "Parent",
          email,
          phone: "+971501234567",
          lang: "en",
          status,
          created_at: now,
          updated_at: now,
        })
        .execute();
    for (const n of [1, 2, 3]) await line(`wait${n}@example.com`, "waiting");
    await line("offered@example.com", "offered");
    await line("left@example.com", "left");
    const { groups } = (await get("/api/admin/reports/retention")).body;
    const group = (name: string) => groups.find((g: { id: number }) => g.id === ids[name]);
    expect(group("s3")).toMatchObject({ capacity: 4, taken: 3, fill: 75, waiting: 3, pressure: 0.75, status: "open" });
    // s4: full (8 of 8, 100%), closed, nobody waiting: 0.
    expect(group("s4")).toMatchObject({ capacity: 8, taken: 8, fill: 100, waiting: 0, pressure: 0, status: "closed", instructor: null });
    // The cancelled group is not listed.
    expect(group("s7")).toBeUndefined();

    const csv = await csvText("/api/admin/reports/occupancy.csv");
    expect(csv.status).toBe(200);
    const lines = csv.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("group,course,first_class,start_time,instructor,status,capacity,seats_taken,fill_percent,waiting,waiting_per_seat");
    expect(lines).toContain(`${ids.s3},${group("s3").course},2031-04-10,16:00,'-2+3,open,4,3,75,3,0.75`);
    expect(lines).toContain(`${ids.s4},'@SUM(A1:A2),2031-05-01,16:00,,closed,8,8,100,0,0`);
  });

  it("the retention CSV: header, every figure, names neutralised and quoted, in the asked language", async () => {
    const csv = await csvText("/api/admin/reports/retention.csv?term=2031-Q1");
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/^text\/csv/);
    expect(csv.disposition).toMatch(/^attachment; filename="retention-2031-Q1-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.text.startsWith("\uFEFF")).toBe(true);
    const lines = csv.text.slice(1).split("\r\n");
    expect(lines[0]).toBe("term,next_term,by,key,name,children,returned,retention_percent");
    expect(lines).toContain("2031-Q1,2031-Q2,all,all,All children,4,2,50");
    expect(lines).toContain("2030-Q2,2030-Q3,all,all,All children,0,0,");
    // = + - @ at the start of a cell get a leading ' (CSV injection); a cell with a quote or comma is quoted.
    expect(lines).toContain(`2031-Q1,2031-Q2,instructor,${teachers.t2},"'=HYPERLINK(""http://evil.example"",""x"")",2,1,50`);
    expect(lines).toContain(`2031-Q1,2031-Q2,instructor,${teachers.t1},'-2+3,3,2,66.7`);
    expect(lines).toContain(`2031-Q1,2031-Q2,course,${courses.b},'@SUM(A1:A2),2,1,50`);
    expect(lines).toContain("2031-Q1,2031-Q2,level,none,No level named,4,2,50");
    expect(lines).toContain("2031-Q1,2031-Q2,place,online,Online,2,1,50");
    const ar = (await csvText("/api/admin/reports/retention.csv?term=2031-Q1&lang=ar")).text.slice(1).split("\r\n");
    expect(ar).toContain(`2031-Q1,2031-Q2,instructor,${teachers.t2},'+966 cmd,2,1,50`);
    expect(ar).toContain("2031-Q1,2031-Q2,place,academy,في الأكاديمية,3,2,66.7");
    expect(csv.text).not.toMatch(/(^|[,\n])[=+@]/m);
  });

  it("demo → enrolment by source: the funnel's own outcomes, grouped by where the booking came from", async () => {
    const now = nowIso();
    const classAt = new Date(Date.now() - 20 * 86_400_000).toISOString();
    const bookedAt = new Date(Date.now() - 25 * 86_400_000).toISOString();
    const slot = await server.db
      .insertInto("demo_slots")
      .values({
        starts_at: classAt,
        duration_minutes: 45,
        capacity: 10,
        seats_taken: 5,
        course_id: courses.a,
        status: "open",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const parent = await server.signIn("user");
    const book = async (child: string, email: string, o: { status: "booked" | "attended" | "cancelled"; user?: number; course?: number }) =>
      (
        await server.db
          .insertInto("demo_bookings")
          .values({
            reference: randomBytes(6).toString("hex"),
            cancel_token: randomBytes(12).toString("hex"),
            code: randomBytes(3).toString("hex").toUpperCase(),
            slot_id: slot.id,
            course_id: o.course ?? courses.a,
            course_name: "Course",
            child_name: child,
            child_age: 9,
            parent_name: "Parent",
            email,
            phone: "+971501234567",
            lang: "en",
            status: o.status,
            user_id: o.user ?? null,
            created_at: bookedAt,
            updated_at: bookedAt,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    // b1 guest, attended, then enrolled by the family (same e-mail and child, course A, later): enrolled.
    await book("Zain", "demo1@example.com", { status: "attended" });
    // b2 guest, booked, never came: not enrolled.
    await book("Hala", "demo2@example.com", { status: "booked" });
    // b3 signed-in family, course B, attended, converted by staff: enrolled.
    const b3 = await book("Rami", "demo3@example.com", { status: "attended", user: parent.user.id, course: courses.b });
    // b4 an offer from the demo waiting list accepted (signed in too: the waiting list is its source), attended, not enrolled.
    const b4 = await book("Dana", "demo4@example.com", { status: "attended", user: parent.user.id });
    await server.db
      .insertInto("slot_waitlist")
      .values({
        slot_id: slot.id,
        course_id: courses.a,
        token: randomBytes(12).toString("hex"),
        child_name: "Dana",
        child_age: 9,
        parent_name: "Parent",
        email: "demo4@example.com",
        phone: "+971501234567",
        lang: "en",
        status: "booked",
        booking_id: b4,
        created_at: bookedAt,
        updated_at: bookedAt,
      })
      .execute();
    // b5 cancelled: not booked.
    await book("Tala", "demo5@example.com", { status: "cancelled" });
    await section("s8", { course: courses.a, teacher: null, mode: "academy", first: "2032-03-01" });
    await section("s9", { course: courses.b, teacher: null, mode: "academy", first: "2032-03-01" });
    await enrol("s8", "demo1@example.com", "Zain");
    await enrol("s9", "demo3@example.com", "Rami", { demo: b3 });

    // All: 4 booked, 3 attended, 2 enrolled → 50%. Waiting list 1/1/0 → 0%. Signed in 1/1/1 → 100%. Guests 2/1/1 → 50%.
    const { conversion } = (await get("/api/admin/reports/retention")).body;
    expect(conversion).toEqual([
      { source: "all", booked: 4, attended: 3, enrolled: 2, rate: 50 },
      { source: "waitlist", booked: 1, attended: 1, enrolled: 0, rate: 0 },
      { source: "account", booked: 1, attended: 1, enrolled: 1, rate: 100 },
      { source: "guest", booked: 2, attended: 1, enrolled: 1, rate: 50 },
    ]);
    // The dashboard's funnel reads the same outcomes: course A 3 booked (b1, b2, b4), 2 attended, 1 enrolled.
    const funnel = (await get("/api/admin/demo-funnel")).body.rows.find((r: { courseId: number }) => r.courseId === courses.a);
    expect(funnel).toMatchObject({ booked: 3, attended: 2, enrolled: 1 });
    const csv = await csvText("/api/admin/reports/conversion.csv");
    expect(csv.text.slice(1).split("\r\n")).toEqual([
      "source,booked,attended,enrolled,conversion_percent",
      "all,4,3,2,50",
      "waitlist,1,1,0,0",
      "account,1,1,1,100",
      "guest,2,1,1,50",
      "",
    ]);
  });

  it("is for staff: 401 signed out, 403 to parents and instructors, editors read it; a bad term is a 400 JSON message", async () => {
    const parent = await server.signIn("user");
    const instructor = await server.signIn("instructor");
    const editor = await server.signIn("editor");
    for (const path of [
      "/api/admin/reports/retention",
      "/api/admin/reports/retention.csv",
      "/api/admin/reports/occupancy.csv",
      "/api/admin/reports/conversion.csv",
    ]) {
      expect((await server.request("GET", path)).status, path).toBe(401);
      for (const who of [parent, instructor]) {
        const res = await server.request("GET", path, { headers: { cookie: who.cookie } });
        expect(res.status, `${path} ${who.user.role}`).toBe(403);
        expect(typeof res.body.message).toBe("string");
      }
      expect((await server.request("GET", path, { headers: { cookie: editor.cookie } })).status, path).toBe(200);
    }
    for (const term of ["2031-Q5", "31-Q1", "2031Q1", "<script>", "1999-Q4"]) {
      const res = await get(`/api/admin/reports/retention?term=${encodeURIComponent(term)}`);
      expect(res.status, term).toBe(400);
      expect(typeof res.body.message).toBe("string");
    }
    expect((await get("/api/admin/reports/retention.csv?term=2031-Q1&term=2031-Q2")).status).toBe(400);
  });
});
