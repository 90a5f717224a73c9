import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { groupWithMeeting } from "~server/test/teaching-fixture";
import { signToken } from "~server/security/signed";
import { nowIso } from "~server/db/values";
import { zonedParts, zonedToUtc } from "~/lib/zoned-time";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { saveConsentAnswers } from "~/features/consent/consent.server";
import { sweepLatePickups } from "./late-pickups.server";

type Who = { cookie: string; user: { id: number } };

/**
 * Pickup at every class (issue 45 item 4, decision 142), on SQLite and PostgreSQL: only a guardian
 * whose role collects, or a person of the child's pickup list with their PIN, is handed the child;
 * another instructor hears 403; wrong PINs lock (423); a double record stores one; the collector's
 * photo never reaches another family or another instructor; a late pickup alerts staff once.
 */
describe("class pickups", () => {
  let server: TestServer;
  let instructor: Who;
  let other: Who;
  let primary: Who;
  let pickupGuardian: Who;
  let payer: Who;
  let stranger: Who;
  let group: Awaited<ReturnType<typeof groupWithMeeting>>;
  let ended: Awaited<ReturnType<typeof groupWithMeeting>>;
  const people = { withPin: 0, noPin: 0 };
  const as = (who: { cookie: string }) => ({ cookie: who.cookie, origin: server.url });
  const post = (who: Who, json: Record<string, unknown>) => server.request("POST", "/api/teaching/pickups", { json, headers: as(who) });
  const guardianOf = (who: Who, role: "pickup" | "payer", email: string) =>
    server.db
      .insertInto("family_guardians")
      .values({
        family_user_id: primary.user.id,
        user_id: who.user.id,
        email,
        role,
        token_hash: null,
        ref: randomBytes(6).toString("hex"),
        lang: "en",
        created_at: nowIso(),
        expires_at: nowIso(),
        accepted_at: nowIso(),
      })
      .execute();
  const passOf = async (who: Who) => {
    const answer = await server.request("GET", "/api/account/pickup-pass", { headers: as(who) });
    return answer.body.pass ? (new URL(answer.body.pass.url).searchParams.get("token") as string) : null;
  };
  const photoPost = async (who: Who, of: string, bytes?: Buffer) => {
    const form = new FormData();
    form.append("of", of);
    if (bytes) form.append("file", new Blob([new Uint8Array(bytes)]), "face.jpg");
    const response = await fetch(`${server.url}/api/account/pickup-photos`, { method: "POST", body: form, headers: as(who) });
    return { status: response.status, body: await response.json() };
  };
  const photoGet = async (id: number, who: Who | null) =>
    (await fetch(`${server.url}/api/pickup-photos/${id}?w=320`, { headers: who ? { cookie: who.cookie } : {} })).status;

  beforeAll(async () => {
    server = await startTestServer();
    const teachers = await server.db.selectFrom("teachers").select("id").orderBy("id").limit(2).execute();
    instructor = await server.signIn("instructor");
    other = await server.signIn("instructor");
    await server.db.updateTable("users").set({ teacher_id: teachers[0]!.id }).where("id", "=", instructor.user.id).execute();
    await server.db.updateTable("users").set({ teacher_id: teachers[1]!.id }).where("id", "=", other.user.id).execute();
    [primary, pickupGuardian, payer, stranger] = [
      await server.signIn("user"),
      await server.signIn("user"),
      await server.signIn("user"),
      await server.signIn("user"),
    ];
    await guardianOf(pickupGuardian, "pickup", "driver@example.com");
    await guardianOf(payer, "payer", "payer@example.com");
    const timeZone = await academyTimeZone(server.db);
    const today = zonedParts(new Date(), timeZone).date;
    // A class at noon today and one that ended an hour ago (within today or yesterday: both are looked back at).
    group = await groupWithMeeting(server.db, { teacherId: teachers[0]!.id, startsAt: zonedToUtc(today, "12:00", timeZone), children: 2 });
    ended = await groupWithMeeting(server.db, { teacherId: teachers[0]!.id, startsAt: new Date(Date.now() - 2 * 3_600_000), children: 2 });
    await server.db
      .updateTable("section_enrolments")
      .set({ user_id: primary.user.id })
      .where("id", "in", [...group.enrolmentIds, ended.enrolmentIds[0]!])
      .execute();
    // The pickup list of the first child: one person with a PIN, one without.
    const admin = await server.signIn("admin");
    const form = await server.request("POST", "/api/admin/consent-forms", {
      json: { kind: "pickup", required: false, titleEn: "Pickup", titleAr: "الاستلام", bodyEn: "Who collects", bodyAr: "من يستلم" },
      headers: as(admin),
    });
    const version = await server.db.selectFrom("consent_forms").select("current_version").where("id", "=", form.body.id).executeTakeFirstOrThrow();
    const versionId = (
      await server.db
        .selectFrom("consent_versions")
        .select("id")
        .where("form_id", "=", form.body.id)
        .where("version", "=", version.current_version)
        .executeTakeFirstOrThrow()
    ).id;
    const child = await server.db
      .selectFrom("section_enrolments")
      .select(["email", "child_name"])
      .where("id", "=", group.enrolmentIds[0]!)
      .executeTakeFirstOrThrow();
    await server.db.transaction().execute((trx) =>
      saveConsentAnswers(
        trx,
        server.config.sessionSecret,
        [
          {
            formId: form.body.id,
            versionId,
            agreed: true,
            allergies: "",
            medical: "",
            pickups: [
              { name: "Omar Driver", phone: "+919876543211", pin: "4321" },
              { name: "Aunt Huda", phone: "+919876543212", pin: "" },
            ],
          },
        ],
        { email: child.email, childName: child.child_name, signerName: "Parent", userId: primary.user.id, lang: "en" },
      ),
    );
    const rows = await server.db.selectFrom("consent_pickups").select(["id", "pin_hash"]).orderBy("id").execute();
    people.withPin = rows.find((r) => r.pin_hash)!.id;
    people.noPin = rows.find((r) => !r.pin_hash)!.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("gives a pickup pass to the roles that collect, and hands a child over once to an allowed guardian", async () => {
    expect(await passOf(primary)).toMatch(/^\d+\.\d+\.[\w-]{43}$/);
    const token = (await passOf(pickupGuardian))!;
    expect(token).toBeTruthy();
    // A payer has no pickup part at all.
    expect((await server.request("GET", "/api/account/pickup-pass", { headers: as(payer) })).status).toBe(403);
    const child = { meetingId: group.meetingId, enrolmentId: group.enrolmentIds[0]! };
    // Another instructor's group: 403, nothing recorded; a parent is not teaching.
    expect((await post(other, { ...child, token })).status).toBe(403);
    expect((await post(primary, { ...child, token })).status).toBe(403);
    expect(await server.countRows("class_pickups")).toBe(0);
    // The pass screen names the guardian and their children in the instructor's classes today.
    const screen = await server.request("GET", `/api/teaching/pickup-pass?token=${token}`, { headers: as(instructor) });
    expect(screen.status).toBe(200);
    expect(screen.body.collector).toMatchObject({ mayCollect: true });
    expect(screen.body.children.map((c: { enrolmentId: number }) => c.enrolmentId)).toEqual(expect.arrayContaining(group.enrolmentIds));
    // Two records at once: one row, the second answers already.
    const [a, b] = await Promise.all([post(instructor, { ...child, token }), post(instructor, { ...child, token })]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect([a.body.already, b.body.already].sort()).toEqual([false, true]);
    const rows = await server.db.selectFrom("class_pickups").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ guardian_user_id: pickupGuardian.user.id, recorded_by: instructor.user.id, meeting_id: group.meetingId });
  });

  it("refuses a collector who may not collect, audited, recording nothing", async () => {
    const before = await server.countRows("class_pickups");
    const child = { meetingId: group.meetingId, enrolmentId: group.enrolmentIds[1]! };
    // A payer's pass (signed, as if their role changed after it was shown), another family's primary.
    const payerPass = signToken(server.config.sessionSecret, "pickup-pass", [payer.user.id], Date.now() + 60_000);
    const refused = await post(instructor, { ...child, token: payerPass });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/may not collect/);
    expect((await post(instructor, { ...child, token: (await passOf(stranger))! })).status).toBe(403);
    const audits = await server.db.selectFrom("audit_log").select("action").where("action", "=", "pickup_refused").execute();
    expect(audits.length).toBeGreaterThanOrEqual(2);
    // Expired, forged, another purpose, malformed; a meeting not today; no collector at all.
    const expired = signToken(server.config.sessionSecret, "pickup-pass", [primary.user.id], Date.now() - 1000);
    expect((await post(instructor, { ...child, token: expired })).status).toBe(410);
    const classPass = signToken(server.config.sessionSecret, "class-pass", [primary.user.id], Date.now() + 60_000);
    expect((await post(instructor, { ...child, token: classPass })).status).toBe(400);
    for (const body of [{ ...child, token: "1.2.<x>" }, { ...child }, { meetingId: "x", enrolmentId: 1, pickupId: 1 }, { ...child, pickupId: 1, pin: "12" }])
      expect((await post(instructor, body)).status, JSON.stringify(body)).toBe(400);
    expect((await post(instructor, { meetingId: group.meetingId, enrolmentId: ended.enrolmentIds[1]!, pickupId: people.noPin })).status).toBe(404);
    expect(await server.countRows("class_pickups")).toBe(before);
  });

  it("checks a pickup person's PIN with the camp's checker: wrong tries lock it (423), even for the right PIN", async () => {
    const child = { meetingId: group.meetingId, enrolmentId: group.enrolmentIds[0]! };
    await server.db.deleteFrom("class_pickups").execute();
    // Someone of another child's list is not on this one's.
    expect((await post(instructor, { ...child, pickupId: 999_999 })).status).toBe(403);
    expect((await post(instructor, { ...child, pickupId: people.withPin })).status).toBe(400);
    for (let i = 0; i < 4; i++) expect((await post(instructor, { ...child, pickupId: people.withPin, pin: "0000" })).status).toBe(400);
    const locked = await post(instructor, { ...child, pickupId: people.withPin, pin: "0000" });
    expect(locked.status).toBe(423);
    expect((await post(instructor, { ...child, pickupId: people.withPin, pin: "4321" })).status).toBe(423);
    expect(await server.countRows("class_pickups")).toBe(0);
    // The person without a PIN may be chosen (the camp's rule), and the roster shows who collected.
    const done = await post(instructor, { ...child, pickupId: people.noPin });
    expect(done.status).toBe(201);
    expect(done.body.collectedBy).toBe("Aunt Huda");
    const roster = await server.request("GET", `/api/teaching/meetings/${group.meetingId}`, { headers: as(instructor) });
    expect(roster.body.children.find((c: { enrolmentId: number }) => c.enrolmentId === child.enrolmentId).collectedBy).toBe("Aunt Huda");
  });

  it("keeps a collector's photo from other families and other instructors", async () => {
    const face = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 200, g: 150, b: 120 } } })
      .jpeg()
      .withExif({ IFD0: { Artist: "secret-artist" } })
      .toBuffer();
    const own = await photoPost(pickupGuardian, "self", face);
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    // The primary adds one for a person of the pickup list; a payer cannot; another family's person is not theirs.
    expect((await photoPost(primary, String(people.withPin), face)).status).toBe(201);
    expect((await photoPost(payer, "self", face)).status).toBe(403);
    expect((await photoPost(stranger, String(people.withPin), face)).status).toBe(404);
    expect((await photoPost(pickupGuardian, "self", Buffer.from("not an image"))).status).toBe(400);
    const id = own.body.photoId as number;
    expect(await photoGet(id, instructor)).toBe(200);
    expect(await photoGet(id, pickupGuardian)).toBe(200);
    expect(await photoGet(id, primary)).toBe(200);
    for (const who of [other, stranger]) expect(await photoGet(id, who)).toBe(404);
    expect(await photoGet(id, null)).toBe(404);
    const served = await fetch(`${server.url}/api/pickup-photos/${id}?w=320`, { headers: { cookie: instructor.cookie } });
    expect(served.headers.get("cache-control")).toContain("no-store");
    expect(Buffer.from(await served.arrayBuffer()).toString("latin1")).not.toContain("secret-artist");
    // The pickup screen shows it to the instructor beside the guardian's name.
    const screen = await server.request("GET", `/api/teaching/pickups?meetingId=${group.meetingId}&enrolmentId=${group.enrolmentIds[0]}`, {
      headers: as(instructor),
    });
    expect(screen.body.collectors.find((c: { kind: string; id: number }) => c.kind === "guardian" && c.id === pickupGuardian.user.id).photoId).toBe(id);
    expect(
      (await server.request("GET", `/api/teaching/pickups?meetingId=${group.meetingId}&enrolmentId=${group.enrolmentIds[0]}`, { headers: as(other) })).status,
    ).toBe(403);
  });

  it("alerts staff once of a child not collected after class, across two sweeps at once", async () => {
    const now = new Date();
    await server.db
      .insertInto("meeting_attendance")
      .values(
        ended.enrolmentIds.map((id) => ({
          meeting_id: ended.meetingId,
          enrolment_id: id,
          status: "present" as const,
          marked_by: instructor.user.id,
          created_at: nowIso(),
          updated_at: nowIso(),
        })),
      )
      .execute();
    // The second child was collected: no alert for them.
    await server.db
      .insertInto("class_pickups")
      .values({
        meeting_id: ended.meetingId,
        enrolment_id: ended.enrolmentIds[1]!,
        collected_by: "Someone",
        recorded_by: instructor.user.id,
        created_at: nowIso(),
      })
      .execute();
    const mails = () => server.db.selectFrom("jobs").select("payload").where("kind", "=", "mail").execute();
    const before = (await mails()).filter((m) => String(m.payload).includes("latePickup")).length;
    const [a, b] = await Promise.all([sweepLatePickups(server.db, server.url, now), sweepLatePickups(server.db, server.url, now)]);
    expect(a + b).toBe(1);
    expect(await sweepLatePickups(server.db, server.url, now)).toBe(0);
    expect(await server.db.selectFrom("late_pickup_alerts").select(["meeting_id", "enrolment_id"]).execute()).toEqual([
      { meeting_id: ended.meetingId, enrolment_id: ended.enrolmentIds[0] },
    ]);
    expect((await mails()).filter((m) => String(m.payload).includes("latePickup")).length).toBe(before + 1);
    // The roster says "not collected".
    const roster = await server.request("GET", `/api/teaching/meetings/${ended.meetingId}`, { headers: as(instructor) });
    const states = roster.body.children.map((c: { enrolmentId: number; notCollected: boolean }) => [c.enrolmentId, c.notCollected]);
    expect(states).toEqual(
      expect.arrayContaining([
        [ended.enrolmentIds[0], true],
        [ended.enrolmentIds[1], false],
      ]),
    );
  });
});
