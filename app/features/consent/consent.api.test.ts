import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { outboxMails, waitForJobs } from "~server/test/outbox";
import { tokenHash } from "~server/security/one-time-links";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { consentNeedsFor } from "./roster-needs.server";

/** Consent forms and pickups (issue 30 part 4, decision 078), on SQLite and PostgreSQL alike. */
describe("consent forms, enrolments, reminders, export/erase and camp check-out", () => {
  let server: TestServer;
  let staff: Record<string, string>;
  let sectionId: number;
  let form: { liability: number; medical: number; pickup: number; media: number };
  const versionOf = async (formId: number) =>
    (
      await server.db
        .selectFrom("consent_forms as f")
        .innerJoin("consent_versions as v", (j) => j.onRef("v.form_id", "=", "f.id").onRef("v.version", "=", "f.current_version"))
        .select("v.id")
        .where("f.id", "=", formId)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie, origin: server.url };
    const course = await server.db.selectFrom("courses").select(["id", "min_age"]).where("slug", "=", "robotics-fundamentals").executeTakeFirstOrThrow();
    const timeZone = (await server.request("GET", "/api/courses/robotics-fundamentals/sections")).body.timeZone;
    const today = zonedParts(new Date(), timeZone).date;
    const res = await server.request("POST", "/api/admin/sections", {
      json: { courseId: course.id, weekdays: [1, 3], startTime: "17:00", durationMinutes: 60, firstDate: addDays(today, 10), meetings: 4, capacity: 20 },
      headers: staff,
    });
    sectionId = res.body.id;
    const make = async (kind: string, required: boolean, title: string) => {
      const created = await server.request("POST", "/api/admin/consent-forms", {
        json: { kind, required, titleEn: title, titleAr: `${title} (ar)`, bodyEn: `${title} text`, bodyAr: "نص" },
        headers: staff,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.id as number;
    };
    form = {
      liability: await make("liability", true, "Liability waiver"),
      medical: await make("medical", true, "Medical and allergies"),
      pickup: await make("pickup", true, "Pickup people"),
      media: await make("media", false, "Photos"),
    };
  });
  afterAll(async () => {
    await server?.close();
  });

  const child = (email: string, name = "Aarav Sharma") => ({ childName: name, childAge: 8, parentName: "Priya Sharma", email, phone: "+91 98765 43210" });
  const enrol = (body: unknown, headers: Record<string, string> = {}) =>
    server.request("POST", `/api/sections/${sectionId}/enrolments`, { json: body, headers });
  /** Every required form answered: liability, medical (with notes), pickup (one person with a PIN). */
  const allForms = async () => {
    const [l, m, p] = [await versionOf(form.liability), await versionOf(form.medical), await versionOf(form.pickup)];
    return {
      [`consent_${l}`]: "yes",
      [`consent_${m}`]: "yes",
      [`consent_${m}_allergies`]: "Peanuts",
      [`consent_${m}_medical`]: "Asthma: inhaler in bag",
      [`consent_${p}`]: "yes",
      [`consent_${p}_name1`]: "Omar Sharma",
      [`consent_${p}_phone1`]: "+91 98765 43211",
      [`consent_${p}_pin1`]: "4321",
    };
  };

  it("lists the current forms, required first, in the caller's language", async () => {
    const res = await server.request("GET", "/api/consent/forms", { headers: { "accept-language": "ar" } });
    expect(res.status).toBe(200);
    expect(res.body.forms.map((f: { title: string; required: boolean }) => [f.title, f.required])).toEqual([
      ["Liability waiver (ar)", true],
      ["Medical and allergies (ar)", true],
      ["Pickup people (ar)", true],
      ["Photos (ar)", false],
    ]);
  });

  it("refuses an enrolment without the required forms (400, each form's field) and takes no seat", async () => {
    const res = await enrol(child("first@example.com"));
    expect(res.status).toBe(400);
    const l = await versionOf(form.liability);
    expect(res.body.message).toBe("Please complete the consent forms marked below.");
    expect(res.body.errors[`consent_${l}`]).toBe('Please read and accept "Liability waiver".');
    expect(Object.keys(res.body.errors)).toHaveLength(3);
    const p = await versionOf(form.pickup);
    const bad = await enrol({ ...child("first@example.com"), ...(await allForms()), [`consent_${p}_phone1`]: "12", [`consent_${p}_pin1`]: "12ab" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      [`consent_${p}_phone1`]: "Please enter a valid phone number for this person.",
      [`consent_${p}_pin1`]: "A PIN is 4 to 6 digits.",
    });
    expect(await server.countRows("consent_answers")).toBe(0);
    expect(await server.db.selectFrom("section_enrolments").select("id").where("email", "=", "first@example.com").execute()).toEqual([]);
  });

  it("records each answer with its version, the language shown, the signer (and account) and the time; the PIN only hashed", async () => {
    const parent = await server.signIn("user");
    const before = new Date().toISOString();
    const res = await enrol({ ...child(parent.user.email), ...(await allForms()) }, { cookie: parent.cookie, origin: server.url, "accept-language": "ar" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const enrolment = await server.db.selectFrom("section_enrolments").select("id").where("reference", "=", res.body.reference).executeTakeFirstOrThrow();
    const answers = await server.db.selectFrom("consent_answers").selectAll().where("enrolment_id", "=", enrolment.id).orderBy("id").execute();
    expect(answers.map((a) => [a.version_id, a.agreed, a.lang, a.signer_name, a.user_id])).toEqual([
      [await versionOf(form.liability), 1, "ar", "Priya Sharma", parent.user.id],
      [await versionOf(form.medical), 1, "ar", "Priya Sharma", parent.user.id],
      [await versionOf(form.pickup), 1, "ar", "Priya Sharma", parent.user.id],
      // The optional media release left unticked: declined, recorded as such.
      [await versionOf(form.media), 0, "ar", "Priya Sharma", parent.user.id],
    ]);
    expect(answers[0]!.signed_at >= before).toBe(true);
    const pickups = await server.db.selectFrom("consent_pickups").selectAll().execute();
    expect(pickups).toHaveLength(1);
    // Sealed at rest (issue 39, decision 102): the stored row holds neither the name nor the phone, nor the notes.
    expect(JSON.stringify(pickups[0])).not.toMatch(/Omar|9876543211/);
    expect(pickups[0]!.name).toMatch(/^enc1:/);
    expect(JSON.stringify(answers)).not.toMatch(/Peanuts|Asthma/);
    expect(pickups[0]!.pin_hash).not.toContain("4321");
    // The instructor's roster seam: the medical notes and the pickup list, no PIN.
    const needs = await consentNeedsFor(server.db, [enrolment.id]);
    expect(needs.get(enrolment.id)).toEqual({
      allergies: "Peanuts",
      medical: "Asthma: inhaler in bag",
      pickup: [{ name: "Omar Sharma", phone: "+919876543211" }],
    });
  });

  it("does not ask a child again for the current version; a new version asks again", async () => {
    const email = "again@example.com";
    expect((await enrol({ ...child(email), ...(await allForms()) })).status).toBe(201);
    // Another group's enrolment of the same child: nothing to fill in.
    const other = await server.request("POST", "/api/admin/sections", { json: { ...(await sectionBody()), capacity: 5 }, headers: staff });
    const second = await server.request("POST", `/api/sections/${other.body.id}/enrolments`, { json: child(email) });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    // Staff change the liability text: version 2; the old answers keep pointing at version 1.
    const oldVersion = await versionOf(form.liability);
    const edit = await server.request("PUT", `/api/admin/consent-forms/${form.liability}`, {
      json: { required: true, active: true, titleEn: "Liability waiver", titleAr: "Liability waiver (ar)", bodyEn: "New terms", bodyAr: "نص" },
      headers: staff,
    });
    expect(edit.status).toBe(200);
    expect(edit.body.version).toBe(2);
    const newVersion = await versionOf(form.liability);
    expect(newVersion).not.toBe(oldVersion);
    expect((await server.db.selectFrom("consent_answers").select("id").where("version_id", "=", oldVersion).where("email", "=", email).execute()).length).toBe(
      1,
    );
    const third = await server.request("POST", "/api/admin/sections", { json: await sectionBody(), headers: staff });
    const asked = await server.request("POST", `/api/sections/${third.body.id}/enrolments`, { json: child(email) });
    expect(asked.status).toBe(400);
    expect(Object.keys(asked.body.errors)).toEqual([`consent_${newVersion}`]);
    const answered = await server.request("POST", `/api/sections/${third.body.id}/enrolments`, { json: { ...child(email), [`consent_${newVersion}`]: "yes" } });
    expect(answered.status).toBe(201);
    // Audited with before and after.
    const audit = await server.db
      .selectFrom("audit_log")
      .select("summary")
      .where("entity", "=", "consent_form")
      .where("action", "=", "update")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.summary).changes).toMatchObject({ version: { from: 1, to: 2 } });
  });

  const sectionBody = async () => {
    const course = await server.db.selectFrom("courses").select("id").where("slug", "=", "robotics-fundamentals").executeTakeFirstOrThrow();
    const timeZone = (await server.request("GET", "/api/courses/robotics-fundamentals/sections")).body.timeZone;
    return {
      courseId: course.id,
      weekdays: [2],
      startTime: "18:00",
      durationMinutes: 60,
      firstDate: addDays(zonedParts(new Date(), timeZone).date, 12),
      meetings: 2,
      capacity: 10,
    };
  };

  it("camp enrollment asks the same forms (the JSON API and field errors)", async () => {
    const camp = {
      studentName: "Lina Haddad",
      parentName: "Rana Haddad",
      email: "camp@example.com",
      phoneNumber: "+91 98765 43210",
      selectedCamp: "Junior Camp",
      selectedSession: "1 July - 20th July",
    };
    const refused = await server.request("POST", "/api/summercamp/enroll", { json: camp });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[`consent_${await versionOf(form.liability)}`]).toBeDefined();
    const ok = await server.request("POST", "/api/summercamp/enroll", { json: { ...camp, ...(await allForms()) } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const row = await server.db.selectFrom("camp_enrolments").select("id").where("email", "=", "camp@example.com").executeTakeFirstOrThrow();
    expect((await server.db.selectFrom("consent_answers").select("id").where("camp_enrolment_id", "=", row.id).execute()).length).toBe(4);
  });

  it("staff see who is missing what and remind each family once, with a link that completes the forms without signing in", async () => {
    // Two children of one family enrolled before the forms existed (inserted as an older enrolment would be).
    const now = new Date().toISOString();
    for (const [i, name] of ["Sami Noor", "Huda Noor"].entries()) {
      await server.db
        .insertInto("section_enrolments")
        .values({
          reference: `ref-missing-${i}-0123456789`,
          code: `MISS${i}`,
          section_id: sectionId,
          course_id: null,
          child_name: name,
          child_key: name.toLowerCase(),
          child_age: 8,
          parent_name: "Noor",
          email: "noor@example.com",
          phone: "+919876543210",
          lang: "en",
          user_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const missing = await server.request("GET", `/api/admin/consent/missing?section=${sectionId}`, { headers: staff });
    expect(missing.status).toBe(200);
    const noor = missing.body.children.filter((c: { email: string }) => c.email === "noor@example.com");
    expect(noor.map((c: { childName: string; missing: string[] }) => [c.childName, c.missing])).toEqual([
      ["Sami Noor", ["Liability waiver", "Medical and allergies", "Pickup people"]],
      ["Huda Noor", ["Liability waiver", "Medical and allergies", "Pickup people"]],
    ]);
    const reminded = await server.request("POST", "/api/admin/consent/reminders", { json: { section: sectionId }, headers: staff });
    expect(reminded.status).toBe(200);
    await waitForJobs(server.db);
    const mails = outboxMails(server.config.dataDir).filter((m) => m.to === "noor@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Sami Noor");
    expect(mails[0]!.text).toContain("Huda Noor");
    const token = /\/consent\/complete\?token=([\w-]+)/.exec(mails[0]!.text)![1]!;
    // Only the hash is stored.
    expect(await server.db.selectFrom("consent_links").select("id").where("token_hash", "=", token).executeTakeFirst()).toBeUndefined();
    expect(await server.db.selectFrom("consent_links").select("id").where("token_hash", "=", tokenHash(token)).executeTakeFirst()).toBeDefined();
    const done = await server.request("POST", "/api/consent/complete", {
      json: { token, childName: "Sami Noor", signerName: "Noor Ali", ...(await allForms()) },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const after = await server.request("GET", `/api/admin/consent/missing?section=${sectionId}`, { headers: staff });
    expect(after.body.children.filter((c: { email: string }) => c.email === "noor@example.com").map((c: { childName: string }) => c.childName)).toEqual([
      "Huda Noor",
    ]);
    expect(
      (await server.request("POST", "/api/consent/complete", { json: { token: "x".repeat(43), childName: "Huda Noor", signerName: "Noor" } })).status,
    ).toBe(404);
    expect((await server.request("GET", `/api/admin/consent/missing?section=${sectionId}`)).status).toBe(401);
  });

  it("camp check-out: a person on the list with the right PIN; a person not on the list and a wrong PIN are refused; audited", async () => {
    const instructor = await server.signIn("instructor");
    const headers = { cookie: instructor.cookie, origin: server.url };
    const row = await server.db.selectFrom("camp_enrolments").select("id").where("email", "=", "camp@example.com").executeTakeFirstOrThrow();
    const person = await server.db
      .selectFrom("consent_pickups as p")
      .innerJoin("consent_answers as a", "a.id", "p.answer_id")
      .select("p.id")
      .where("a.camp_enrolment_id", "=", row.id)
      .executeTakeFirstOrThrow();
    const strangers = await server.db.selectFrom("consent_pickups").select("id").where("id", "<>", person.id).executeTakeFirstOrThrow();
    const post = (json: unknown, h: Record<string, string> = headers) => server.request("POST", "/api/teaching/camp/checkouts", { json, headers: h });
    const day = "2027-07-02";
    const other = await post({ enrollmentId: row.id, day, pickup: "other" });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe("This person is not on Lina Haddad's pickup list. Do not hand the child over; call the parent on +91 98765 43210.");
    // Another family's pickup person is not on this child's list either.
    expect((await post({ enrollmentId: row.id, day, pickup: strangers.id })).status).toBe(403);
    const arabic = await post({ enrollmentId: row.id, day, pickup: "other" }, { ...headers, "accept-language": "ar" });
    // The phone staff must call is isolated left to right inside the Arabic sentence, in the text itself (issue 42, H1).
    expect(arabic.body.message).toContain("غير مُدرج في قائمة المخوّلين باستلام");
    expect(arabic.body.message).toContain("على الرقم \u2066+91 98765 43210\u2069.");
    const wrong = await post({ enrollmentId: row.id, day, pickup: person.id, pin: "0000" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.pin).toBe("The PIN does not match. Do not hand the child over; call the parent on +91 98765 43210.");
    expect(await server.countRows("camp_checkouts")).toBe(0);
    const ok = await post({ enrollmentId: row.id, day, pickup: person.id, pin: "4321" });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.message).toBe("Lina Haddad was collected by Omar Sharma.");
    const stored = await server.db.selectFrom("camp_checkouts").selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ camp_enrolment_id: row.id, day, collected_by: "Omar Sharma", recorded_by: instructor.user.id });
    expect(
      await server.db.selectFrom("audit_log").select("id").where("entity", "=", "camp_checkout").where("user_id", "=", instructor.user.id).executeTakeFirst(),
    ).toBeDefined();
    expect((await post({ enrollmentId: row.id, day, pickup: person.id, pin: "4321" })).status).toBe(409);
    const parent = await server.signIn("user");
    expect((await post({ enrollmentId: row.id, day, pickup: person.id }, { cookie: parent.cookie, origin: server.url })).status).toBe(403);
  });

  it("locks a pickup person's PIN after 5 wrong tries in a day (even the right PIN then), shows it on the camp screen, audits it; staff unlock it (issue 39)", async () => {
    const instructor = await server.signIn("instructor");
    const headers = { cookie: instructor.cookie, origin: server.url };
    const row = await server.db
      .selectFrom("camp_enrolments")
      .select(["id", "camp_id", "session"])
      .where("email", "=", "camp@example.com")
      .executeTakeFirstOrThrow();
    const person = await server.db
      .selectFrom("consent_pickups as p")
      .innerJoin("consent_answers as a", "a.id", "p.answer_id")
      .select("p.id")
      .where("a.camp_enrolment_id", "=", row.id)
      .executeTakeFirstOrThrow();
    await server.db.deleteFrom("rate_limits").where("key", "=", `pickup-pin:${person.id}`).execute();
    const day = "2027-07-03";
    // From a new client address each time: the per-client limit is not what stops the guessing.
    const post = (json: unknown, h: Record<string, string> = headers) => server.request("POST", "/api/teaching/camp/checkouts", { json, headers: h });
    const statuses: string[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await post({ enrollmentId: row.id, day, pickup: person.id, pin: `000${i}` })).body.errors.pin);
    expect(statuses.slice(0, 4).every((m) => m.startsWith("The PIN does not match"))).toBe(true);
    expect(statuses[4]).toContain("locked after 5 wrong tries");
    const right = await post({ enrollmentId: row.id, day, pickup: person.id, pin: "4321" });
    expect(right.status).toBe(400);
    expect(right.body.errors.pin).toContain("locked");
    expect(await server.db.selectFrom("camp_checkouts").select("id").where("day", "=", day).execute()).toEqual([]);
    const audits = await server.db.selectFrom("audit_log").select(["action", "entity_id"]).where("entity", "=", "consent_pickup").execute();
    expect(audits).toEqual([{ action: "pin_locked", entity_id: String(person.id) }]);
    // The camp screen's list says so.
    const { campCheckoutList } = await import("./camp-checkout.server");
    const list = await campCheckoutList(server.db, row.camp_id!, row.session, day);
    expect(list.find((c) => c.id === row.id)!.pickup.find((p) => p.id === person.id)!.pinLocked).toBe(true);
    // Instructors cannot unlock; staff can (audited), and the right PIN works again.
    const unlock = (h: Record<string, string>) => server.request("POST", `/api/admin/camp/pickups/${person.id}/unlock`, { headers: h });
    expect((await unlock(headers)).status).toBe(403);
    const unlocked = await unlock(staff);
    expect(unlocked.status, JSON.stringify(unlocked.body)).toBe(200);
    expect((await unlock(staff)).status).toBe(409);
    expect((await server.request("POST", "/api/admin/camp/pickups/999999/unlock", { headers: staff })).status).toBe(404);
    expect(
      (await server.db.selectFrom("audit_log").select("action").where("entity", "=", "consent_pickup").orderBy("id").execute()).map((r) => r.action),
    ).toEqual(["pin_locked", "pin_unlock"]);
    expect((await post({ enrollmentId: row.id, day, pickup: person.id, pin: "4321" })).status).toBe(201);
  });

  it("a family's consent answers are in its data export and erased with the account", async () => {
    const parent = await server.signIn("user");
    const headers = { cookie: parent.cookie, origin: server.url };
    expect((await enrol({ ...child(parent.user.email, "Zaid Kareem"), ...(await allForms()) }, headers)).status).toBe(201);
    const exported = await server.request("GET", "/api/account/export", { headers });
    expect(exported.status).toBe(200);
    const answers = exported.body.consentAnswers as { form: string; childName: string; signer: string; pickup: unknown[]; allergies: string }[];
    expect(answers.map((a) => a.form)).toEqual(["Liability waiver", "Medical and allergies", "Pickup people", "Photos"]);
    expect(answers[1]).toMatchObject({ childName: "Zaid Kareem", signer: "Priya Sharma", allergies: "Peanuts" });
    expect(answers[2]!.pickup).toEqual([{ name: "Omar Sharma", phone: "+919876543211" }]);
    expect(JSON.stringify(exported.body)).not.toContain("pin");
    const deleted = await server.request("POST", "/api/account/delete", { json: { email: parent.user.email }, headers });
    expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
    expect(await server.db.selectFrom("consent_answers").select("id").where("child_name", "=", "Zaid Kareem").execute()).toEqual([]);
  });
});
