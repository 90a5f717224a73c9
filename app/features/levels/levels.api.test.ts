import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { groupWithMeeting } from "~server/test/teaching-fixture";
import { courseSectionsFor } from "~/features/sections/course-sections.server";
import { completionOfToken, levelPrefill } from "./skill-marks.server";
import { familyLevels } from "./family-levels.server";
import { deleteAccount } from "~/features/accounts/account-space.server";

/**
 * Levels and skills (issue 44 item 1, decision 130): staff build a course's ladder; an instructor
 * marks skills only in their own groups; a level completed issues one certificate and proposes the
 * next level's group once, even when marked twice at once; the proposal's link fills in the child.
 */
describe("levels and skills API", () => {
  let server: TestServer;
  let admin: { cookie: string; user: { id: number } };
  let instructor: { cookie: string; user: { id: number } };
  let mine: Awaited<ReturnType<typeof groupWithMeeting>>;
  let theirs: Awaited<ReturnType<typeof groupWithMeeting>>;
  let next: Awaited<ReturnType<typeof groupWithMeeting>>;
  let courseId: number;
  const ladder = { level1: 0, level2: 0, skills: [] as number[], level2Skill: 0 };
  const as = (who: { cookie: string }) => ({ cookie: who.cookie, origin: server.url });
  const mark = (who: { cookie: string }, sectionId: number, marks: { enrolmentId: number; skillId: number; status: string }[]) =>
    server.request("POST", `/api/teaching/sections/${sectionId}/skills`, { json: { marks }, headers: as(who) });

  beforeAll(async () => {
    server = await startTestServer();
    const teachers = await server.db.selectFrom("teachers").select("id").orderBy("id").limit(2).execute();
    admin = await server.signIn("admin");
    instructor = await server.signIn("instructor");
    await server.db.updateTable("users").set({ teacher_id: teachers[0]!.id }).where("id", "=", instructor.user.id).execute();
    mine = await groupWithMeeting(server.db, { teacherId: teachers[0]!.id, startsAt: new Date(Date.now() - 60_000), children: 4 });
    theirs = await groupWithMeeting(server.db, { teacherId: teachers[1]!.id, startsAt: new Date(Date.now() - 60_000), children: 1 });
    next = await groupWithMeeting(server.db, { teacherId: teachers[1]!.id, startsAt: new Date(Date.now() + 30 * 86_400_000), children: 0 });
    courseId = (await server.db.selectFrom("course_sections").select("course_id").where("id", "=", mine.sectionId).executeTakeFirstOrThrow()).course_id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("lets staff build a course's ladder in both languages, audited, and refuses bad input", async () => {
    const url = `/api/admin/courses/${courseId}/levels`;
    const first = await server.request("POST", url, { json: { nameEn: "Scratch", nameAr: "سكراتش" }, headers: as(admin) });
    expect(first.status).toBe(201);
    ladder.level1 = first.body.id;
    const second = await server.request("POST", url, { json: { nameEn: "Python", nameAr: "بايثون", sectionId: next.sectionId }, headers: as(admin) });
    ladder.level2 = second.body.id;
    for (const [en, ar] of [
      ["Moves a sprite with arrow keys", "يحرّك كائنًا بمفاتيح الأسهم"],
      ["Uses a loop", "يستخدم حلقة تكرار"],
    ]) {
      const skill = await server.request("POST", `/api/admin/levels/${ladder.level1}/skills`, { json: { nameEn: en, nameAr: ar }, headers: as(admin) });
      expect(skill.status).toBe(201);
      ladder.skills.push(skill.body.id);
    }
    ladder.level2Skill = (
      await server.request("POST", `/api/admin/levels/${ladder.level2}/skills`, { json: { nameEn: "Prints text", nameAr: "يطبع نصًا" }, headers: as(admin) })
    ).body.id;
    const renamed = await server.request("POST", `/api/admin/skills/${ladder.skills[1]}`, {
      json: { nameEn: "Uses a repeat loop", nameAr: "يستخدم حلقة تكرار" },
      headers: as(admin),
    });
    expect(renamed.status).toBe(200);
    const moved = await server.request("POST", `/api/admin/levels/${ladder.level2}`, {
      json: { nameEn: "Python basics", nameAr: "أساسيات بايثون", sectionId: next.sectionId, position: 2 },
      headers: as(admin),
    });
    expect(moved.status).toBe(200);
    const read = await server.request("GET", url, { headers: as(admin) });
    expect(read.body.levels.map((l: { nameEn: string; skills: unknown[] }) => [l.nameEn, l.skills.length])).toEqual([
      ["Scratch", 2],
      ["Python basics", 1],
    ]);
    expect(read.body.levels[0].skills[1]).toMatchObject({ nameEn: "Uses a repeat loop", nameAr: "يستخدم حلقة تكرار" });
    const audits = await server.db.selectFrom("audit_log").select("entity").where("entity", "in", ["course_level", "level_skill"]).execute();
    expect(audits).toHaveLength(7);

    const before = await server.countRows("course_levels");
    for (const body of [{}, { nameEn: "", nameAr: "x" }, { nameEn: "x".repeat(121), nameAr: "y" }, { nameEn: "A", nameAr: "B", sectionId: "1" }]) {
      const refused = await server.request("POST", url, { json: body, headers: as(admin) });
      expect(refused.status).toBe(400);
      expect(typeof refused.body.message).toBe("string");
    }
    expect((await server.request("POST", url, { json: { nameEn: "A", nameAr: "ب", sectionId: 999_999 }, headers: as(admin) })).status).toBe(400);
    expect((await server.request("POST", "/api/admin/courses/999999/levels", { json: { nameEn: "A", nameAr: "ب" }, headers: as(admin) })).status).toBe(404);
    expect((await server.request("POST", "/api/admin/skills/999999", { json: { nameEn: "A", nameAr: "ب" }, headers: as(admin) })).status).toBe(404);
    expect(await server.countRows("course_levels")).toBe(before);
    // Instructors and parents do not edit ladders.
    expect((await server.request("POST", url, { json: { nameEn: "A", nameAr: "ب" }, headers: as(instructor) })).status).toBe(403);
    expect((await server.request("GET", url, { headers: as(await server.signIn("user")) })).status).toBe(403);
  });

  it("lets an instructor mark skills only in their own groups", async () => {
    const [child] = mine.enrolmentIds as [number];
    const own = await mark(instructor, mine.sectionId, [{ enrolmentId: child, skillId: ladder.skills[0]!, status: "working" }]);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ changed: 1, completed: [] });
    // Another instructor's group: 403 whatever the body, and nothing stored.
    const before = await server.countRows("skill_marks");
    expect((await mark(instructor, theirs.sectionId, [{ enrolmentId: theirs.enrolmentIds[0]!, skillId: ladder.skills[0]!, status: "achieved" }])).status).toBe(
      403,
    );
    expect((await server.request("POST", `/api/teaching/sections/${theirs.sectionId}/skills`, { json: { nonsense: 1 }, headers: as(instructor) })).status).toBe(
      403,
    );
    expect((await server.request("GET", `/api/teaching/sections/${theirs.sectionId}/skills`, { headers: as(instructor) })).status).toBe(403);
    // Their own group, but a child of another group: 400, nothing stored.
    expect((await mark(instructor, mine.sectionId, [{ enrolmentId: theirs.enrolmentIds[0]!, skillId: ladder.skills[0]!, status: "achieved" }])).status).toBe(
      400,
    );
    const parent = await server.signIn("user");
    expect((await mark(parent, mine.sectionId, [{ enrolmentId: child, skillId: ladder.skills[0]!, status: "achieved" }])).status).toBe(403);
    expect(await server.countRows("skill_marks")).toBe(before);
    // Bad input: 400 JSON, nothing stored.
    for (const body of [{}, { marks: [] }, { marks: [{ enrolmentId: child, skillId: ladder.skills[0], status: "mastered" }] }]) {
      const refused = await server.request("POST", `/api/teaching/sections/${mine.sectionId}/skills`, { json: body, headers: as(instructor) });
      expect(refused.status).toBe(400);
    }
    expect(await server.countRows("skill_marks")).toBe(before);
    const read = await server.request("GET", `/api/teaching/sections/${mine.sectionId}/skills`, { headers: as(instructor) });
    expect(read.status).toBe(200);
    const shown = read.body.children.find((c: { enrolmentId: number }) => c.enrolmentId === child);
    expect(shown.current.nameEn).toBe("Scratch");
    expect(shown.current.skills.map((s: { status: string }) => s.status)).toEqual(["working", "not_started"]);
  });

  const completionsOf = (enrolmentId: number) =>
    server.db.selectFrom("level_completions").select(["id", "level_id", "proposed_section_id"]).where("enrolment_id", "=", enrolmentId).execute();
  const certificatesOf = (completionIds: number[]) =>
    completionIds.length
      ? server.db
          .selectFrom("certificates")
          .select(["id", "course_en", "enrolment_id", "section_id"])
          .where("level_completion_id", "in", completionIds)
          .execute()
      : Promise.resolve([]);
  // A message's key is its event and the guardian's e-mail ("level-proposal:12:parent@…").
  const proposalsOf = async (completionIds: number[]) =>
    (await server.db.selectFrom("messages").select(["key", "params"]).where("template", "=", "level_proposal").execute()).filter((row) =>
      completionIds.some((id) => row.key.startsWith(`level-proposal:${id}:`)),
    );

  it("issues one certificate and one proposal when the level's last skill is marked twice at once", async () => {
    const child = mine.enrolmentIds[1]!;
    await mark(instructor, mine.sectionId, [{ enrolmentId: child, skillId: ladder.skills[0]!, status: "achieved" }]);
    expect(await completionsOf(child)).toEqual([]);
    const same = [{ enrolmentId: child, skillId: ladder.skills[1]!, status: "achieved" }];
    const answers = await Promise.all([mark(instructor, mine.sectionId, same), mark(admin, mine.sectionId, same)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const completions = await completionsOf(child);
    expect(completions).toEqual([{ id: completions[0]!.id, level_id: ladder.level1, proposed_section_id: next.sectionId }]);
    const certificates = await certificatesOf([completions[0]!.id]);
    expect(certificates).toHaveLength(1);
    expect(certificates[0]).toMatchObject({ enrolment_id: null, section_id: mine.sectionId });
    expect(certificates[0]!.course_en).toContain("Scratch");
    const proposals = await proposalsOf([completions[0]!.id]);
    expect(proposals).toHaveLength(1);
    // Marked again (or un-marked and re-marked): still one of each.
    await mark(instructor, mine.sectionId, [{ enrolmentId: child, skillId: ladder.skills[1]!, status: "working" }]);
    await mark(instructor, mine.sectionId, [{ enrolmentId: child, skillId: ladder.skills[1]!, status: "achieved" }]);
    expect(await completionsOf(child)).toHaveLength(1);
    expect(await certificatesOf([completions[0]!.id])).toHaveLength(1);
    // The proposal's link opens the next group's course page with the child and parent filled in.
    const link = new URL(JSON.parse(proposals[0]!.params).values.link as string);
    expect(link.searchParams.get("section")).toBe(String(next.sectionId));
    const token = link.searchParams.get("level");
    expect(completionOfToken(server.config.sessionSecret, token)).toBe(completions[0]!.id);
    const enrolment = await server.db.selectFrom("section_enrolments").select(["child_name", "email"]).where("id", "=", child).executeTakeFirstOrThrow();
    expect(await levelPrefill(server.db, server.config.sessionSecret, token)).toMatchObject({ childName: enrolment.child_name, email: enrolment.email });
    expect(await levelPrefill(server.db, server.config.sessionSecret, `${token}x`)).toBeNull();
    // The course page's loader reads it (as a demo follow-up's link): the form is filled in, the group chosen.
    const page = await courseSectionsFor({ db: server.db, user: null, config: server.config }, courseId, "en", link.searchParams);
    expect(page.prefill).toMatchObject({ childName: enrolment.child_name, email: enrolment.email });
    expect(page.chosen).toBe(String(next.sectionId));
    expect(link.pathname).toBe("/courses/robotics-fundamentals");
  });

  it("completes a level once when its last two skills are achieved by two requests at once", async () => {
    const child = mine.enrolmentIds[2]!;
    const answers = await Promise.all([
      mark(instructor, mine.sectionId, [{ enrolmentId: child, skillId: ladder.skills[0]!, status: "achieved" }]),
      mark(admin, mine.sectionId, [{ enrolmentId: child, skillId: ladder.skills[1]!, status: "achieved" }]),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const completions = await completionsOf(child);
    expect(completions).toHaveLength(1);
    expect(await certificatesOf(completions.map((c) => c.id))).toHaveLength(1);
    expect(await proposalsOf(completions.map((c) => c.id))).toHaveLength(1);
  });

  it("issues the last level's certificate without a proposal, and shows the child's record on the parent's /account", async () => {
    const child = mine.enrolmentIds[2]!;
    const done = await mark(instructor, mine.sectionId, [{ enrolmentId: child, skillId: ladder.level2Skill, status: "achieved" }]);
    expect(done.body.completed).toEqual([{ enrolmentId: child, levelId: ladder.level2, certificateId: expect.any(Number), proposed: false }]);
    const completions = await completionsOf(child);
    expect(completions).toHaveLength(2);
    expect(await proposalsOf(completions.map((c) => c.id))).toHaveLength(1);

    // The family's account (the enrolment is the account's) reads the ladder, read-only; another account reads nothing.
    const parent = await server.signIn("user");
    await server.db.updateTable("section_enrolments").set({ user_id: parent.user.id }).where("id", "=", child).execute();
    const shown = await familyLevels(server.db, parent.user.id, "ar");
    expect(shown).toHaveLength(1);
    expect(shown[0]!.levels.map((level) => [level.name, level.state])).toEqual([
      ["سكراتش", "done"],
      ["أساسيات بايثون", "done"],
    ]);
    expect(shown[0]!.levels[0]!.skills.map((skill) => skill.status)).toEqual(["achieved", "achieved"]);
    const stranger = await server.signIn("user");
    expect(await familyLevels(server.db, stranger.user.id, "en")).toEqual([]);
    // Their certificates are the account's too (the account's list and its PDF downloads).
    const listed = await server.request("GET", "/api/account", { headers: as(parent) });
    expect(JSON.stringify(listed.body.certificates ?? [])).toContain("Python basics");

    // The account deleted: its children's marks and completions go, its level certificates lose the name.
    const certificateIds = (await certificatesOf(completions.map((c) => c.id))).map((c) => c.id);
    expect(certificateIds).toHaveLength(2);
    await deleteAccount(server.db, parent.user.id);
    expect(await completionsOf(child)).toEqual([]);
    const left = await server.db.selectFrom("skill_marks").select("id").where("enrolment_id", "=", child).execute();
    expect(left).toEqual([]);
    const certificates = await server.db.selectFrom("certificates").select(["child_name", "erased_at"]).where("id", "in", certificateIds).execute();
    expect(certificates.map((c) => [c.child_name, c.erased_at !== null])).toEqual([
      ["", true],
      ["", true],
    ]);
  });
});
