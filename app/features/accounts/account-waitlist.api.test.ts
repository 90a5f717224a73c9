import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { nowIso } from "~server/db/values";
import { outboxMails } from "~server/test/outbox";
import { waitlistLink } from "~server/test/link-tokens";
import { waitlistFixture } from "~server/test/waitlist-fixture";
import { createUser } from "./accounts.server";
import { ERASED } from "./account-space.server";

/** The account's waitlist places (decision 032): listed in /account, exported, left and erased with the account. */
describe("my account and my waitlist places", () => {
  const fx = waitlistFixture(30);
  const { staff, fullSlot, joined, entry, settle } = fx;
  async function parent(verified = true) {
    const email = `parent-${randomBytes(5).toString("hex")}@example.com`;
    const password = "Parent-Passw0rd";
    const id = (await createUser(fx.server.db, { username: "Huda", email, password, contactNumber: "+919876543210" }))!;
    if (verified) await fx.server.db.updateTable("users").set({ email_verified_at: nowIso() }).where("id", "=", id).execute();
    const login = await fx.server.request("POST", "/login", { json: { email, password } });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    return { id, email, headers: { cookie, origin: fx.server.url } };
  }

  it("lists, exports, and on deletion leaves and erases the places of the account's proven e-mail; a held seat passes to the next parent", async () => {
    const huda = await parent();
    const waitingSlot = await fullSlot();
    const offerSlot = await fullSlot();
    await joined(waitingSlot, huda.email.toUpperCase());
    await joined(waitingSlot, "next-a@example.com");
    await joined(offerSlot, huda.email);
    await joined(offerSlot, "next-b@example.com");
    // A second seat on the offer slot: it is held for Huda, first in its line.
    expect((await staff("PATCH", `/api/admin/slots/${offerSlot}`, { capacity: 2 })).status).toBe(200);
    expect((await entry(huda.email, offerSlot)).status).toBe("offered");

    const overview = await fx.server.request("GET", "/api/account", { headers: huda.headers });
    expect(overview.status).toBe(200);
    const places = overview.body.waitlist as Array<Record<string, unknown>>;
    expect(places).toHaveLength(2);
    const waiting = places.find((p) => p.status === "waiting")!;
    const offered = places.find((p) => p.status === "offered")!;
    expect(waiting).toMatchObject({ courseName: "Python for Beginners", childName: "Sami", position: 1, acceptUrl: null, offerExpiresLabel: null });
    expect(waiting.pageUrl).toBe(`/booking/waitlist?token=${await waitlistLink(fx.server, (await entry(huda.email, waitingSlot)).id)}`);
    expect(offered.acceptUrl).toBe(`/booking/waitlist/accept?token=${await waitlistLink(fx.server, (await entry(huda.email, offerSlot)).id)}`);
    expect(offered.offerExpiresLabel).toMatch(/\d/);
    const arabic = await fx.server.request("GET", "/api/account?lang=ar", { headers: huda.headers });
    expect(arabic.body.waitlist[0].pageUrl).toMatch(/^\/ar\/booking\/waitlist\?token=/);

    const exported = await fx.server.request("GET", "/api/account/export", { headers: huda.headers });
    expect(exported.status).toBe(200);
    expect(exported.body.waitlistPlaces).toHaveLength(2);
    expect(exported.body.waitlistPlaces[0]).toMatchObject({
      course: "Python for Beginners",
      childName: "Sami",
      childAge: 13,
      parentName: "Huda",
      phone: expect.any(String),
    });
    expect(JSON.stringify(exported.body)).not.toMatch(/token|next-a@|next-b@/);

    await settle();
    const deleted = await fx.server.request("POST", "/api/account/delete", { json: { email: huda.email }, headers: huda.headers });
    expect(deleted.status).toBe(200);
    for (const slotId of [waitingSlot, offerSlot]) {
      const row = await fx.server.db.selectFrom("slot_waitlist").selectAll().where("slot_id", "=", slotId).orderBy("id").executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "left", child_name: ERASED, parent_name: ERASED, phone: ERASED });
      expect(row.email).toMatch(/^erased-[0-9a-f]+@erased\.invalid$/);
    }
    // The held seat went on to the next parent, in the deletion's transaction, with its e-mail.
    expect((await entry("next-b@example.com", offerSlot)).status).toBe("offered");
    const slot = await fx.server.db.selectFrom("demo_slots").select("seats_taken").where("id", "=", offerSlot).executeTakeFirstOrThrow();
    expect(slot.seats_taken).toBe(2);
    expect((await entry("next-a@example.com", waitingSlot)).status).toBe("waiting");
    await settle();
    expect(
      outboxMails(fx.server.config.dataDir)
        .filter((mail) => mail.to === "next-b@example.com")
        .map((mail) => mail.subject),
    ).toEqual([expect.stringMatching(/waitlist/i), expect.stringMatching(/seat/i)]);
    const audit = await fx.server.db.selectFrom("audit_log").selectAll().where("entity", "=", "account").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(JSON.parse(audit.summary)).toMatchObject({ waitlistPlacesLeft: 2, waitlistPlacesErased: 2 });
    expect(JSON.stringify(await fx.server.db.selectFrom("slot_waitlist").selectAll().execute()).toLowerCase()).not.toContain(huda.email);
  });

  it("neither lists nor touches the places of an e-mail the account has not proven", async () => {
    const unproven = await parent(false);
    const slotId = await fullSlot();
    await joined(slotId, unproven.email);
    const overview = await fx.server.request("GET", "/api/account", { headers: unproven.headers });
    expect(overview.body.waitlist).toEqual([]);
    expect((await fx.server.request("GET", "/api/account/export", { headers: unproven.headers })).body.waitlistPlaces).toEqual([]);
    expect((await fx.server.request("POST", "/api/account/delete", { json: { email: unproven.email }, headers: unproven.headers })).status).toBe(200);
    expect(await entry(unproven.email, slotId)).toMatchObject({ status: "waiting", child_name: "Sami" });
  });
});
