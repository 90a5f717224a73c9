import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "~server/db/values";
import { startTestServer, type TestServer } from "~server/test/harness";

describe("admin submissions API", () => {
  let server: TestServer;
  let admin: { cookie: string; user: { id: number } };
  let parent: { cookie: string };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.signIn("admin");
    parent = await server.signIn("user");
    const db = server.db;
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    // 30 contact messages, plus a few with characters that mean something to LIKE and to spreadsheets.
    for (let i = 0; i < 30; i++) {
      await db
        .insertInto("contact_messages")
        .values({
          email: `parent${String(i).padStart(2, "0")}@example.com`,
          description: `Question ${i}`,
          status: i % 3 === 0 ? "contacted" : "new",
          notes: "",
          created_at: at(100 - i),
          updated_at: at(100 - i),
        })
        .execute();
    }
    const special = [
      ["percent@example.com", "50% off?"],
      ["under_score@example.com", "a_b"],
      ["formula@example.com", '=HYPERLINK("http://evil","click")'],
      ["quote@example.com", 'He said "hello", then left\nnew line'],
    ];
    for (const [email, description] of special) {
      await db
        .insertInto("contact_messages")
        .values({ email: email!, description: description!, status: "new", notes: "", created_at: nowIso(), updated_at: nowIso() })
        .execute();
    }
    ids.contact = (await db.selectFrom("contact_messages").select("id").where("email", "=", "quote@example.com").executeTakeFirstOrThrow()).id;
    ids.school = Number(
      (
        await db
          .insertInto("school_enquiries")
          .values({
            name: "Mrs Rao",
            email: "rao@school.example",
            contact_number: "9876543210",
            designation: "Principal",
            city: "Noida",
            school_name: "Green Valley",
            preferred_date: "2026-12-01",
            preferred_time: "10:00",
            requirements: "Robotics lab",
            status: "new",
            notes: "",
            created_at: nowIso(),
            updated_at: nowIso(),
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
    ids.enrollments = Number(
      (
        await db
          .insertInto("camp_enrolments")
          .values({
            student_name: "Aisha",
            parent_name: "Omar",
            email: "omar@example.com",
            phone_number: "9876543210",
            camp_id: 1,
            camp_slug: "junior",
            camp_title: "Junior Camp",
            session: "1 July - 20th July",
            message: "",
            lang: "en",
            status: "new",
            notes: "",
            created_at: nowIso(),
            updated_at: nowIso(),
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
    ids["brochure-leads"] = Number(
      (
        await db
          .insertInto("brochure_leads")
          .values({
            student_name: "Ravi",
            student_email: "ravi@example.com",
            grade: "5",
            school: "DPS",
            parent_contact: "9876543210",
            lang: "ar",
            status: "new",
            notes: "",
            created_at: nowIso(),
            updated_at: nowIso(),
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (path: string, cookie = admin.cookie) => server.request("GET", path, { headers: { cookie } });
  const patch = (path: string, json: unknown, cookie = admin.cookie) => server.request("PATCH", path, { json, headers: { cookie, origin: server.url } });

  describe.each(["school", "contact", "enrollments", "brochure-leads"])("%s", (kind) => {
    it("answers 401 without a session and 403 to a non-staff account, on every endpoint", async () => {
      const id = ids[kind]!;
      for (const [method, path] of [
        ["GET", `/api/admin/submissions/${kind}`],
        ["GET", `/api/admin/submissions/${kind}/${id}`],
        ["PATCH", `/api/admin/submissions/${kind}/${id}`],
      ] as const) {
        const anonymous = await server.request(method, path, { json: method === "PATCH" ? { status: "closed" } : undefined });
        expect(anonymous.status).toBe(401);
        expect(anonymous.body.message).toBeTruthy();
        const user = await server.request(method, path, {
          json: method === "PATCH" ? { status: "closed" } : undefined,
          headers: { cookie: parent.cookie, origin: server.url },
        });
        expect(user.status).toBe(403);
        expect(user.body.message).toBeTruthy();
      }
      const row = await get(`/api/admin/submissions/${kind}/${id}`);
      expect(row.body.submission.status).toBe("new");
    });

    it("lists, shows one record, and changes its status and notes with an audit entry", async () => {
      const id = ids[kind]!;
      const list = await get(`/api/admin/submissions/${kind}`);
      expect(list.status).toBe(200);
      expect(list.body.rows.some((row: { id: number }) => row.id === id)).toBe(true);
      const res = await patch(`/api/admin/submissions/${kind}/${id}`, { status: "contacted", notes: "Called on Monday <b>ok</b>" });
      expect(res.status).toBe(200);
      expect(res.body.submission).toMatchObject({ id, status: "contacted", notes: "Called on Monday <b>ok</b>" });
      const one = await get(`/api/admin/submissions/${kind}/${id}`);
      expect(one.body.submission.status).toBe("contacted");
      const audit = await server.db
        .selectFrom("audit_log")
        .selectAll()
        .where("entity_id", "=", String(id))
        .where("user_id", "=", admin.user.id)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(audit.action).toBe("update");
      // Each changed field before → after, and no name: a submission is personal data the log outlives.
      expect(JSON.parse(audit.summary)).toEqual({
        changes: { status: { from: "new", to: "contacted" }, notes: { from: "", to: "Called on Monday <b>ok</b>" } },
      });
    });
  });

  it("searches case-insensitively and treats % and _ as plain characters", async () => {
    const percent = await get(`/api/admin/submissions/contact?q=${encodeURIComponent("%")}`);
    expect(percent.body.rows.map((r: { email: string }) => r.email)).toEqual(["percent@example.com"]);
    const underscore = await get(`/api/admin/submissions/contact?q=_`);
    expect(underscore.body.rows.map((r: { email: string }) => r.email)).toEqual(["under_score@example.com"]);
    const upper = await get(`/api/admin/submissions/contact?q=PARENT0`);
    expect(upper.body.total).toBe(10);
    for (const hostile of ["' OR 1=1 --", "\\", "%' ; drop table contact_messages; --", "<script>alert(1)</script>"]) {
      const res = await get(`/api/admin/submissions/contact?q=${encodeURIComponent(hostile)}`);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(0);
    }
    // A NUL byte anywhere in a URL is refused by the server before any route (server/app.ts).
    const nul = await get(`/api/admin/submissions/contact?q=${encodeURIComponent("percent\u0000")}`);
    expect(nul.status).toBe(400);
    expect(nul.body.message).toBeTruthy();
    const repeated = await get("/api/admin/submissions/contact?q=percent&q=parent");
    expect(repeated.body.total).toBe(1);
    expect((await get("/api/admin/submissions/contact?status=")).body.total).toBe(34);
  });

  it("pages, sorts on whitelisted columns and filters by status", async () => {
    const page = await get("/api/admin/submissions/contact?sort=email&dir=asc&page=2&pageSize=5");
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 34, page: 2, pageSize: 5 });
    expect(page.body.rows.map((r: { email: string }) => r.email)).toEqual([
      "parent04@example.com",
      "parent05@example.com",
      "parent06@example.com",
      "parent07@example.com",
      "parent08@example.com",
    ]);
    const contacted = await get("/api/admin/submissions/contact?status=contacted&pageSize=100");
    expect(contacted.body.total).toBeGreaterThanOrEqual(10);
    expect(contacted.body.rows.every((r: { status: string }) => r.status === "contacted")).toBe(true);
  });

  it.each([
    ["pageSize above 100", "pageSize=101", "pageSize"],
    ["page 0", "page=0", "page"],
    ["a non-number page", "page=abc", "page"],
    ["a sort column not on the list", "sort=password_hash", "sort"],
    ["an unknown direction", "dir=sideways", "dir"],
    ["an unknown format", "format=xml", "format"],
    ["an oversized search", `q=${"x".repeat(300)}`, "q"],
  ])("refuses %s with 400 and a per-field message", async (_name, query, field) => {
    const res = await get(`/api/admin/submissions/contact?${query}`);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe("string");
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });

  it("exports every filtered row as CSV, quoted and safe from formulas", async () => {
    const res = await server.request("GET", "/api/admin/submissions/contact?format=csv&q=example.com&sort=email&dir=asc&pageSize=5&page=3", {
      headers: { cookie: admin.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="contact-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = String(res.body).replace(/^\uFEFF/, "");
    const lines = text.split("\r\n");
    // Times are the academy's wall clock (Asia/Kolkata, UTC+5:30 in the seeded settings), as on the screen.
    expect(lines[0]).toBe("Id,E-mail,Message,Status,Notes,Received at (Asia/Kolkata),Updated at (Asia/Kolkata)");
    const first = await server.db.selectFrom("contact_messages").select(["id", "created_at"]).orderBy("id").executeTakeFirstOrThrow();
    const local = new Date(new Date(first.created_at).getTime() + 330 * 60_000).toISOString();
    const firstLine = lines.find((line) => line.startsWith(`${first.id},`));
    expect(firstLine).toContain(`,${local.slice(0, 10)} ${local.slice(11, 16)},`);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    // Paging is ignored: all 34 rows plus the header and the final empty string after the last CRLF.
    expect(lines).toHaveLength(36);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"",""click"")"`);
    expect(text).toContain(`"He said ""hello"", then left\nnew line"`);
    const filtered = await server.request("GET", "/api/admin/submissions/contact?format=csv&q=formula", { headers: { cookie: admin.cookie } });
    expect(String(filtered.body).trim().split("\r\n")).toHaveLength(2);
  });

  it("refuses bad changes with 400, unknown records and kinds with 404, and stores nothing", async () => {
    const id = ids.contact!;
    const before = await server.db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const cases: [unknown, string][] = [
      [{ status: "archived" }, "status"],
      [{ status: 3 }, "status"],
      [{ notes: 42 }, "notes"],
      [{ notes: "x".repeat(5001) }, "notes"],
      [{ notes: "nul \u0000 byte" }, "notes"],
      [{}, "status"],
    ];
    for (const [json, field] of cases) {
      const res = await patch(`/api/admin/submissions/contact/${id}`, json);
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toBeTruthy();
    }
    const malformed = await server.request("PATCH", `/api/admin/submissions/contact/${id}`, {
      body: "{nope",
      headers: { cookie: admin.cookie, origin: server.url, "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBeTruthy();
    const array = await patch(`/api/admin/submissions/contact/${id}`, ["closed"]);
    expect(array.status).toBe(400);
    expect((await patch("/api/admin/submissions/contact/999999", { status: "closed" })).status).toBe(404);
    expect((await patch("/api/admin/submissions/contact/abc", { status: "closed" })).status).toBe(404);
    expect((await patch("/api/admin/submissions/contact/99999999999999", { status: "closed" })).status).toBe(404);
    expect((await get("/api/admin/submissions/nothing")).status).toBe(404);
    expect((await get("/api/admin/submissions/nothing/1")).status).toBe(404);
    const foreign = await server.request("PATCH", `/api/admin/submissions/contact/${id}`, {
      json: { status: "closed" },
      headers: { cookie: admin.cookie, origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    const after = await server.db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it("answers in Arabic when asked", async () => {
    const res = await server.request("PATCH", "/api/admin/submissions/contact/999999", {
      json: { status: "closed" },
      headers: { cookie: admin.cookie, origin: server.url, "accept-language": "ar" },
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("لا يوجد سجل بهذا المعرّف.");
  });

  it("filters by a date range in the academy's time zone and searches staff notes (issue 16)", async () => {
    const db = server.db;
    // 2026-03-01 18:40 UTC is already 2 March in Kolkata (+05:30), the seeded academy zone.
    await db
      .insertInto("contact_messages")
      .values([
        { email: "early@example.com", description: "x", status: "new", notes: "", created_at: "2026-02-28T10:00:00.000Z", updated_at: nowIso() },
        {
          email: "late-evening@example.com",
          description: "x",
          status: "new",
          notes: "Promised a callback on Tuesday",
          created_at: "2026-03-01T18:40:00.000Z",
          updated_at: nowIso(),
        },
      ])
      .execute();
    const emails = (res: { body: { rows: { email: string }[] } }) => res.body.rows.map((row) => row.email);
    const march2 = await get("/api/admin/submissions/contact?from=2026-03-02&to=2026-03-02");
    expect(march2.status).toBe(200);
    expect(emails(march2)).toEqual(["late-evening@example.com"]);
    const feb = await get("/api/admin/submissions/contact?from=2026-02-01&to=2026-03-01");
    expect(emails(feb)).toEqual(["early@example.com"]);
    expect(emails(await get("/api/admin/submissions/contact?q=callback%20on%20tuesday"))).toEqual(["late-evening@example.com"]);
    for (const bad of ["from=2026-02-30", "to=yesterday", "from=2026-3-1", "from=%3Cscript%3E"]) {
      const res = await get(`/api/admin/submissions/contact?${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
  });
});
