import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { groupWithMeeting } from "~server/test/teaching-fixture";
import { adminSectionList } from "./admin-sections-list.server";

/** /admin/sections as a table filtered by course, instructor and status from the query string (issue 42 step 9). */
describe("the course groups table", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("filters by course, instructor (or none) and status, counts against every group, and ignores values off the choices", async () => {
    const db = server.db;
    const teacher = await db.selectFrom("teachers").select("id").orderBy("id").executeTakeFirstOrThrow();
    const taught = await groupWithMeeting(db, { teacherId: teacher.id, startsAt: new Date("2031-03-03T10:00:00Z"), children: 0 });
    const untaught = await groupWithMeeting(db, { teacherId: null, startsAt: new Date("2031-03-04T10:00:00Z"), children: 0 });
    await db.updateTable("course_sections").set({ status: "closed" }).where("id", "=", untaught.sectionId).execute();
    const course = await db.selectFrom("course_sections").select("course_id").where("id", "=", taught.sectionId).executeTakeFirstOrThrow();
    const ids = async (query: string) => (await adminSectionList(db, "en", new URLSearchParams(query))).rows.map((row) => row.id);

    const all = await adminSectionList(db, "en", new URLSearchParams(""));
    expect(all.rows.length).toBe(all.total);
    expect(all.filter).toEqual({ course: "", teacher: "", status: "" });

    const byTeacher = await ids(`teacher=${teacher.id}`);
    expect(byTeacher).toContain(taught.sectionId);
    expect(byTeacher).not.toContain(untaught.sectionId);
    const noTeacher = await ids("teacher=none");
    expect(noTeacher).toContain(untaught.sectionId);
    expect(noTeacher).not.toContain(taught.sectionId);
    expect(await ids("status=closed")).toEqual(expect.arrayContaining([untaught.sectionId]));
    expect(await ids("status=closed")).not.toContain(taught.sectionId);

    const byCourse = await adminSectionList(db, "en", new URLSearchParams(`course=${course.course_id}&status=open`));
    expect(byCourse.rows.map((row) => row.id)).toContain(taught.sectionId);
    expect(byCourse.rows.every((row) => row.status === "open")).toBe(true);
    // The count says "n of all groups", whatever the filter.
    expect(byCourse.total).toBe(all.total);
    expect(byCourse.filter).toEqual({ course: String(course.course_id), teacher: "", status: "open" });

    // Values off the choices are ignored, not refused: every group shows.
    const odd = await adminSectionList(db, "en", new URLSearchParams("course=abc&teacher=1%27%20or%201=1&status=deleted"));
    expect(odd.rows.length).toBe(all.total);
    expect(odd.filter).toEqual({ course: "", teacher: "", status: "" });

    const row = byCourse.rows.find((found) => found.id === taught.sectionId)!;
    expect(row).toMatchObject({ startTime: "10:00", from: "3 Mar 2031", to: "3 Mar 2031", meetings: 1, seatsTaken: 0, capacity: 20 });
  });
});
