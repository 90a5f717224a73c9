import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { groupWithMeeting } from "~server/test/teaching-fixture";
import { signToken } from "~server/security/signed";
import { addDays, zonedParts, zonedToUtc } from "~/lib/zoned-time";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { testBuild } from "~server/test/action-only-build";
import * as checkInPage from "./check-in.route";
import * as passesPage from "./account-passes.route";

/** The two pages' loaders and the check-in action, their data answered as JSON (no React rendering). */
function pagesBuild() {
  const routes: Record<string, unknown> = { root: { id: "root", path: "", module: { default: () => null } } };
  for (const prefix of ["", "ar/"]) {
    routes[`${prefix}teaching/check-in`] = {
      id: `${prefix}teaching/check-in`,
      parentId: "root",
      path: `${prefix}teaching/check-in`,
      module: { loader: checkInPage.loader, action: checkInPage.action, default: () => null },
    };
    routes[`${prefix}account/passes`] = {
      id: `${prefix}account/passes`,
      parentId: "root",
      path: `${prefix}account/passes`,
      module: { loader: passesPage.loader, default: () => null },
    };
  }
  return testBuild(routes, (_request, status, headers, context) => {
    headers.set("content-type", "application/json");
    const handled = context.staticHandlerContext as unknown as { loaderData?: Record<string, unknown>; actionData?: Record<string, unknown> | null };
    return new Response(JSON.stringify({ loaderData: handled.loaderData ?? {}, actionData: handled.actionData ?? null }), { status, headers });
  });
}

/**
 * Class passes and check-in (issue 45 item 4, decision 141): a family sees passes for its own
 * children only; a pass marks the child present at today's class for an instructor of the group
 * (403 for another's), once however often it is scanned, even at the same moment; a forged,
 * expired or malformed pass is a 4xx JSON answer that marks nothing.
 */
