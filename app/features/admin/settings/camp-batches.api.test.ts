import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { getSiteSettings } from "~/features/site/site.server";
import { listCamps } from "~/features/camp/camps.server";
import { getDashboard } from "~/features/admin/dashboard.server";

// Decision 037: batches derived from the season's start date.
describe("POST /api/admin/camps/:id/batches-from-start-date", () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<TestServer["signIn"]>>;
  let staff: Awaited<ReturnType<TestServer["signIn"]>>;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.signIn("admin");
    staff = await server.signIn("editor");
  });
  afterAll(async () => {
    await server?.close();
  });

  const headers = (cookie = admin.cookie) => ({ cookie, origin: server.url });
  const setBatches = (id: number | string, cookie = admin.cookie, lang?: string) =>
    server.request("POST", `/api/admin/camps/${id}/batches-from-start-date`, { headers: { ...headers(cookie), ...(lang ? { "accept-language": lang } : {}) } });
  const enrol = (selectedSession: string) =>
    server.request("POST", "/api/summercamp/enroll", {
      json: {
        studentName: "Aarav",
        parentName: "Priya",
        email: `p${Date.now()}@example.com`,
        phoneNumber: "+91 98765 43210",
        selectedCamp: "junior",
        selectedSession,
      },
    });

  it("answers 401 without a session, 403 to editors, 404 for no such camp", async () => {
    expect((await server.request("POST", "/api/admin/camps/1/batches-from-start-date")).status).toBe(401);
    const asStaff = await setBatches(1, staff.cookie);
    expect(asStaff.status).toBe(403);
    expect(asStaff.body.message).toBeTruthy();
    for (const id of ["999999", "abc", "-1", "1.5"]) {
      const res = await setBatches(id);
      expect(res.status).toBe(404);
      expect(res.body.message).toBeTruthy();
    }
  });

  it("the seeded camps follow the seeded start date: nothing is flagged", async () => {
    expect((await getSiteSettings(server.db)).campStartDate).toBe("2025-07-01");
    expect((await getDashboard(server.db)).campsOffStartDate).toEqual([]);
  });

  it("after a new start date, flags every camp, and the button replaces one camp's batches, audited", async () => {
    // An enrolment of the old season, kept as stored.
    expect((await enrol("1 July - 20th July")).status).toBe(201);
    const settings = await getSiteSettings(server.db);
    expect((await server.request("PUT", "/api/admin/settings", { json: { ...settings, campStartDate: "2026-06-15" }, headers: headers() })).status).toBe(200);

    const camps = await server.db.selectFrom("camps").select(["id", "slug", "title_en", "title_ar"]).orderBy("sort").orderBy("id").execute();
    const flagged = (await getDashboard(server.db)).campsOffStartDate;
    expect(flagged.map((c) => c.id)).toEqual(camps.map((c) => c.id));
    expect(flagged[0]!.title).toEqual({ en: camps[0]!.title_en, ar: camps[0]!.title_ar });

    const junior = camps.find((c) => c.slug === "junior")!;
    const res = await setBatches(junior.id, admin.cookie, "ar");
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("تم تعيين الفترات من تاريخ البدء.");
    expect(res.body.camp.batches).toEqual([
      { value: "15 June - 4th July", en: "15 June to 4 July", ar: "من 15 يونيو إلى 4 يوليو" },
      { value: "5th July - 25 Jul", en: "5 July to 25 July", ar: "من 5 يوليو إلى 25 يوليو" },
    ]);
    // Everything else on the camp is unchanged.
    expect(res.body.camp.title.en).toBe("Junior Camp");
    expect(res.body.camp.curriculum).toHaveLength(10);

    // The public page reads the new batches in both languages.
    const en = (await listCamps(server.db, "en")).find((c) => c.slug === "junior")!;
    expect(en.batches.map((b) => b.label)).toEqual(["15 June - 4th July", "5th July - 25 Jul"]);
    const ar = (await listCamps(server.db, "ar")).find((c) => c.slug === "junior")!;
    expect(ar.batches.map((b) => b.label)).toEqual(["من 15 يونيو إلى 4 يوليو", "من 5 يوليو إلى 25 يوليو"]);

    // Only the other camp is still flagged.
    expect((await getDashboard(server.db)).campsOffStartDate.map((c) => c.id)).toEqual(camps.filter((c) => c.id !== junior.id).map((c) => c.id));

    const entry = await server.db.selectFrom("audit_log").selectAll().where("entity", "=", "camp").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: "update", entity_id: String(junior.id), user_id: admin.user.id });
    expect(entry.summary).toContain("15 June - 4th July");
    expect(entry.summary).toContain("1 July - 20th July");

    // New enrolments choose among the new batches; the old enrolment still reads as it was stored.
    expect((await enrol("15 June - 4th July")).status).toBe(201);
    expect((await enrol("1 July - 20th July")).status).toBe(400);
    const sessions = (await server.db.selectFrom("camp_enrolments").select("session").orderBy("id").execute()).map((r) => r.session);
    expect(sessions).toEqual(["1 July - 20th July", "15 June - 4th July"]);

    // Pressing it again is harmless: same batches.
    const again = await setBatches(junior.id);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe("Batches set from the start date.");
    expect(again.body.camp.batches).toEqual(res.body.camp.batches);
  });
});
