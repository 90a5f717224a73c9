import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "~server/db/values";
import { startTestServer, type TestServer } from "~server/test/harness";
import { parseEml } from "~server/test/outbox";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { mailJobsOf } from "~server/test/mail-jobs";
import { bookingFollowupMail } from "~/features/booking/booking.jobs.server";

const TZ = "Asia/Kolkata";

describe("bulk status changes and chosen-row exports on the submission lists (issue 16)", () => {
  let server: TestServer;
  let admin: { cookie: string };
  let editor: { cookie: string };
  let parent: { cookie: string };
  const contact: number[] = [];
  let formulaId = 0;
  let schoolId = 0;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.signIn("admin");
    editor = await server.signIn("editor");
    parent = await server.signIn("user");
    for (let i = 0; i < 5; i++) {
      const row = await server.db
        .insertInto("contact_messages")
        .values({
          email: `bulk${i}@example.com`,
          description: `Bulk ${i}`,
          status: "new",
          notes: "",
          created_at: "2026-01-02T03:04:05.000Z",
          updated_at: nowIso(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      contact.push(Number(row.id));
    }
    formulaId = Number(
      (
        await server.db
          .insertInto("contact_messages")
          .values({ email: "=cmd|' /C calc'!A0", description: "@SUM(1+1)", status: "new", notes: "+1 note", created_at: nowIso(), updated_at: nowIso() })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
    schoolId = Number(
      (
        await server.db
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
            requirements: "Lab",
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

  const post = (url: string, json: unknown, cookie = admin.cookie) => server.request("POST", url, { json, headers: { cookie, origin: server.url } });
  const get = (url: string, cookie = admin.cookie) => server.request("GET", url, { headers: { cookie } });
  const statusOf = async (id: number) =>
    (await server.db.selectFrom("contact_messages").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
  const auditOf = (entity: string, id: number) =>
    server.db
      .selectFrom("audit_log")
      .select(["action", "summary", "user_id"])
      .where("entity", "=", entity)
      .where("entity_id", "=", String(id))
      .where("action", "=", "bulk_status")
      .execute();

  it("changes the status of the chosen rows only, one audit entry per changed row with before and after", async () => {
    const [a, b, c, untouched] = contact as [number, number, number, number];
    await server.db.updateTable("contact_messages").set({ status: "contacted" }).where("id", "=", c).execute();
    const res = await post("/api/admin/submissions/contact/bulk", { status: "contacted", ids: [a, b, c, b] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ changed: 2, unchanged: 1, message: "Status changed on 2 rows." });
    expect([await statusOf(a), await statusOf(b), await statusOf(c), await statusOf(untouched)]).toEqual(["contacted", "contacted", "contacted", "new"]);
    for (const id of [a, b]) {
      const entries = await auditOf("contact_message", id);
      expect(entries).toHaveLength(1);
      expect(JSON.parse(entries[0]!.summary)).toMatchObject({ changes: { status: { from: "new", to: "contacted" } } });
    }
    // A row that already had the status is not logged as changed.
    expect(await auditOf("contact_message", c)).toHaveLength(0);
    const arabic = await server.request("POST", "/api/admin/submissions/contact/bulk?lang=ar", {
      json: { status: "closed", ids: [a] },
      headers: { cookie: admin.cookie, origin: server.url },
    });
    expect(arabic.body.message).toBe("تغيرت حالة صف واحد.");
    // Arabic counts two rows with the dual and three with the plural (the no-script browser walk is English only, decision 133).
    const inArabic = async (status: string, ids: number[]) =>
      (
        await server.request("POST", "/api/admin/submissions/contact/bulk?lang=ar", {
          json: { status, ids },
          headers: { cookie: admin.cookie, origin: server.url },
        })
      ).body.message;
    expect(await inArabic("closed", [b, c])).toBe("تغيرت حالة صفين.");
    expect(await inArabic("new", [a, b, c])).toBe("تغيرت حالة 3 صفوف.");
    // Back to the statuses the later tests find.
    await server.db.updateTable("contact_messages").set({ status: "closed" }).where("id", "=", a).execute();
    await server.db.updateTable("contact_messages").set({ status: "contacted" }).where("id", "in", [b, c]).execute();
  });

  it("lets editors change and export as they may on the lists, and refuses visitors and parents", async () => {
    const id = contact[3]!;
    const byEditor = await post("/api/admin/submissions/contact/bulk", { status: "closed", ids: [id] }, editor.cookie);
    expect(byEditor.status).toBe(200);
    expect((await get(`/api/admin/submissions/contact/export?ids=${id}`, editor.cookie)).status).toBe(200);
    for (const [method, url] of [
      ["POST", "/api/admin/submissions/contact/bulk"],
      ["GET", `/api/admin/submissions/contact/export?ids=${id}`],
      ["POST", "/api/admin/submissions/contact/export"],
    ] as const) {
      const json = method === "POST" ? { status: "new", ids: [id] } : undefined;
      expect((await server.request(method, url, { json })).status).toBe(401);
      const asParent = await server.request(method, url, { json, headers: { cookie: parent.cookie, origin: server.url } });
      expect(asParent.status).toBe(403);
      expect(asParent.body.message).toBeTruthy();
    }
    expect(await statusOf(id)).toBe("closed");
  });

  it("changes nothing when one id is unknown, and says which", async () => {
    const id = contact[4]!;
    const res = await post("/api/admin/submissions/contact/bulk", { status: "closed", ids: [id, 999_999] });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ missing: [999_999], message: "A chosen row no longer exists (id 999999). Nothing was changed." });
    expect(await statusOf(id)).toBe("new");
    // An id of another kind is unknown here too.
    expect((await post("/api/admin/submissions/contact/bulk", { status: "closed", ids: [schoolId + 10_000] })).status).toBe(404);
  });

  it.each([
    ["a status of another kind", { status: "attended", ids: [1] }, "status"],
    ["no status", { ids: [1] }, "status"],
    ["no ids", { status: "closed", ids: [] }, "ids"],
    ["ids not a list", { status: "closed", ids: "1,2" }, "ids"],
    ["a negative id", { status: "closed", ids: [-1] }, "ids"],
    ["a fractional id", { status: "closed", ids: [1.5] }, "ids"],
    ["an id too large", { status: "closed", ids: [2 ** 40] }, "ids"],
    ["a text id", { status: "closed", ids: ["1; DROP TABLE x"] }, "ids"],
  ])("refuses %s with 400 naming the field", async (_name, body, field) => {
    const res = await post("/api/admin/submissions/contact/bulk", body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe("string");
    expect(Object.keys(res.body.errors ?? {})).toContain(field);
  });

  it("refuses more than 500 ids with a message saying how many are allowed", async () => {
    const ids = Array.from({ length: 501 }, (_, i) => i + 1);
    const change = await post("/api/admin/submissions/contact/bulk", { status: "closed", ids });
    expect(change.status).toBe(400);
    expect(change.body.message).toBe("Choose at most 500 rows at a time.");
    const exported = await post("/api/admin/submissions/contact/export", { ids });
    expect(exported.status).toBe(400);
    expect(exported.body.message).toBe("Choose at most 500 rows at a time.");
    const viaQuery = await get(`/api/admin/submissions/contact/export?${ids.map((id) => `ids=${id}`).join("&")}`);
    expect(viaQuery.status).toBe(400);
    // 500 is fine (unknown ids are simply not in the file).
    expect((await post("/api/admin/submissions/contact/export", { ids: ids.slice(0, 500) })).status).toBe(200);
  });

  it("answers 404 for an unknown kind and 415 for a body that is not JSON", async () => {
    expect((await post("/api/admin/submissions/users/bulk", { status: "closed", ids: [1] })).status).toBe(404);
    expect((await get("/api/admin/submissions/users/export?ids=1")).status).toBe(404);
    const text = await server.request("POST", "/api/admin/submissions/contact/bulk", {
      body: "status=closed&ids=1",
      headers: { cookie: admin.cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(text.status).toBe(415);
    expect(text.body.message).toBeTruthy();
  });

  it("exports only the chosen rows with the list export's columns, formula guard and academy time", async () => {
    const [a, b] = contact as [number, number];
    const res = await get(`/api/admin/submissions/contact/export?ids=${b}&ids=${formulaId}&ids=${a}&status=closed&intent=bulk`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="contact-chosen-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = String(res.body)
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(lines[0]).toBe("Id,E-mail,Message,Status,Notes,Received at (Asia/Kolkata),Updated at (Asia/Kolkata)");
    expect(lines.slice(1, -1).map((line) => Number(line.split(",")[0]))).toEqual([a, b, formulaId]);
    // 03:04 UTC is 08:34 in Kolkata.
    expect(lines[1]).toContain(",2026-01-02 08:34,");
    const formula = lines[3]!;
    expect(formula).toContain(`'=cmd|' /C calc'!A0`);
    expect(formula).toContain("'@SUM(1+1)");
    expect(formula).toContain("'+1 note");
    const viaPost = await post("/api/admin/submissions/contact/export", { ids: [a] });
    expect(String(viaPost.body).trim().split("\r\n")).toHaveLength(2);
    for (const bad of ["ids=abc", "", "ids=0", `ids=${a}&ids=x`]) {
      const refused = await get(`/api/admin/submissions/contact/export?${bad}`);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBeTruthy();
    }
  });

  it("exports chosen school enquiries with the school columns", async () => {
    const res = await post("/api/admin/submissions/school/export", { ids: [schoolId] });
    const lines = String(res.body)
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(lines[0]).toMatch(/^Id,Name,E-mail,Contact number,Designation,City,School,/);
    expect(lines[1]).toContain("Green Valley");
  });

  describe("demo bookings", () => {
    let course: { id: number; slug: string };
    const day = (offset: number) => addDays(zonedParts(new Date(), TZ).date, offset);
    const staff = (method: string, url: string, json?: unknown) => server.request(method, url, { json, headers: { cookie: admin.cookie, origin: server.url } });
    const book = async (slotId: number, email: string, lang: "en" | "ar") => {
      const res = await server.request("POST", `/api/courses/${course.slug}/demo-bookings?lang=${lang}`, {
        json: { slotId, childName: "Sami", childAge: 13, parentName: "@Huda", email, phone: "9876543210" },
      });
      expect(res.status).toBe(201);
      return (await server.db.selectFrom("demo_bookings").select("id").where("reference", "=", res.body.reference).executeTakeFirstOrThrow()).id;
    };
    const booking = (id: number) => server.db.selectFrom("demo_bookings").select(["status"]).where("id", "=", id).executeTakeFirstOrThrow();
    const seats = async (id: number) =>
      (await server.db.selectFrom("demo_slots").select("seats_taken").where("id", "=", id).executeTakeFirstOrThrow()).seats_taken;
    async function cancelMailsTo(address: string) {
      for (let i = 0; i < 100; i++) {
        const busy = await server.db.selectFrom("jobs").select("id").where("status", "in", ["queued", "running"]).executeTakeFirst();
        if (!busy) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const outbox = path.join(server.config.dataDir, "outbox");
      const mails = existsSync(outbox) ? readdirSync(outbox).map((file) => parseEml(readFileSync(path.join(outbox, file), "utf8"))) : [];
      return mails.filter((mail) => mail.to === address && /cancelled|أُلغيت/.test(mail.subject));
    }
    let slotId = 0;

    beforeAll(async () => {
      course = await server.db.selectFrom("courses").select(["id", "slug"]).where("slug", "=", "python-for-beginners").executeTakeFirstOrThrow();
      const created = await staff("POST", "/api/admin/slots", { date: day(40), time: "11:00", durationMinutes: 60, capacity: 6, courseId: course.id });
      expect(created.status).toBe(201);
      slotId = created.body.id;
    });

    it("cancelling in bulk frees each seat and e-mails each parent, as staff cancelling one booking does", async () => {
      const en = await book(slotId, "bulk.en@example.com", "en");
      const ar = await book(slotId, "bulk.ar@example.com", "ar");
      const kept = await book(slotId, "bulk.kept@example.com", "en");
      expect(await seats(slotId)).toBe(3);
      const res = await staff("POST", "/api/admin/submissions/demo-bookings/bulk", { status: "cancelled", ids: [en, ar] });
      expect(res.status).toBe(200);
      expect(res.body.changed).toBe(2);
      expect(await seats(slotId)).toBe(1);
      expect((await booking(en)).status).toBe("cancelled");
      expect((await booking(kept)).status).toBe("booked");
      expect(await cancelMailsTo("bulk.en@example.com")).toHaveLength(1);
      const arabic = await cancelMailsTo("bulk.ar@example.com");
      expect(arabic).toHaveLength(1);
      expect(arabic[0]!.subject).toMatch(/أُلغيت/);
      expect(await cancelMailsTo("bulk.kept@example.com")).toHaveLength(0);
      expect(JSON.parse((await auditOf("demo_booking", en))[0]!.summary)).toMatchObject({ changes: { status: { from: "booked", to: "cancelled" } } });
      // Again: nothing more changes, no second mail.
      expect((await staff("POST", "/api/admin/submissions/demo-bookings/bulk", { status: "cancelled", ids: [en, ar] })).body).toMatchObject({
        changed: 0,
        unchanged: 2,
      });
      expect(await cancelMailsTo("bulk.en@example.com")).toHaveLength(1);
      expect(await seats(slotId)).toBe(1);

      // A cancelled booking cannot be marked attended: the whole batch is refused.
      const refused = await staff("POST", "/api/admin/submissions/demo-bookings/bulk", { status: "attended", ids: [kept, en] });
      expect(refused.status).toBe(409);
      expect(refused.body.ids).toEqual([en]);
      expect((await booking(kept)).status).toBe("booked");

      const attended = await staff("POST", "/api/admin/submissions/demo-bookings/bulk", { status: "attended", ids: [kept] });
      expect(attended.status).toBe(200);
      expect((await booking(kept)).status).toBe("attended");
      expect(await seats(slotId)).toBe(1);
      // Marked attended in bulk, the parent gets the follow-up e-mail as from the one-booking screen.
      const followups = await mailJobsOf(server.db, bookingFollowupMail).execute();
      expect(followups).toHaveLength(1);
      // Submission statuses are not booking statuses.
      expect((await staff("POST", "/api/admin/submissions/demo-bookings/bulk", { status: "closed", ids: [kept] })).status).toBe(400);
    });

    it("exports the chosen bookings with the bookings CSV columns and the formula guard", async () => {
      const one = await book(slotId, "bulk.csv@example.com", "en");
      const res = await staff("POST", "/api/admin/submissions/demo-bookings/export", { ids: [one] });
      expect(res.status).toBe(200);
      const lines = String(res.body)
        .replace(/^\uFEFF/, "")
        .split("\r\n");
      expect(lines[0]).toBe("Reference,Course,Date,Time,Time zone,Duration (min),Child,Age,Parent,E-mail,Phone,Status,Booked at");
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(`,${day(40)},11:00,${TZ},60,Sami,13,'@Huda,bulk.csv@example.com,`);
    });
  });
});