describe("class passes and check-in", () => {
  let server: TestServer;
  let instructor: { cookie: string; user: { id: number } };
  let other: { cookie: string; user: { id: number } };
  let parent: { cookie: string; user: { id: number } };
  let mine: Awaited<ReturnType<typeof groupWithMeeting>>;
  let notToday: Awaited<ReturnType<typeof groupWithMeeting>>;
  const as = (who: { cookie: string }) => ({ cookie: who.cookie, origin: server.url });
  const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

  beforeAll(async () => {
    server = await startTestServer({}, { pages: { build: pagesBuild() } });
    const teachers = await server.db.selectFrom("teachers").select("id").orderBy("id").limit(2).execute();
    instructor = await server.signIn("instructor");
    other = await server.signIn("instructor");
    parent = await server.signIn("user");
    await server.db.updateTable("users").set({ teacher_id: teachers[0]!.id }).where("id", "=", instructor.user.id).execute();
    await server.db.updateTable("users").set({ teacher_id: teachers[1]!.id }).where("id", "=", other.user.id).execute();
    // Noon of the academy's today: today whatever the hour of the run.
    const timeZone = await academyTimeZone(server.db);
    const today = zonedParts(new Date(), timeZone).date;
    mine = await groupWithMeeting(server.db, { teacherId: teachers[0]!.id, startsAt: zonedToUtc(today, "12:00", timeZone), children: 2 });
    notToday = await groupWithMeeting(server.db, { teacherId: teachers[0]!.id, startsAt: zonedToUtc(addDays(today, 3), "12:00", timeZone), children: 1 });
    // The group's term runs on: a pass is offered while classes are to come.
    await server.db
      .updateTable("course_sections")
      .set({ ends_at: zonedToUtc(addDays(today, 30), "12:00", timeZone).toISOString() })
      .where("id", "in", [mine.sectionId, notToday.sectionId])
      .execute();
    await server.db
      .updateTable("section_enrolments")
      .set({ user_id: parent.user.id })
      .where("id", "in", [mine.enrolmentIds[0]!, notToday.enrolmentIds[0]!])
      .execute();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("gives a family today's passes for its own children only, as QR codes of the check-in page", async () => {
    const answer = await server.request("GET", "/api/account/class-passes", { headers: as(parent) });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toContain("no-store");
    const ids = answer.body.passes.map((p: { enrolmentId: number }) => p.enrolmentId).sort();
    expect(ids).toEqual([mine.enrolmentIds[0], notToday.enrolmentIds[0]].sort());
    const pass = answer.body.passes[0];
    expect(pass.url).toMatch(/\/teaching\/check-in\?token=[\w-]+\.\d+\.[\w-]{43}$/);
    expect(pass.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(pass.qrSvg).not.toMatch(/<script|href=/i);
    // Today's pass ends at the academy's next midnight; the printed one with the term.
    const day = Number(tokenOf(pass.url).split(".")[1]);
    const term = Number(
      tokenOf((await server.request("GET", "/api/account/class-passes?kind=term", { headers: as(parent) })).body.passes[0].url).split(".")[1],
    );
    expect(day * 1000 - Date.now()).toBeLessThanOrEqual(86_400_000);
    expect(term).toBeGreaterThan(day + 20 * 86_400);
    // Another family sees none of them; signed out is 401.
    const stranger = await server.signIn("user");
    expect((await server.request("GET", "/api/account/class-passes", { headers: as(stranger) })).body.passes).toEqual([]);
    expect((await server.request("GET", "/api/account/class-passes")).status).toBe(401);
  });

  it("checks a child in once for an instructor of the group, even scanned twice at the same moment", async () => {
    const passes = (await server.request("GET", "/api/account/class-passes", { headers: as(parent) })).body.passes as { enrolmentId: number; url: string }[];
    const token = tokenOf(passes.find((p) => p.enrolmentId === mine.enrolmentIds[0])!.url);
    // Another instructor's group: 403, nothing marked.
    const refused = await server.request("POST", "/api/teaching/check-ins", { json: { token }, headers: as(other) });
    expect(refused.status).toBe(403);
    expect(await server.countRows("meeting_attendance")).toBe(0);
    // A parent is not teaching.
    expect((await server.request("POST", "/api/teaching/check-ins", { json: { token }, headers: as(parent) })).status).toBe(403);

    const [a, b] = await Promise.all([
      server.request("POST", "/api/teaching/check-ins", { json: { token }, headers: as(instructor) }),
      server.request("POST", "/api/teaching/check-ins", { json: { token }, headers: as(instructor) }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.already, b.body.already].sort()).toEqual([false, true]);
    expect(a.body).toMatchObject({ meetingId: mine.meetingId, enrolmentId: mine.enrolmentIds[0] });
    const marks = await server.db
      .selectFrom("meeting_attendance")
      .select(["enrolment_id", "status", "marked_by"])
      .where("meeting_id", "=", mine.meetingId)
      .execute();
    expect(marks).toEqual([{ enrolment_id: mine.enrolmentIds[0], status: "present", marked_by: instructor.user.id }]);
    // Audited as every mark.
    const audited = await server.db.selectFrom("audit_log").select("action").where("user_id", "=", instructor.user.id).execute();
    expect(audited.length).toBeGreaterThanOrEqual(1);
    // The roster shows it.
    const roster = await server.request("GET", `/api/teaching/meetings/${mine.meetingId}`, { headers: as(instructor) });
    expect(roster.body.children.find((c: { enrolmentId: number }) => c.enrolmentId === mine.enrolmentIds[0]).mark.status).toBe("present");
  });

  it("refuses a pass with no class today, a forged, an expired and a malformed one, marking nothing", async () => {
    const before = await server.countRows("meeting_attendance");
    const passes = (await server.request("GET", "/api/account/class-passes", { headers: as(parent) })).body.passes as { enrolmentId: number; url: string }[];
    const later = tokenOf(passes.find((p) => p.enrolmentId === notToday.enrolmentIds[0])!.url);
    const post = (token: unknown) => server.request("POST", "/api/teaching/check-ins", { json: { token }, headers: as(instructor) });
    expect((await post(later)).status).toBe(409);
    const [id, expires] = later.split(".");
    const forged = `${mine.enrolmentIds[1]}.${expires}.${later.split(".")[2]}`;
    const wrongKey = signToken("not-our-secret-not-our-secret-000", "class-pass", [mine.enrolmentIds[1]!], Date.now() + 60_000);
    const expired = signToken(server.config.sessionSecret, "class-pass", [Number(id)], Date.now() - 1000);
    const otherPurpose = signToken(server.config.sessionSecret, "booking-link", [mine.enrolmentIds[1]!], Date.now() + 60_000);
    for (const token of [forged, wrongKey, otherPurpose]) {
      const answer = await post(token);
      expect(answer.status, token).toBe(400);
      expect(answer.body.message).toMatch(/not a class pass/);
    }
    expect((await post(expired)).status).toBe(410);
    for (const token of ["", "x".repeat(500), 42, null, "a.b.c", "1.2.<script>"]) {
      const answer = await post(token);
      expect(answer.status, String(token)).toBe(400);
      expect(typeof answer.body.message).toBe("string");
    }
    expect(await server.countRows("meeting_attendance")).toBe(before);
  });

  it("shows the check-in page from a pass's link and marks the child present without JavaScript", async () => {
    const page = (path: string, who: { cookie: string }) => server.request("GET", path, { headers: as(who) });
    const passes = (await page("/ar/account/passes", parent)).body.loaderData["ar/account/passes"];
    expect(passes.kind).toBe("day");
    expect(passes.passes).toHaveLength(2);
    const token = tokenOf(passes.passes.find((p: { enrolmentId: number }) => p.enrolmentId === mine.enrolmentIds[0]).url);
    const preview = (await page(`/teaching/check-in?token=${token}`, instructor)).body.loaderData["teaching/check-in"].preview;
    expect(preview).toMatchObject({ ok: true, token, meeting: { id: mine.meetingId } });
    // Another instructor's class: the page says so and offers nothing to post.
    expect((await page(`/teaching/check-in?token=${token}`, other)).body.loaderData["teaching/check-in"].preview.ok).toBe(false);
    // The page's form posts the pass; a scanner's whole URL works as well as the bare token.
    const posted = await server.request("POST", "/teaching/check-in", {
      body: new URLSearchParams({ token: `${server.url}/teaching/check-in?token=${token}` }).toString(),
      headers: { ...as(instructor), "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
    });
    expect(posted.status).toBe(303);
    const location = posted.headers.get("location")!;
    expect(location).not.toContain("Child");
    expect((await page(location, instructor)).body.loaderData["teaching/check-in"].checked).toMatchObject({ meetingId: mine.meetingId, already: true });
    // Another instructor reading the same result URL learns nothing.
    expect((await page(location, other)).body.loaderData["teaching/check-in"].checked).toBeNull();
    // A refused pass comes back on the page with its words, in the page's language.
    const refused = await server.request("POST", "/ar/teaching/check-in", {
      body: new URLSearchParams({ token: "1.2.abc" }).toString(),
      headers: { ...as(instructor), "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.actionData["ar/teaching/check-in"].message).toMatch(/[\u0600-\u06FF]/);
  });
});
