import { describe, expect, it } from "vitest";
import { outboxMails, type SentMail } from "~server/test/outbox";
import { tokenHash } from "~server/security/one-time-links";
import { bookingLink, waitlistLink } from "~server/test/link-tokens";
import { waitlistFixture } from "~server/test/waitlist-fixture";
import type { Lang } from "~/i18n/lang";
import { sweepExpiredOffers } from "./waitlist.server";
import { zonedParts } from "~/lib/zoned-time";

const TZ = "Asia/Kolkata";

describe("the waitlist of full demo slots (issue 17, part 3)", () => {
  const fx = waitlistFixture(20);
  const { staff, details, join, entry, settle } = fx;
  const book = async (slotId: number, email: string) => {
    const res = await fx.server.request("POST", `/api/courses/${fx.course.slug}/demo-bookings`, { json: { slotId, ...details(email) } });
    expect(res.status).toBe(201);
    const row = await fx.server.db.selectFrom("demo_bookings").selectAll().where("reference", "=", res.body.reference).executeTakeFirstOrThrow();
    // The cancel link's token, as the e-mail carries it (the row keeps only a hash).
    return { ...row, cancel_token: await bookingLink(fx.server, { id: row.id }) };
  };
  const slotRow = (id: number) => fx.server.db.selectFrom("demo_slots").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const accept = (token: string, lang: Lang = "en") => fx.server.request("POST", `/api/demo-waitlist/accept?lang=${lang}`, { json: { token } });
  const leave = (token: string) => fx.server.request("POST", "/api/demo-waitlist/leave", { json: { token } });

  const mailsTo = async (address: string): Promise<SentMail[]> => {
    await settle();
    return outboxMails(fx.server.config.dataDir).filter((mail) => mail.to === address);
  };
  /** Seats counted on the slot against what holds them: live bookings and open offers. */
  async function seatBook(slotId: number) {
    const slot = await slotRow(slotId);
    const count = async (table: "demo_bookings" | "slot_waitlist", statuses: string[]) =>
      Number(
        (
          await fx.server.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .where("slot_id", "=", slotId)
            .where("status", "in", statuses as never[])
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      capacity: slot.capacity,
      seatsTaken: slot.seats_taken,
      bookings: await count("demo_bookings", ["booked", "attended", "no_show"]),
      offers: await count("slot_waitlist", ["offered"]),
      waiting: await count("slot_waitlist", ["waiting"]),
    };
  }

  it("a parent joins only a full slot's line, once, and is e-mailed their place with a link to leave (English and Arabic)", async () => {
    const slotId = await fx.slot(1);
    const early = await join(slotId, "early@example.com");
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ reason: "notFull", message: "This time still has free seats, so there is no waitlist: book it instead." });
    await book(slotId, "booked@example.com");

    const first = await join(slotId, "first@example.com");
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ position: 1, message: "You are on the waitlist, number 1 in line. We will e-mail you if a seat frees." });
    expect(first.body.statusUrl).toBe(`/booking/waitlist?token=${first.body.token}`);
    const second = await join(slotId, "Second@Example.com", "ar");
    expect(second.status).toBe(201);
    expect(second.body.position).toBe(2);
    expect(second.body.statusUrl).toMatch(/^\/ar\/booking\/waitlist\?token=/);
    expect(second.body.message).toBe("أنت الآن في قائمة الانتظار، وترتيبك فيها: 2. سنراسلك بالبريد الإلكتروني إذا أصبح هناك مقعد متاح.");

    // Once per e-mail and slot; not for a time the e-mail has booked.
    expect((await join(slotId, "second@example.com")).body).toMatchObject({ reason: "duplicate" });
    expect((await join(slotId, "booked@example.com")).body).toMatchObject({ reason: "booked" });

    const enMail = (await mailsTo("first@example.com"))[0]!;
    expect(enMail.subject).toMatch(/^You are on the waitlist: Python for Beginners on /);
    expect(enMail.text).toContain(`${fx.server.config.publicUrl}/booking/waitlist?token=${first.body.token}`);
    const arMail = (await mailsTo("second@example.com"))[0]!;
    expect(arMail.subject).toMatch(/^في قائمة الانتظار: /);
    expect(arMail.html).toContain('dir="rtl"');
    expect(arMail.text).toContain(`${fx.server.config.publicUrl}/ar/booking/waitlist?token=${second.body.token}`);

    const read = await fx.server.request("GET", `/api/demo-waitlist/${second.body.token}`);
    expect(read.status).toBe(200);
    expect(read.body.entry).toMatchObject({ status: "waiting", position: 2, childName: "Sami" });
  });

  it("refuses bad input with 4xx JSON, never 500", async () => {
    const slotId = await fx.slot(1);
    await book(slotId, "full@example.com");
    const missing = await fx.server.request("POST", `/api/courses/${fx.course.slug}/demo-waitlist`, { json: { slotId } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty("email");
    expect((await join(slotId, "bad-email")).status).toBe(400);
    expect((await join(slotId, "young@example.com", "en", { extra: { childAge: 2 } })).status).toBe(400);
    expect((await fx.server.request("POST", "/api/courses/no-such-course/demo-waitlist", { json: { slotId, ...details("x@example.com") } })).status).toBe(404);
    expect((await join(999_999, "x@example.com")).status).toBe(404);
    expect(
      (await fx.server.request("POST", `/api/courses/${fx.course.slug}/demo-waitlist`, { body: "not json", headers: { "content-type": "application/json" } }))
        .status,
    ).toBe(400);
    for (const token of ["", "a".repeat(101), "bad\u0000token", 42]) {
      const res = await fx.server.request("POST", "/api/demo-waitlist/accept", { json: { token } });
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe("string");
    }
    expect((await accept("x".repeat(32))).status).toBe(404);
    expect((await leave("x".repeat(32))).status).toBe(404);
    expect((await fx.server.request("GET", "/api/demo-waitlist/short")).status).toBe(404);
  });

  it("a cancellation offers the seat to the first in line, held for 12 hours by default; accepting books it with the confirmation e-mail", async () => {
    const slotId = await fx.slot(1);
    const taken = await book(slotId, "holder@example.com");
    const firstToken = (await join(slotId, "offer.first@example.com", "ar")).body.token as string;
    const secondToken = (await join(slotId, "offer.second@example.com")).body.token as string;

    expect((await fx.server.request("POST", "/api/demo-bookings/cancel", { json: { token: taken.cancel_token } })).status).toBe(200);
    const offered = await entry("offer.first@example.com", slotId);
    expect(offered.status).toBe("offered");
    expect(Date.parse(offered.offer_expires_at!) - Date.parse(offered.offered_at!)).toBe(12 * 3_600_000);
    // The held seat is counted: nobody else books it.
    expect(await seatBook(slotId)).toMatchObject({ seatsTaken: 1, bookings: 0, offers: 1, waiting: 1 });
    const other = await fx.server.request("POST", `/api/courses/${fx.course.slug}/demo-bookings`, { json: { slotId, ...details("sneaky@example.com") } });
    expect(other.status).toBe(409);

    const offerMail = (await mailsTo("offer.first@example.com")).find((mail) => mail.subject.startsWith("مقعد في الحصة التجريبية محجوز لك"));
    expect(offerMail?.text).toContain(`${fx.server.config.publicUrl}/ar/booking/waitlist/accept?token=${firstToken}`);
    expect(offerMail?.text).toContain("المقعد محجوز حتى");

    expect((await accept(secondToken)).body).toMatchObject({ reason: "waiting" });
    const accepted = await accept(firstToken, "ar");
    expect(accepted.status).toBe(201);
    expect(accepted.body.confirmationUrl).toMatch(/^\/ar\/courses\/python-for-beginners\/bookdemoclass\/book-demo-class-slot-booked-page\?ref=/);
    expect((await accept(firstToken)).body).toMatchObject({ reason: "accepted", message: "This offer was already accepted: the seat is booked." });
    expect(await seatBook(slotId)).toMatchObject({ seatsTaken: 1, bookings: 1, offers: 0, waiting: 1 });

    const booking = await fx.server.db.selectFrom("demo_bookings").selectAll().where("reference", "=", accepted.body.reference).executeTakeFirstOrThrow();
    expect(booking).toMatchObject({ email: "offer.first@example.com", lang: "ar", status: "booked", course_id: fx.course.id });
    const confirmation = (await mailsTo("offer.first@example.com")).find((mail) => mail.raw.includes("demo-class.ics"));
    expect(confirmation?.text).toContain(`/ar/booking/cancel?token=${await bookingLink(fx.server, { id: booking.id })}`);
    // Staff are told of it as of any booking.
    const academy = (await staff("GET", "/api/admin/settings")).body.settings.email as string;
    expect((await mailsTo(academy)).some((mail) => mail.text.includes(booking.code!) && mail.text.includes("offer.first@example.com"))).toBe(true);
  });

  it("an offer that runs out passes to the next in line; with nobody left the seat is free again", async () => {
    const slotId = await fx.slot(1);
    const taken = await book(slotId, "expiry.holder@example.com");
    const a = (await join(slotId, "expiry.a@example.com")).body.token as string;
    const b = (await join(slotId, "expiry.b@example.com")).body.token as string;
    await fx.server.request("POST", "/api/demo-bookings/cancel", { json: { token: taken.cancel_token } });
    expect((await entry("expiry.a@example.com", slotId)).status).toBe("offered");

    // Not yet run out: the sweep leaves it.
    expect(await sweepExpiredOffers(fx.server.db, new Date(Date.now() + 11 * 3_600_000))).toBe(0);
    expect(await sweepExpiredOffers(fx.server.db, new Date(Date.now() + 13 * 3_600_000))).toBeGreaterThanOrEqual(1);
    expect((await entry("expiry.a@example.com", slotId)).status).toBe("expired");
    expect((await entry("expiry.b@example.com", slotId)).status).toBe("offered");
    expect((await accept(a)).body).toMatchObject({ reason: "expired" });
    expect(await seatBook(slotId)).toMatchObject({ seatsTaken: 1, offers: 1 });

    // Declining passes it on too; nobody is left, so the seat is bookable again.
    const declined = await leave(b);
    expect(declined.body).toMatchObject({ message: "You have left the waitlist." });
    expect((await leave(b)).body).toMatchObject({ message: "This place on the waitlist is no longer open." });
    expect(await seatBook(slotId)).toMatchObject({ seatsTaken: 0, offers: 0, waiting: 0 });
    expect((await accept(b)).body).toMatchObject({ reason: "left" });
    await book(slotId, "expiry.later@example.com");
  });

  it("staff raising a slot's capacity (or reopening it) offers the new seats in line order; the hold follows the setting", async () => {
    const settings = await staff("GET", "/api/admin/settings");
    expect((await staff("PUT", "/api/admin/settings", { ...settings.body.settings, waitlistHoldHours: 3 })).status).toBe(200);
    const slotId = await fx.slot(1);
    await book(slotId, "raise.holder@example.com");
    for (const n of [1, 2, 3]) expect((await join(slotId, `raise.${n}@example.com`)).status).toBe(201);
    expect((await staff("PATCH", `/api/admin/slots/${slotId}`, { capacity: 3 })).status).toBe(200);
    expect((await entry("raise.1@example.com", slotId)).status).toBe("offered");
    expect((await entry("raise.2@example.com", slotId)).status).toBe("offered");
    expect((await entry("raise.3@example.com", slotId)).status).toBe("waiting");
    const held = await entry("raise.1@example.com", slotId);
    expect(Date.parse(held.offer_expires_at!) - Date.parse(held.offered_at!)).toBe(3 * 3_600_000);
    expect(await seatBook(slotId)).toMatchObject({ capacity: 3, seatsTaken: 3, bookings: 1, offers: 2, waiting: 1 });

    // Staff see the line on the slots screen's data.
    const list = await staff(
      "GET",
      `/api/admin/slots?from=${zonedParts((await slotRow(slotId)).starts_at, TZ).date}&to=${zonedParts((await slotRow(slotId)).starts_at, TZ).date}`,
    );
    const slot = list.body.slots.find((s: { id: number }) => s.id === slotId);
    expect(slot.waitlist.map((w: { email: string; status: string; position: number | null }) => [w.email, w.status, w.position])).toEqual([
      ["raise.1@example.com", "offered", null],
      ["raise.2@example.com", "offered", null],
      ["raise.3@example.com", "waiting", 1],
    ]);
    expect((await staff("PUT", "/api/admin/settings", { ...settings.body.settings, waitlistHoldHours: 0 })).status).toBe(400);
    expect((await staff("PUT", "/api/admin/settings", { ...settings.body.settings, waitlistHoldHours: 12 })).status).toBe(200);
  });

  it("200 simultaneous acceptances into one slot never exceed its capacity and never lose a seat", async () => {
    const slotId = await fx.slot(1);
    await book(slotId, "race.holder@example.com");
    // 200 parents in line (written directly: the join endpoint is rate-limited per address).
    const now = new Date().toISOString();
    await fx.server.db
      .insertInto("slot_waitlist")
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          slot_id: slotId,
          course_id: fx.course.id,
          token: tokenHash(`race-token-${String(i).padStart(3, "0")}-xxxxxxxxxxxx`),
          child_name: "Racer",
          child_age: 10,
          parent_name: "Parent",
          email: `race.${i}@example.com`,
          phone: "+919876543210",
          lang: "en" as const,
          status: "waiting" as const,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    // Raising the capacity to 101 offers 100 seats, to the first 100 in line.
    expect((await staff("PATCH", `/api/admin/slots/${slotId}`, { capacity: 101 })).status).toBe(200);
    const links = async (status: "offered" | "waiting") =>
      Promise.all(
        (await fx.server.db.selectFrom("slot_waitlist").select("id").where("slot_id", "=", slotId).where("status", "=", status).orderBy("id").execute()).map(
          async (row) => ({ token: await waitlistLink(fx.server, row.id) }),
        ),
      );
    const offers = await links("offered");
    expect(offers).toHaveLength(100);

    // Round 1: 200 accepts at once, each open offer raced twice.
    const round1 = await Promise.all([...offers, ...offers].map((offer) => accept(offer.token)));
    const won = round1.filter((res) => res.status === 201).length;
    const refused = round1.filter((res) => res.status === 409 && res.body.reason === "accepted").length;
    expect(round1.every((res) => res.status === 201 || res.status === 409)).toBe(true);
    expect([won, refused]).toEqual([100, 100]);
    expect(await seatBook(slotId)).toEqual({ capacity: 101, seatsTaken: 101, bookings: 101, offers: 0, waiting: 100 });

    // Round 2: 30 cancellations pass seats down the line while 200 accepts of every waiting token and
    // 20 parents at the end of the line leaving race them.
    const booked = await fx.server.db.selectFrom("demo_bookings").select("id").where("slot_id", "=", slotId).where("status", "=", "booked").limit(30).execute();
    const bookings = await Promise.all(booked.map(async (row) => ({ cancel_token: await bookingLink(fx.server, { id: row.id }) })));
    const waiting = await links("waiting");
    const round2 = await Promise.all([
      ...bookings.map((b) => fx.server.request("POST", "/api/demo-bookings/cancel", { json: { token: b.cancel_token } })),
      ...[...waiting, ...waiting].map((w) => accept(w.token)),
      ...waiting.slice(-20).map((w) => leave(w.token)),
    ]);
    expect(round2.every((res) => res.status === 200 || res.status === 201 || res.status === 409)).toBe(true);
    const after = await seatBook(slotId);
    // Every seat is a booking or an open offer, the slot is never over capacity, and no freed seat sits idle while 50 wait.
    expect(after.seatsTaken).toBe(after.bookings + after.offers);
    expect(after.seatsTaken).toBe(101);
    expect(after.waiting).toBe(50);
    // Round 3: every still-open offer accepted at once (raced twice each).
    const open = await links("offered");
    await Promise.all([...open, ...open].map((offer) => accept(offer.token)));
    expect(await seatBook(slotId)).toEqual({ capacity: 101, seatsTaken: 101, bookings: 101, offers: 0, waiting: 50 });
    console.info(
      `[waitlist race] round 1: ${won} of 200 accepts booked, ${refused} refused; round 2: 30 cancels + 20 leaves + 200 accepts booked ${round2.filter((res) => res.status === 201).length}, left seats ${after.seatsTaken}/${after.capacity} = ${after.bookings} bookings + ${after.offers} open offers`,
    );
  }, 120_000);
});
