import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { parseEml } from "~server/test/outbox";

/**
 * Issue 16: staff hear of every new contact message, enrolment and brochure request by e-mail
 * (through the background jobs, to the academy's e-mail in settings), in English and Arabic, with
 * links to the record in the staff area. School enquiries: school.api.test.ts.
 */
describe("staff notices", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const staffMail = async (marker: string) => {
    const outbox = path.join(server.config.dataDir, "outbox");
    const find = () =>
      (existsSync(outbox) ? readdirSync(outbox) : [])
        .map((file) => readFileSync(path.join(outbox, file), "utf8"))
        .filter((raw) => /^To: info@stemacademy\.example$/m.test(raw))
        .map(parseEml)
        .find((mail) => mail.text.includes(marker));
    await vi.waitFor(() => expect(find()).toBeTruthy(), { timeout: 5000 });
    return find()!;
  };

  it("a contact message", async () => {
    const res = await server.request("POST", "/contact-us/form", { json: { email: "curious.parent@example.com", description: "Do you teach Scratch?" } });
    expect(res.status).toBe(201);
    const { id } = await server.db.selectFrom("contact_messages").select("id").where("email", "=", "curious.parent@example.com").executeTakeFirstOrThrow();
    const mail = await staffMail("Do you teach Scratch?");
    expect(mail.subject).toBe("New contact message from curious.parent@example.com / رسالة تواصل جديدة من curious.parent@example.com");
    expect(mail.text).toContain(`${server.config.publicUrl}/admin/submissions/contact/${id}`);
    expect(mail.text).toContain(`${server.config.publicUrl}/ar/admin/submissions/contact/${id}`);
    // The HTML part gives each language its own block, the Arabic one right to left (issue 42).
    expect(mail.html).toContain('<div lang="en" dir="ltr">');
    expect(mail.html).toContain('<div lang="ar" dir="rtl">');
    expect(mail.html).toContain(`href="${server.config.publicUrl}/ar/admin/submissions/contact/${id}"`);
  });

  it("a camp enrollment", async () => {
    const res = await server.request("POST", "/api/summercamp/enroll", {
      json: {
        studentName: "Noor Ali",
        parentName: "Sara Ali",
        email: "sara.ali@example.com",
        phoneNumber: "+91 98765 43210",
        selectedCamp: "Junior Camp",
        selectedSession: "1 July - 20th July",
      },
    });
    expect(res.status).toBe(201);
    const { id } = await server.db.selectFrom("camp_enrolments").select("id").where("email", "=", "sara.ali@example.com").executeTakeFirstOrThrow();
    const mail = await staffMail("sara.ali@example.com");
    expect(mail.subject).toMatch(/^New summer camp enrollment: Noor Ali \(Junior Camp\) \/ تسجيل جديد في المخيم الصيفي/);
    expect(mail.text).toContain("Parent / وليّ الأمر: Sara Ali");
    expect(mail.text).toContain(`/admin/enrollment-forms/${id}`);
  });

  it("a brochure request", async () => {
    const res = await server.request("POST", "/api/summercamp/brochure", {
      json: { studentName: "Omar Khan", studentEmail: "omar.khan@example.com", grade: "Grade 4", school: "Delhi Public School", parentContact: "9876543210" },
    });
    expect(res.status).toBe(201);
    const { id } = await server.db.selectFrom("brochure_leads").select("id").where("student_email", "=", "omar.khan@example.com").executeTakeFirstOrThrow();
    const mail = await staffMail("omar.khan@example.com");
    expect(mail.subject).toMatch(/^New brochure request: Omar Khan \/ /);
    expect(mail.text).toContain(`/admin/brochure-leads/${id}`);
  });

  it("a demo class booking, with the class's date and time in the academy's zone", async () => {
    const course = await server.db.selectFrom("courses").select(["id", "slug", "name_en"]).orderBy("id").executeTakeFirstOrThrow();
    const slots = await server.request("GET", `/api/courses/${course.slug}/demo-slots`);
    const slot = slots.body.slots[0] as { id: number };
    const res = await server.request("POST", `/api/courses/${course.slug}/demo-bookings`, {
      json: {
        slotId: slot.id,
        childName: "Yusuf",
        childAge: 15,
        parentName: "Mariam",
        email: "mariam.notice@example.com",
        phone: "+91 98765 43210",
        ageConfirmed: true,
      },
    });
    expect(res.status).toBe(201);
    const mail = await staffMail("mariam.notice@example.com");
    expect(mail.subject).toBe(`New demo class booking: Yusuf (${course.name_en}) / حجز حصة تجريبية جديد: Yusuf (${course.name_en})`);
    expect(mail.text).toContain(`Reference / المرجع: ${res.body.code}`);
    expect(mail.text).toMatch(/Date and time \/ التاريخ والوقت: .+ \(Asia\/Kolkata\)/);
    expect(mail.text).toContain(`${server.config.publicUrl}/admin/slots`);
  });
});
