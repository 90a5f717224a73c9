import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "~server/app";
import { loadConfig } from "~server/config";
import { createLogger } from "~server/logger";
import { openField, parseDataKeys, UNREADABLE } from "~server/security/data-keys";
import { startTestServer, type TestServer } from "~server/test/harness";
import { groupWithMeeting } from "~server/test/teaching-fixture";
import { sealAnswerNotes, sealPickup, resealChildrenData } from "./children-data.server";
import { consentNeedsFor } from "./roster-needs.server";

/**
 * Children's data at rest (issue 39, decision 102): medical notes, allergies and pickup people are
 * sealed with AES-256-GCM under DATA_ENCRYPTION_KEYS; rows from before (plain) and rows under an
 * older key stay readable and the re-seal job moves them to the current key; every roster view
 * with them is audited; an instructor sees them only on the class day and the day before.
 */
const k1 = randomBytes(32).toString("base64");
const k2 = randomBytes(32).toString("base64");

describe("children's data sealed at rest, keys rotated, views audited", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ DATA_ENCRYPTION_KEYS: `k1:${k1}` });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A child of the group with a medical answer and one pickup person (stored as `store` says). */
  async function answersFor(enrolmentId: number, store: "plain" | "sealed") {
    const e = await server.db
      .selectFrom("section_enrolments")
      .select(["email", "child_key", "child_name"])
      .where("id", "=", enrolmentId)
      .executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    const form = async (kind: "medical" | "pickup") => {
      const f = await server.db
        .insertInto("consent_forms")
        .values({ kind, required: 1, current_version: 1, created_at: at, updated_at: at } as never)
        .returning("id")
        .executeTakeFirstOrThrow();
      const v = await server.db
        .insertInto("consent_versions")
        .values({ form_id: f.id, version: 1, title_en: kind, title_ar: kind, body_en: "x", body_ar: "x", created_at: at } as never)
        .returning("id")
        .executeTakeFirstOrThrow();
      return { formId: f.id, versionId: v.id };
    };
    const notes = { allergies: "Peanuts", medical: "Asthma: inhaler in bag" };
    const medical = await form("medical");
    const pickup = await form("pickup");
    const row = (f: { formId: number; versionId: number }, values: { allergies: string; medical: string }) => ({
      version_id: f.versionId,
      form_id: f.formId,
      email: e.email,
      child_key: e.child_key,
      child_name: e.child_name,
      signer_name: "Parent",
      user_id: null,
      lang: "en" as const,
      agreed: 1,
      ...values,
      enrolment_id: enrolmentId,
      camp_enrolment_id: null,
      signed_at: at,
    });
    await server.db
      .insertInto("consent_answers")
      .values(row(medical, store === "plain" ? notes : sealAnswerNotes(notes)))
      .execute();
    const p = await server.db
      .insertInto("consent_answers")
      .values(row(pickup, { allergies: "", medical: "" }))
      .returning("id")
      .executeTakeFirstOrThrow();
    const person = { name: "Omar Uncle", phone: "+919876543211" };
    await server.db
      .insertInto("consent_pickups")
      .values({ answer_id: p.id, ...(store === "plain" ? person : sealPickup(person)), pin_hash: null })
      .execute();
  }

  it("refuses a malformed DATA_ENCRYPTION_KEYS at start, naming the variable and never the key", () => {
    expect(() => loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/stem-keys", DATA_ENCRYPTION_KEYS: "k1:short" })).toThrow(
      /DATA_ENCRYPTION_KEYS: key "k1" must be 32 bytes/,
    );
    expect(() => loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/stem-keys", DATA_ENCRYPTION_KEYS: `k1:${k1},k1:${k2}` })).toThrow(/names a key id twice/);
    expect(parseDataKeys(`k2:${k2}, k1:${k1}`).map((k) => k.id)).toEqual(["k2", "k1"]);
  });

  it("seals new answers, reads plain rows from before, re-seals them, and after a rotation reads old rows and moves them to the new key", async () => {
    const group = await groupWithMeeting(server.db, { teacherId: null, startsAt: new Date(Date.now() + 3_600_000), children: 2 });
    const [sealedChild, plainChild] = group.enrolmentIds as [number, number];
    await answersFor(sealedChild, "sealed");
    await answersFor(plainChild, "plain");
    const stored = async () => ({
      answers: await server.db.selectFrom("consent_answers").select(["allergies", "medical"]).where("allergies", "<>", "").execute(),
      pickups: await server.db.selectFrom("consent_pickups").select(["name", "phone"]).execute(),
    });
    const sealedRows = (await stored()).answers.filter((a) => a.allergies.startsWith("enc1:k1:"));
    expect(sealedRows).toHaveLength(1);
    expect(JSON.stringify(sealedRows)).not.toMatch(/Peanuts|Asthma/);
    const expected = { allergies: "Peanuts", medical: "Asthma: inhaler in bag", pickup: [{ name: "Omar Uncle", phone: "+919876543211" }] };
    const needs = await consentNeedsFor(server.db, group.enrolmentIds);
    expect(needs.get(sealedChild)).toEqual(expected);
    expect(needs.get(plainChild)).toEqual(expected);
    // The job seals the plain rows (existing data migrated) under the current key.
    expect(await resealChildrenData(server.db)).toMatchObject({ answers: 1, pickups: 1, unreadable: 0 });
    const after = await stored();
    expect(
      [...after.answers.flatMap((a) => [a.allergies, a.medical]), ...after.pickups.flatMap((p) => [p.name, p.phone])].every((v) => v.startsWith("enc1:k1:")),
    ).toBe(true);
    // Rotation: the operator puts k2 first and keeps k1 (a restart with the new list).
    createApp({
      config: loadConfig({ NODE_ENV: "test", DATA_DIR: server.config.dataDir, DATABASE_URL: "sqlite::memory:", DATA_ENCRYPTION_KEYS: `k2:${k2},k1:${k1}` }),
      db: server.db,
      logger: createLogger("silent"),
    });
    expect((await consentNeedsFor(server.db, group.enrolmentIds)).get(plainChild)).toEqual(expected);
    expect(await resealChildrenData(server.db)).toMatchObject({ answers: 2, pickups: 2 });
    const rotated = await stored();
    expect(
      [...rotated.answers.flatMap((a) => [a.allergies, a.medical]), ...rotated.pickups.flatMap((p) => [p.name, p.phone])].every((v) =>
        v.startsWith("enc1:k2:"),
      ),
    ).toBe(true);
    expect((await consentNeedsFor(server.db, group.enrolmentIds)).get(sealedChild)).toEqual(expected);
    expect(await resealChildrenData(server.db)).toMatchObject({ answers: 0, pickups: 0 });
    // Authenticated: an altered value, a value moved to another column, or an unknown key opens to nothing.
    const one = rotated.answers[0]!.allergies;
    // Alter the cipher text's first character: its bits all count (the last one carries base64 padding bits
    // a decoder ignores, which once let a "tampered" value open).
    const cipherAt = one.lastIndexOf(".") + 1;
    const altered = one.slice(0, cipherAt) + (one[cipherAt] === "A" ? "B" : "A") + one.slice(cipherAt + 1);
    expect(openField("consent_answers.allergies", altered)).toBe(UNREADABLE);
    expect(openField("consent_answers.medical", one)).toBe(UNREADABLE);
    expect(openField("consent_answers.allergies", one.replace("enc1:k2:", "enc1:k9:"))).toBe(UNREADABLE);
  });

  it("shows an instructor the notes only on the class day and the day before; staff always; each view audited", async () => {
    const teacher = await server.db.selectFrom("teachers").select("id").orderBy("id").executeTakeFirstOrThrow();
    const instructor = await server.signIn("instructor");
    await server.db.updateTable("users").set({ teacher_id: teacher.id }).where("id", "=", instructor.user.id).execute();
    const soon = await groupWithMeeting(server.db, { teacherId: teacher.id, startsAt: new Date(Date.now() + 60 * 60_000), children: 1 });
    const later = await groupWithMeeting(server.db, { teacherId: teacher.id, startsAt: new Date(Date.now() + 5 * 86_400_000), children: 1 });
    await answersFor(soon.enrolmentIds[0]!, "sealed");
    await answersFor(later.enrolmentIds[0]!, "sealed");
    const views = () => server.db.selectFrom("audit_log").select(["user_id", "entity_id", "summary"]).where("action", "=", "view_children_data").execute();
    const get = (cookie: string, id: number) => server.request("GET", `/api/teaching/meetings/${id}`, { headers: { cookie } });
    const near = await get(instructor.cookie, soon.meetingId);
    expect(near.status).toBe(200);
    expect(near.body.children[0].needs).toMatchObject({ allergies: "Peanuts", medical: "Asthma: inhaler in bag" });
    expect(await views()).toEqual([expect.objectContaining({ user_id: instructor.user.id, entity_id: String(soon.meetingId) })]);
    const far = await get(instructor.cookie, later.meetingId);
    expect(far.status).toBe(200);
    expect(far.body.children[0].needs).toBeNull();
    expect(far.body.needsHidden).toBe(true);
    expect(JSON.stringify(far.body)).not.toMatch(/Peanuts|Asthma|Omar Uncle/);
    expect(await views()).toHaveLength(1);
    const admin = await server.signIn("admin");
    expect((await get(admin.cookie, later.meetingId)).body.children[0].needs).toMatchObject({ allergies: "Peanuts" });
    expect((await views()).map((v) => v.user_id)).toEqual([instructor.user.id, admin.user.id]);
  });
});
