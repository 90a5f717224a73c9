import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { pdfText } from "~server/test/pdf-text";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { academyTimeZone } from "~/features/site/academy-zone.server";

/** Issue 30 part 5 for the summer camp (decision 089): camp days are the check-out record. */
describe("camp certificates", () => {
  let server: TestServer;
  let staff: Record<string, string>;
  let instructor: Record<string, string>;
  let parent: { cookie: string; user: { id: number; email: string } };
  let camp: { id: number; title_en: string; title_ar: string };
  let today: string;
  let periods = 0;

  beforeAll(async () => {
    server = await startTestServer();
    staff = { cookie: (await server.signIn("admin")).cookie, origin: server.url };
    // An instructor linked to no group: the camp has no teachers, so they run it as staff do (decision 078).
    instructor = { cookie: (await server.signIn("instructor")).cookie, origin: server.url };
    parent = await server.signIn("user");
    camp = await server.db.selectFrom("camps").select(["id", "title_en", "title_ar"]).orderBy("id").executeTakeFirstOrThrow();
    today = zonedParts(new Date(), await academyTimeZone(server.db)).date;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A camp period of its own (a unique session) with these children; `days[i]` = how many of the 4 past camp days child i was checked out. */
  const period = async (children: string[], days: number[], options: { email?: string; lang?: "en" | "ar" } = {}) => {
    const session = `Test period ${++periods}`;
    const now = new Date().toISOString();
    const ids: number[] = [];
    for (const [i, name] of children.entries()) {
      const row = await server.db
        .insertInto("camp_enrolments")
        .values({
          student_name: name,
          parent_name: "Rana Haddad",
          email: i === 0 && options.email ? options.email : `camp${periods}-${i}@example.com`,
          phone_number: "+919876543210",
          camp_id: camp.id,
          camp_slug: "junior",
          camp_title: camp.title_en,
          session,
          message: "",
          lang: options.lang ?? "en",
          reference: null,
          status: "new",
          notes: "",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(row.id);
      for (let d = 0; d < (days[i] ?? 0); d++) {
        await server.db
          .insertInto("camp_checkouts")
          .values({ camp_enrolment_id: row.id, day: addDays(today, -1 - d), pickup_id: null, collected_by: "Rana Haddad", recorded_by: null, created_at: now })
          .execute();
      }
    }
    // A check-out recorded ahead (tomorrow) is not a camp day yet.
    if (ids[0])
      await server.db
        .insertInto("camp_checkouts")
        .values({ camp_enrolment_id: ids[0], day: addDays(today, 1), pickup_id: null, collected_by: "Rana Haddad", recorded_by: null, created_at: now })
        .execute();
    return { session, ids };
  };
  const list = (session: string, threshold = 75, headers = staff) =>
    server.request("GET", `/api/teaching/camp/certificates?camp=${camp.id}&session=${encodeURIComponent(session)}&threshold=${threshold}`, { headers });
  const issue = (json: Record<string, unknown>, headers = staff) =>
    server.request("POST", "/api/teaching/camp/certificates", { json: { camp: camp.id, ...json }, headers });

  it("counts check-out days among the period's camp days and issues a whole period only at the threshold", async () => {
    const p = await period(["Zara Khan", "Omar Ali", "Lina Haddad"], [4, 3, 2]);
    const rates = await list(p.session);
    expect(rates.status, JSON.stringify(rates.body)).toBe(200);
    expect(rates.body).toMatchObject({ campId: camp.id, session: p.session, camp: { en: camp.title_en, ar: camp.title_ar }, held: 4 });
    expect(
      rates.body.children.map((c: { childName: string; attended: number; rate: number; qualifies: boolean }) => [c.childName, c.attended, c.rate, c.qualifies]),
    ).toEqual([
      ["Lina Haddad", 2, 50, false],
      ["Omar Ali", 3, 75, true],
      ["Zara Khan", 4, 100, true],
    ]);
    const issued = await issue({ session: p.session, threshold: 75 }, instructor);
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    expect(issued.body.issued).toBe(2);
    expect(issued.body.results.map((r: { childName: string; outcome: string }) => [r.childName, r.outcome])).toEqual([
      ["Lina Haddad", "belowThreshold"],
      ["Omar Ali", "issued"],
      ["Zara Khan", "issued"],
    ]);
    // Again: nothing new, each keeps their certificate.
    const again = await issue({ session: p.session, threshold: 75 });
    expect(again.status).toBe(200);
    expect(again.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(["belowThreshold", "alreadyIssued", "alreadyIssued"]);
    // One child alone, below the threshold: refused (no certificate); at 50 %, issued.
    const lina = p.ids[2]!;
    expect((await issue({ session: p.session, threshold: 75, enrolmentId: lina })).body.results[0].outcome).toBe("belowThreshold");
    const one = await issue({ session: p.session, threshold: 50, enrolmentId: lina, language: "ar" });
    expect(one.status).toBe(201);
    const row = await server.db.selectFrom("certificates").selectAll().where("id", "=", one.body.results[0].certificate.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: "camp",
      camp_enrolment_id: lina,
      camp_id: camp.id,
      enrolment_id: null,
      section_id: null,
      child_name: "Lina Haddad",
      course_en: camp.title_en,
      course_ar: camp.title_ar,
      lang: "ar",
      threshold: 50,
      rate: 50,
    });
  });

  it("shows the camp certificate on the public page, gives its PDF, revokes it and shows it revoked", async () => {
    const p = await period(["ليلى حسن"], [3], { lang: "ar" });
    const issued = await issue({ session: p.session, threshold: 100 });
    const { id, code } = issued.body.results[0].certificate as { id: number; code: string };
    const check = await server.request("GET", `/api/certificates/${code}`);
    expect(check.body).toEqual({
      code,
      kind: "camp",
      status: "valid",
      childName: "ليلى ح.",
      course: { en: camp.title_en, ar: camp.title_ar },
      issuedOn: today,
      revokedAt: null,
    });
    const pdf = await fetch(`${server.url}/api/teaching/certificates/${id}/pdf`, { headers: { cookie: instructor.cookie! } });
    expect(pdf.status).toBe(200);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    // An Arabic certificate with an Arabic name: the name and the neutral camp wording read back as given (issue 42).
    for (const read of [text.text, text.logical]) {
      expect(read).toContain("ليلى حسن");
      expect(read).toContain("تقديرًا لإتمام");
    }
    expect(text.text).toContain(`${server.config.publicUrl}/ar/certificates/${code}`);
    // Revoked by an instructor (any: the camp's), then shown revoked; the PDF is gone.
    const revoked = await server.request("POST", `/api/teaching/certificates/${id}/revoke`, {
      json: { reason: "Issued to the wrong period" },
      headers: instructor,
    });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body).toMatchObject({ id, campId: camp.id, sectionId: null });
    expect((await server.request("GET", `/api/certificates/${code}`)).body).toMatchObject({ kind: "camp", status: "revoked", revokedAt: expect.any(String) });
    expect((await fetch(`${server.url}/api/teaching/certificates/${id}/pdf`, { headers: { cookie: staff.cookie! } })).status).toBe(410);
    expect((await server.request("POST", `/api/teaching/certificates/${id}/revoke`, { json: { reason: "Twice over" }, headers: staff })).status).toBe(409);
    // After a revocation, a new certificate (new code) may be issued.
    const reissued = await issue({ session: p.session, threshold: 100 });
    expect(reissued.status).toBe(201);
    expect(reissued.body.results[0].certificate.code).not.toBe(code);
  });

  it("refuses parents and signed-out callers, unknown periods and children, and bad input", async () => {
    const p = await period(["Sami Noor"], [1]);
    const parentHeaders = { cookie: parent.cookie, origin: server.url };
    expect((await list(p.session, 50, parentHeaders)).status).toBe(403);
    expect((await issue({ session: p.session, threshold: 50 }, parentHeaders)).status).toBe(403);
    expect((await server.request("GET", `/api/teaching/camp/certificates?camp=${camp.id}&session=x`)).status).toBe(401);
    expect((await list("No such period")).status).toBe(404);
    expect((await issue({ session: "No such period", threshold: 50 })).status).toBe(404);
    expect((await issue({ camp: 999999, session: p.session, threshold: 50 })).status).toBe(404);
    expect((await issue({ session: p.session, threshold: 50, enrolmentId: 999999 })).status).toBe(404);
    const bad = await issue({ session: p.session, threshold: 101 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.threshold).toBeDefined();
    expect((await issue({ session: "", threshold: 50 })).status).toBe(400);
    expect((await server.db.selectFrom("certificates").select("id").where("camp_enrolment_id", "=", p.ids[0]!).execute()).length).toBe(0);
    // The table refuses a certificate linked to both kinds of enrolment.
    const now = new Date().toISOString();
    await expect(
      server.db
        .insertInto("certificates")
        .values({
          code: "BOTHKINDS000",
          kind: "camp",
          enrolment_id: 1,
          camp_enrolment_id: p.ids[0]!,
          child_name: "x",
          course_en: "x",
          course_ar: "x",
          lang: "en",
          issued_on: today,
          threshold: 1,
          rate: 1,
          issued_by: null,
          section_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it("gives parents their camp certificates in /api/account (download, export) and erases them with the account", async () => {
    // Camp enrolments are the account's by its proven e-mail address.
    await server.db.updateTable("users").set({ email_verified_at: new Date().toISOString() }).where("id", "=", parent.user.id).execute();
    const p = await period(["Adam Camp", "Other Camper"], [2, 2], { email: parent.user.email });
    const issued = await issue({ session: p.session, threshold: 100 });
    const [mine, theirs] = issued.body.results.map((r: { certificate: { id: number; code: string } }) => r.certificate) as [
      { id: number; code: string },
      { id: number; code: string },
    ];
    const headers = { cookie: parent.cookie, origin: server.url };
    const overview = await server.request("GET", "/api/account", { headers });
    expect(overview.body.certificates.find((c: { id: number }) => c.id === mine.id)).toMatchObject({
      code: mine.code,
      childName: "Adam Camp",
      courseName: camp.title_en,
      pdfUrl: `/api/account/certificates/${mine.id}/pdf`,
    });
    expect(overview.body.certificates.find((c: { id: number }) => c.id === theirs.id)).toBeUndefined();
    const own = await fetch(`${server.url}/api/account/certificates/${mine.id}/pdf`, { headers: { cookie: parent.cookie } });
    expect(own.status).toBe(200);
    expect((await fetch(`${server.url}/api/account/certificates/${theirs.id}/pdf`, { headers: { cookie: parent.cookie } })).status).toBe(404);
    const exported = await server.request("GET", "/api/account/export", { headers });
    expect(exported.body.certificates).toEqual(expect.arrayContaining([expect.objectContaining({ code: mine.code, kind: "camp", childName: "Adam Camp" })]));
    // The camp's attendance (its check-outs: two days, and the one recorded ahead) is in the export too, only the family's own.
    expect(exported.body.campCheckouts.filter((k: { childName: string }) => k.childName === "Adam Camp")).toHaveLength(3);
    expect(exported.body.campCheckouts.some((k: { childName: string }) => k.childName === "Other Camper")).toBe(false);
    const deleted = await server.request("POST", "/api/account/delete", { json: { email: parent.user.email }, headers });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await server.request("GET", `/api/certificates/${mine.code}`)).body).toMatchObject({ status: "erased", childName: null, course: null });
    expect(await server.db.selectFrom("certificates").select(["child_name", "camp_enrolment_id"]).where("id", "=", mine.id).executeTakeFirstOrThrow()).toEqual({
      child_name: "",
      camp_enrolment_id: null,
    });
    expect((await server.request("GET", `/api/certificates/${theirs.code}`)).body.status).toBe("valid");
  });
});
