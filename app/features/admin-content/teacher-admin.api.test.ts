import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStaffTestServer, type TestServer } from "~server/test/harness";

const create = (over: Record<string, unknown> = {}) => ({
  teachername: "Maya Rao",
  subjects: [" Robotics", "Python "],
  experience: "5 years teaching robotics",
  teacherphoto: ["/uploads/0123456789abcdef01234567-320.webp"],
  ...over,
});

describe("teachers: POST /admin/teacher-dashboard/create-teacher and the staff API", () => {
  let server: TestServer;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ server, headers } = await startStaffTestServer());
  });
  afterAll(() => server?.close());

  const countTeachers = () => server.countRows("teachers");

  it("creates a teacher from the specification's payload and answers 'Teacher created successfully!'", async () => {
    const res = await server.request("POST", "/admin/teacher-dashboard/create-teacher", { json: create(), headers });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Teacher created successfully!");
    const read = await server.request("GET", `/api/admin/teachers/${res.body.id}`, { headers });
    expect(read.body.teacher).toMatchObject({
      nameEn: "Maya Rao",
      subjects: "Robotics, Python",
      experienceEn: "5 years teaching robotics",
      photo: "/uploads/0123456789abcdef01234567-320.webp",
    });
    const audit = await server.db.selectFrom("audit_log").select("action").where("entity", "=", "teacher").execute();
    expect(audit.map((a) => a.action)).toContain("create");
  });

  it("edits the bilingual fields", async () => {
    const { id } = (await server.request("POST", "/admin/teacher-dashboard/create-teacher", { json: create({ teachername: "Omar" }), headers })).body;
    const res = await server.request("PUT", `/api/admin/teachers/${id}`, {
      json: {
        nameEn: "Omar Ali",
        nameAr: "عمر علي",
        profileEn: "Coding mentor",
        profileAr: "مرشد برمجة",
        experienceEn: "3 years",
        experienceAr: "3 سنوات",
        subjects: "Scratch,  Python ,,",
        photo: "/images/teachers/x.svg",
      },
      headers,
    });
    expect(res.status).toBe(200);
    const row = await server.db.selectFrom("teachers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name_ar: "عمر علي", profile_ar: "مرشد برمجة", experience_ar: "3 سنوات", subjects: JSON.stringify(["Scratch", "Python"]) });
    const list = await server.request("GET", "/api/admin/teachers?q=omar", { headers });
    expect(list.body.rows).toHaveLength(1);
    expect(list.body.rows[0].subjects).toEqual(["Scratch", "Python"]);
    const del = await server.request("DELETE", `/api/admin/teachers/${id}`, { headers });
    expect(del.status).toBe(200);
    expect((await server.request("GET", `/api/admin/teachers/${id}`, { headers })).status).toBe(404);
  });

  it.each([
    ["missing fields", {}, ["teachername", "subjects", "experience", "teacherphoto"]],
    ["no photo", create({ teacherphoto: [] }), ["teacherphoto"]],
    ["two photos", create({ teacherphoto: ["/uploads/a-1.webp", "/uploads/b-1.webp"] }), ["teacherphoto"]],
    ["a script URL as photo", create({ teacherphoto: ["javascript:alert(1)"] }), ["teacherphoto"]],
    ["blank subjects", create({ subjects: [" ", ""] }), ["subjects"]],
    ["subjects as a string", create({ subjects: "Robotics" }), ["subjects"]],
    ["wrong types", create({ teachername: 42, experience: null }), ["teachername", "experience"]],
    ["an oversized name", create({ teachername: "x".repeat(5000) }), ["teachername"]],
  ])("refuses %s with 400 per-field messages and stores nothing", async (_name, json, fields) => {
    const before = await countTeachers();
    const res = await server.request("POST", "/admin/teacher-dashboard/create-teacher", { json, headers });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
    expect(await countTeachers()).toBe(before);
  });

  it("refuses malformed JSON and an edit of an unknown teacher", async () => {
    expect(
      (await server.request("POST", "/admin/teacher-dashboard/create-teacher", { body: "{", headers: { ...headers, "content-type": "application/json" } }))
        .status,
    ).toBe(400);
    const ghost = await server.request("PUT", "/api/admin/teachers/99999", {
      json: { nameEn: "x", experienceEn: "y", subjects: "z", photo: "/uploads/a-1.webp" },
      headers,
    });
    expect(ghost.status).toBe(404);
  });

  it("is for staff only", async () => {
    const user = await server.signIn("user");
    const before = await countTeachers();
    for (const [method, path] of [
      ["POST", "/admin/teacher-dashboard/create-teacher"],
      ["GET", "/api/admin/teachers"],
      ["GET", "/api/admin/teachers/1"],
      ["PUT", "/api/admin/teachers/1"],
      ["DELETE", "/api/admin/teachers/1"],
    ] as const) {
      const json = method === "GET" || method === "DELETE" ? undefined : create();
      expect((await server.request(method, path, { json })).status, `${method} ${path}`).toBe(401);
      expect((await server.request(method, path, { json, headers: { cookie: user.cookie, origin: server.url } })).status, `${method} ${path}`).toBe(403);
    }
    expect(await countTeachers()).toBe(before);
  });
});
