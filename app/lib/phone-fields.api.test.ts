import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { nowIso, toDbJson } from "~server/db/values";

/** Every public form with a phone field: where it posts, a valid body, and where the number lands. */
describe("phone fields of every form", () => {
  let server: TestServer;
  let slotId: number;
  beforeAll(async () => {
    server = await startTestServer();
    const course = await server.db.selectFrom("courses").select("id").where("slug", "=", "robotics-fundamentals").executeTakeFirstOrThrow();
    const now = nowIso();
    slotId = (
      await server.db
        .insertInto("demo_slots")
        .values({
          starts_at: new Date(Date.now() + 72 * 3_600_000).toISOString(),
          duration_minutes: 60,
          capacity: 50,
          course_id: course.id,
          status: "open",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  let n = 0;
  const forms = () => {
    n += 1;
    const email = `phone${n}@example.com`;
    return [
      {
        url: "/register",
        body: (phone: string) => ({ username: "Phone Parent", email, password: "Passw0rd-Phone", contactNumber: phone }),
        field: "contactNumber",
        stored: async () => (await server.db.selectFrom("users").select("contact_number as v").where("email", "=", email).executeTakeFirst())?.v,
      },
      {
        url: "/school/add-school-info",
        body: (phone: string) => ({
          name: "Anita Rao",
          email,
          contactNumber: phone,
          designation: "Principal",
          city: "Dubai",
          schoolName: "Gulf School",
          preferredDate: "2099-01-10",
          preferredTime: "10:30",
        }),
        field: "contactNumber",
        stored: async () => (await server.db.selectFrom("school_enquiries").select("contact_number as v").where("email", "=", email).executeTakeFirst())?.v,
      },
      {
        url: "/api/summercamp/enroll",
        body: (phone: string) => ({
          studentName: "Zara",
          parentName: "Omar",
          email,
          phoneNumber: phone,
          selectedCamp: "junior",
          selectedSession: "1 July - 20th July",
        }),
        field: "phoneNumber",
        stored: async () => (await server.db.selectFrom("camp_enrolments").select("phone_number as v").where("email", "=", email).executeTakeFirst())?.v,
      },
      {
        url: "/api/summercamp/brochure",
        body: (phone: string) => ({ studentName: "Zara", studentEmail: email, grade: "5", school: "Gulf School", parentContact: phone }),
        field: "parentContact",
        stored: async () =>
          (await server.db.selectFrom("brochure_leads").select("parent_contact as v").where("student_email", "=", email).executeTakeFirst())?.v,
      },
      {
        url: "/api/courses/robotics-fundamentals/demo-bookings",
        body: (phone: string) => ({ slotId, childName: "Aarav", childAge: 8, parentName: "Priya", email, phone }),
        field: "phone",
        stored: async () => (await server.db.selectFrom("demo_bookings").select("phone as v").where("email", "=", email).executeTakeFirst())?.v,
      },
    ];
  };

  const setPhoneCountry = (country: string) =>
    server.db
      .insertInto("site_settings")
      .values({ key: "phoneCountry", value: toDbJson(country), updated_at: nowIso() })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: toDbJson(country), updated_at: nowIso() }))
      .execute();

  it.each([
    ["a UK number", "+44 20 7946 0958", "+442079460958"],
    ["a UAE mobile", "+971 50 123 4567", "+971501234567"],
    ["a US number with brackets", "+1 (201) 555-0123", "+12015550123"],
    ["an Indian number without its code (default country IN)", "98765 43210", "+919876543210"],
  ])("accepts %s and stores it in E.164", async (_name, typed, e164) => {
    for (const form of forms()) {
      const res = await server.request("POST", form.url, { json: form.body(typed) });
      expect(res.status, form.url).toBe(201);
      expect(await form.stored(), form.url).toBe(e164);
    }
  });

  it.each([
    ["too few digits", "12345"],
    ["an impossible number", "+44 12"],
    ["letters", "call me maybe"],
  ])("refuses %s with a field error, in Arabic too", async (_name, typed) => {
    for (const form of forms()) {
      const res = await server.request("POST", form.url, { json: form.body(typed), headers: { "accept-language": "ar" } });
      expect(res.status, form.url).toBe(400);
      expect(res.body.errors[form.field], form.url).toBe("يرجى إدخال رقم هاتف صحيح.");
      expect(await form.stored(), form.url).toBeUndefined();
    }
  });

  it("reads national numbers as numbers of the country in the site settings", async () => {
    await setPhoneCountry("AE");
    try {
      for (const form of forms()) {
        const res = await server.request("POST", form.url, { json: form.body("050 123 4567") });
        expect(res.status, form.url).toBe(201);
        expect(await form.stored(), form.url).toBe("+971501234567");
      }
      // An Indian mobile typed without +91 is not a UAE number.
      const [signup] = forms();
      expect((await server.request("POST", signup!.url, { json: signup!.body("98765 43210") })).status).toBe(400);
    } finally {
      await setPhoneCountry("IN");
    }
  });
  it("reads a local number against the country code chosen beside it (issue 42 step 6): 0501234567 with +971", async () => {
    for (const form of forms()) {
      const res = await server.request("POST", form.url, { json: { ...form.body("0501234567"), phoneCountry: "AE" } });
      expect(res.status, form.url).toBe(201);
      expect(await form.stored(), form.url).toBe("+971501234567");
    }
    // The same digits with +966 are a Saudi mobile; a number typed with its own code ignores the choice.
    const [signup, school] = forms();
    expect((await server.request("POST", signup!.url, { json: { ...signup!.body("050 123 4567"), phoneCountry: "sa" } })).status).toBe(201);
    expect(await signup!.stored()).toBe("+966501234567");
    expect((await server.request("POST", school!.url, { json: { ...school!.body("+91 98765 43210"), phoneCountry: "AE" } })).status).toBe(201);
    expect(await school!.stored()).toBe("+919876543210");
  });

  it("says what to add when a local number lacks its country code, in both languages", async () => {
    for (const form of forms()) {
      // No code chosen: the academy's country (IN) does not fit a UAE mobile.
      const res = await server.request("POST", form.url, { json: form.body("0501234567") });
      expect(res.status, form.url).toBe(400);
      expect(res.body.errors[form.field], form.url).toBe(
        "Add the country code: choose it beside the number, or start the number with + and its code, e.g. +971\u00a050\u00a0123\u00a04567.",
      );
      expect(await form.stored(), form.url).toBeUndefined();
    }
    const [signup] = forms();
    const ar = await server.request("POST", signup!.url, { json: { ...signup!.body("0501234567"), phoneCountry: "IN" }, headers: { "accept-language": "ar" } });
    expect(ar.status).toBe(400);
    expect(ar.body.errors.contactNumber).toBe(
      "يُرجى إضافة رمز الدولة باختياره بجانب الرقم، أو بكتابة الرقم مبدوءًا بعلامة + ورمز الدولة، مثل \u2066+971\u00a050\u00a0123\u00a04567\u2069.",
    );
  });

  it("refuses a country code that is none", async () => {
    const [signup] = forms();
    const res = await server.request("POST", signup!.url, { json: { ...signup!.body("0501234567"), phoneCountry: "ZZ" } });
    expect(res.status).toBe(400);
    expect(res.body.errors.phoneCountry).toBe("Please choose one of the options.");
  });
});
