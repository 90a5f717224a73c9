import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "~server/test/pdf-text";
import { startTestServer, type TestServer } from "~server/test/harness";

const valid = {
  studentName: "Zara Khan",
  studentEmail: "zara@example.com",
  grade: "Grade 7",
  school: "Delhi Public School, Noida",
  parentContact: "9876543210",
};

describe("summer camp brochure", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const count = async () =>
    (
      await server.db
        .selectFrom("brochure_leads")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n;
  const post = (json: unknown, headers?: Record<string, string>) => server.request("POST", "/api/summercamp/brochure", { json, headers });
  const pdf = async (path: string) => {
    const res = await fetch(server.url + path);
    return {
      status: res.status,
      type: res.headers.get("content-type"),
      disposition: res.headers.get("content-disposition"),
      bytes: Buffer.from(await res.arrayBuffer()),
    };
  };

  describe("POST /api/summercamp/brochure", () => {
    it("stores the request as a lead and answers 201 with a message and the PDF's address", async () => {
      const res = await post(valid);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ message: "Thank you! Your brochure is downloading.", url: "/summer-camp/brochure.pdf?lang=en" });
      const row = await server.db.selectFrom("brochure_leads").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        student_name: "Zara Khan",
        student_email: "zara@example.com",
        grade: "Grade 7",
        school: "Delhi Public School, Noida",
        parent_contact: "+919876543210",
        lang: "en",
        status: "new",
        notes: "",
      });
    });

    it("points an Arabic visitor at the Arabic brochure", async () => {
      const res = await post(valid, { "accept-language": "ar" });
      expect(res.status).toBe(201);
      expect(res.body.url).toBe("/summer-camp/brochure.pdf?lang=ar");
      expect(res.body.message).toBe("شكرًا لك! يجري تنزيل الكتيّب الآن.");
    });

    it.each([
      ["missing fields", {}, ["studentName", "studentEmail", "grade", "school", "parentContact"]],
      ["an invalid e-mail", { ...valid, studentEmail: "zara-at-example" }, ["studentEmail"]],
      ["wrong types", { ...valid, grade: 7, school: null, parentContact: [1] }, ["grade", "school", "parentContact"]],
      ["blank text", { ...valid, studentName: " ", school: "\t" }, ["studentName", "school"]],
      ["oversized fields", { ...valid, school: "s".repeat(151), grade: "g".repeat(41) }, ["school", "grade"]],
      ["a hostile contact", { ...valid, parentContact: "<script>alert(1)</script>" }, ["parentContact"]],
    ])("refuses %s with 400, per-field messages and no lead stored", async (_name, json, fields) => {
      const before = await count();
      const res = await post(json);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe("string");
      expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
      expect(await count()).toBe(before);
    });

    it("refuses malformed JSON, other content types, oversized bodies and a filled honeypot", async () => {
      const before = await count();
      expect(
        (await server.request("POST", "/api/summercamp/brochure", { body: '{"studentName":', headers: { "content-type": "application/json" } })).status,
      ).toBe(400);
      expect((await post("just a string")).status).toBe(400);
      expect((await server.request("POST", "/api/summercamp/brochure", { body: "x", headers: { "content-type": "text/plain" } })).status).toBe(415);
      const huge = await post({ ...valid, school: "x".repeat(150_000) });
      expect(huge.status).toBe(413);
      expect(huge.body.message).toBe("The request body is too large.");
      expect((await post({ ...valid, website: "spam" })).status).toBe(400);
      expect(await count()).toBe(before);
    });

    it("limits each client address to 5 requests a minute", async () => {
      const headers = { "x-forwarded-for": "203.0.113.30" };
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await post(valid, headers)).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    });
  });

  // Drawing a brochure is CPU work; leave room for a busy test machine.
  describe("GET /summer-camp/brochure.pdf", { timeout: 20_000 }, () => {
    it("is a real PDF with both camps, prices, batches and the full curricula in English", async () => {
      const res = await pdf("/summer-camp/brochure.pdf?lang=en");
      expect(res.status).toBe(200);
      expect(res.type).toBe("application/pdf");
      expect(res.disposition).toBe('attachment; filename="summer-camp-2025-brochure-en.pdf"');
      expect(res.bytes.subarray(0, 5).toString()).toBe("%PDF-");
      const { text } = pdfText(res.bytes);
      for (const phrase of [
        "Junior Camp",
        "Senior Camp",
        "Grade 2 to 5",
        "Rs. 9,999",
        "Rs. 19,999",
        "1 July - 20th July",
        "21st July - 10 Aug",
        "Thinking like a computer",
        "Capstone project build",
        "Learning Outcome",
      ]) {
        expect(text, phrase).toContain(phrase);
      }
    });

    it("looks like the academy's in both languages: picture, a cover with both camps, one full page per camp, no spill-over pages", async () => {
      for (const lang of ["en", "ar"]) {
        const { bytes } = await pdf(`/summer-camp/brochure.pdf?lang=${lang}`);
        const raw = bytes.toString("latin1");
        // Cover + Junior + Senior: each curriculum fits its page, so no near-empty page follows it.
        expect((raw.match(/\/Type \/Page\b/g) ?? []).length, lang).toBe(3);
        // The camp picture of the camp page is embedded as an image.
        expect(raw, lang).toMatch(/\/Subtype \/Image/);
      }
      const { text } = pdfText((await pdf("/summer-camp/brochure.pdf?lang=en")).bytes);
      expect(text).toContain("STEM Academy");
      expect(text).toContain("Why Choose Us");
      // Where to enrol and how to reach us, at the foot of every page.
      expect(text.split("Enroll online: http").length - 1).toBeGreaterThanOrEqual(3);
    });

    it("defaults to English", async () => {
      const res = await pdf("/summer-camp/brochure.pdf");
      expect(res.status).toBe(200);
      expect(pdfText(res.bytes).text).toContain("Junior Camp");
    });

    it("is in shaped, right-to-left Arabic when asked, with the Arabic camp names", async () => {
      const res = await pdf("/summer-camp/brochure.pdf?lang=ar");
      expect(res.status).toBe(200);
      expect(res.bytes.subarray(0, 5).toString()).toBe("%PDF-");
      // Right-to-left runs are stored in visual order: reading their glyphs backwards gives the words.
      const { logical } = pdfText(res.bytes);
      for (const phrase of ["مخيم الصغار", "مخيم اليافعين", "التفكير مثل الحاسوب", "يوم العرض"]) expect(logical, phrase).toContain(phrase);
    });

    it("follows edits to the camp rows", async () => {
      await server.db.updateTable("camps").set({ title_en: "Junior Explorers Camp", price: 8999 }).where("slug", "=", "junior").execute();
      try {
        const { text } = pdfText((await pdf("/summer-camp/brochure.pdf?lang=en")).bytes);
        expect(text).toContain("Junior Explorers Camp");
        expect(text).toContain("Rs. 8,999");
      } finally {
        await server.db.updateTable("camps").set({ title_en: "Junior Camp", price: 9999 }).where("slug", "=", "junior").execute();
      }
    });

    it("refuses an unknown language with a 400 JSON message", async () => {
      const res = await server.request("GET", "/summer-camp/brochure.pdf?lang=fr");
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("lang must be en or ar.");
      const array = await server.request("GET", "/summer-camp/brochure.pdf?lang=en&lang=ar");
      expect(array.status).toBe(400);
    });
  });
});
