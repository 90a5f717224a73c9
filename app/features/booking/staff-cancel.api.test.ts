import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "~server/db/values";
import { startTestServer, type TestServer } from "~server/test/harness";
import { bookingLink } from "~server/test/link-tokens";
import { parseEml, type SentMail, waitForJobs } from "~server/test/outbox";
import type { Lang } from "~/i18n/lang";
import { formatDateLabel, formatTimeLabel } from "~/kernel/slot-format";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { mailJobsOf } from "~server/test/mail-jobs";
import { staffCancelMailKind } from "./booking.jobs.server";

const TZ = "Asia/Kolkata";
const SUBJECT = { en: "Demo class cancelled: ", ar: "أُلغيت الحصة التجريبية: " };

describe("parents are e-mailed when staff cancel their demo class (issue 16, defect 4)", () => {
  let server: TestServer;
  let admin: { cookie: string };
  let course: { id: number; slug: string; name_en: string; name_ar: string };
  const day = (offset: number) => addDays(zonedParts(new Date(), TZ).date, offset);

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.signIn("admin");
    course = await server.db
      .selectFrom("courses")
      .select(["id", "slug", "name_en", "name_ar"])
      .where("slug", "=", "python-for-beginners")
      .executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await server?.close();
  });

  const staff = (method: string, url: string, json?: unknown) => server.request(method, url, { json, headers: { cookie: admin.cookie, origin: server.url } });
  const makeSlot = async (offset: number, courseId: number | null = course.id, capacity = 5) => {
    const created = await staff("POST", "/api/admin/slots", { date: day(offset), time: "10:30", durationMinutes: 60, capacity, courseId });
    expect(created.status).toBe(201);
    return created.body.id as number;
  };
  const book = async (slug: string, slotId: number, email: string, lang: Lang, extra: Record<string, unknown> = {}) => {
    const res = await server.request("POST", `/api/courses/${slug}/demo-bookings?lang=${lang}`, {
      json: { slotId, childName: "Sami", childAge: 13, parentName: "Huda", email, phone: "9876543210", ...extra },
    });
    expect(res.status).toBe(201);
    return (
      await server.db.selectFrom("demo_bookings").select(["id", "cancel_token", "status"]).where("reference", "=", res.body.reference).executeTakeFirstOrThrow()
    ).id;
  };
  const slotRow = (id: number) => server.db.selectFrom("demo_slots").selectAll().where("id", "=", id).executeTakeFirst();
  const bookingRow = (id: number) => server.db.selectFrom("demo_bookings").selectAll().where("id", "=", id).executeTakeFirst();

  /** Waits until the worker has run every queued job (the mails are then in the outbox). */
  const settle = () => waitForJobs(server.db);

  /** The staff-cancellation mails sent to this address (after the jobs settled). */
  async function cancelMailsTo(address: string): Promise<SentMail[]> {
    await settle();
    const outbox = path.join(server.config.dataDir, "outbox");
    const mails = existsSync(outbox) ? readdirSync(outbox).map((file) => parseEml(readFileSync(path.join(outbox, file), "utf8"))) : [];
    return mails.filter((mail) => mail.to === address && (mail.subject.startsWith(SUBJECT.en) || mail.subject.startsWith(SUBJECT.ar)));
  }

  it("staff cancelling one booking e-mails that parent once, in their language, with the course's booking page", async () => {
    const slotId = await makeSlot(50);
    const english = await book(course.slug, slotId, "one.en@example.com", "en", { parentName: `Nadia "Mum" <b>&</b>` });
    const arabic = await book(course.slug, slotId, "one.ar@example.com", "ar", { childName: "<script>alert(1)</script>" });
    const bystander = await book(course.slug, slotId, "one.bystander@example.com", "en");
    const { starts_at } = (await slotRow(slotId))!;

    for (const id of [english, arabic]) {
      const cancel = await staff("POST", `/api/admin/slots/bookings/${id}/cancel`);
      expect(cancel.status).toBe(200);
      expect(cancel.body).toMatchObject({ status: "cancelled", message: "Booking cancelled; the seat is free again." });
      // Asking again changes nothing and sends nothing more.
      expect((await staff("POST", `/api/admin/slots/bookings/${id}/cancel`)).body.message).toBe("This booking was already cancelled.");
    }
    expect((await slotRow(slotId))!.seats_taken).toBe(1);
    expect((await bookingRow(english))!.status).toBe("cancelled");
    expect((await bookingRow(bystander))!.status).toBe("booked");

    const [en, ...moreEn] = await cancelMailsTo("one.en@example.com");
    expect(moreEn).toHaveLength(0);
    expect(en!.subject).toBe(`Demo class cancelled: ${course.name_en} on ${formatDateLabel(starts_at, TZ, "en")}`);
    expect(en!.text).toContain("the academy has cancelled the demo class booked for Sami");
    expect(en!.text).toContain("Please accept our apologies");
    expect(en!.text).toContain(`Course: ${course.name_en}`);
    expect(en!.text).toContain(`Date: ${formatDateLabel(starts_at, TZ, "en")}`);
    expect(en!.text).toContain(`Time: ${formatTimeLabel(starts_at, TZ, "en")} India Standard Time (Asia/Kolkata)`);
    expect(en!.text).toContain(`${server.config.publicUrl}/courses/${course.slug}/bookdemoclass`);
    expect(en!.html).toContain(`<html lang="en" dir="ltr">`);
    expect(en!.html).toContain(`href="${server.config.publicUrl}/courses/${course.slug}/bookdemoclass"`);
    // What the parent typed is text in the HTML, never markup.
    expect(en!.html).toContain("Hello Nadia &quot;Mum&quot; &lt;b&gt;&amp;&lt;/b&gt;,");
    expect(en!.html).not.toContain("<b>&</b>");

    const [ar, ...moreAr] = await cancelMailsTo("one.ar@example.com");
    expect(moreAr).toHaveLength(0);
    expect(ar!.subject).toBe(`أُلغيت الحصة التجريبية: ${course.name_ar} يوم ${formatDateLabel(starts_at, TZ, "ar")}`);
    expect(ar!.text).toContain("يؤسفنا إبلاغكم بأن الأكاديمية ألغت الحصة التجريبية");
    expect(ar!.text).toContain(formatTimeLabel(starts_at, TZ, "ar"));
    expect(ar!.text).toContain(`${server.config.publicUrl}/ar/courses/${course.slug}/bookdemoclass`);
    expect(ar!.text).not.toContain("Demo class");
    expect(ar!.html).toContain(`<html lang="ar" dir="rtl">`);
    expect(ar!.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(ar!.html).not.toContain("<script>");

    expect(await cancelMailsTo("one.bystander@example.com")).toHaveLength(0);
  });

  it("deleting a slot with an English and an Arabic booking asks first, then cancels both and e-mails each parent in their language", async () => {
    const slotId = await makeSlot(51);
    const english = await book(course.slug, slotId, "slot.en@example.com", "en");
    const arabic = await book(course.slug, slotId, "slot.ar@example.com", "ar");
    const { starts_at } = (await slotRow(slotId))!;

    const ask = await staff("DELETE", `/api/admin/slots/${slotId}`);
    expect(ask.status).toBe(409);
    expect(ask.body).toMatchObject({ bookings: 2 });
    expect(ask.body.message).toMatch(/live bookings \(2\)/);
    // A confirmation that is not exactly "1" is no confirmation.
    for (const query of ["confirm=yes", "confirm=1&confirm=1", "confirm[]=1", "confirm=%3Cscript%3E"]) {
      const odd = await staff("DELETE", `/api/admin/slots/${slotId}?${query}`);
      expect(odd.status, query).toBe(409);
      expect(odd.body.message, query).toBeTruthy();
    }
    expect((await bookingRow(english))!.status).toBe("booked");
    expect(await cancelMailsTo("slot.en@example.com")).toHaveLength(0);

    const confirmed = await staff("DELETE", `/api/admin/slots/${slotId}?confirm=1`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ cancelled: 2, message: "Slot deleted; 2 booking(s) cancelled and the parents e-mailed." });
    expect(await slotRow(slotId)).toBeUndefined();
    expect(await bookingRow(english)).toBeUndefined();
    expect(await bookingRow(arabic)).toBeUndefined();
    expect((await staff("DELETE", `/api/admin/slots/${slotId}?confirm=1`)).status).toBe(404);

    const en = await cancelMailsTo("slot.en@example.com");
    expect(en).toHaveLength(1);
    expect(en[0]!.subject).toBe(`Demo class cancelled: ${course.name_en} on ${formatDateLabel(starts_at, TZ, "en")}`);
    expect(en[0]!.text).toContain(`${server.config.publicUrl}/courses/${course.slug}/bookdemoclass`);
    const ar = await cancelMailsTo("slot.ar@example.com");
    expect(ar).toHaveLength(1);
    expect(ar[0]!.subject).toBe(`أُلغيت الحصة التجريبية: ${course.name_ar} يوم ${formatDateLabel(starts_at, TZ, "ar")}`);
    expect(ar[0]!.text).toContain(`${server.config.publicUrl}/ar/courses/${course.slug}/bookdemoclass`);

    const trail = await server.db
      .selectFrom("audit_log")
      .select(["action", "summary"])
      .where("entity", "=", "demo_slot")
      .where("entity_id", "=", String(slotId))
      .execute();
    expect(trail.map((row) => row.action)).toContain("delete");
    expect(trail.find((row) => row.action === "delete")?.summary).toContain('"cancelledBookings":2');
  });

  it("a booking racing a confirmed delete is either refused or cancelled and mailed, never left without its slot", async () => {
    for (let round = 0; round < 4; round++) {
      const slotId = await makeSlot(60 + round);
      await book(course.slug, slotId, `race.first${round}@example.com`, "en");
      const email = `race.second${round}@example.com`;
      const [deleted, booked] = await Promise.all([
        staff("DELETE", `/api/admin/slots/${slotId}?confirm=1`),
        server.request("POST", `/api/courses/${course.slug}/demo-bookings`, {
          json: { slotId, childName: "Racer", childAge: 13, parentName: "Rana", email, phone: "9876543210" },
        }),
      ]);
      expect(deleted.status).toBe(200);
      expect(await slotRow(slotId)).toBeUndefined();
      expect(await server.db.selectFrom("demo_bookings").select("id").where("slot_id", "=", slotId).execute()).toHaveLength(0);
      expect(await cancelMailsTo(`race.first${round}@example.com`)).toHaveLength(1);
      if (booked.status === 201) {
        expect(deleted.body.cancelled).toBe(2);
        expect(await cancelMailsTo(email)).toHaveLength(1);
      } else {
        expect([404, 409]).toContain(booked.status);
        expect(deleted.body.cancelled).toBe(1);
        expect(await cancelMailsTo(email)).toHaveLength(0);
      }
    }
  });

  it("closing a slot only stops new bookings: its booked classes still happen and nobody is e-mailed", async () => {
    const slotId = await makeSlot(52);
    const booked = await book(course.slug, slotId, "closed.slot@example.com", "en");
    expect((await staff("PATCH", `/api/admin/slots/${slotId}`, { status: "closed" })).status).toBe(200);
    expect((await bookingRow(booked))!.status).toBe("booked");
    expect((await slotRow(slotId))!.seats_taken).toBe(1);
    expect(await cancelMailsTo("closed.slot@example.com")).toHaveLength(0);
  });

  it("a class that has already started keeps its bookings: no cancellation by slot delete, no mail for a late staff cancel", async () => {
    const now = nowIso();
    const past = await server.db
      .insertInto("demo_slots")
      .values({
        starts_at: "2020-01-01T10:00:00.000Z",
        duration_minutes: 60,
        capacity: 5,
        seats_taken: 2,
        course_id: course.id,
        status: "open",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const insertBooking = (n: number) =>
      server.db
        .insertInto("demo_bookings")
        .values({
          reference: `PASTREF${n}xxxxxxxxxx`,
          cancel_token: `pasttok${n}xxxxxxxxxx`,
          slot_id: past.id,
          course_id: course.id,
          course_name: course.name_en,
          child_name: "Old",
          child_age: 9,
          parent_name: "Past",
          email: `past${n}@example.com`,
          phone: "9876543210",
          lang: "en",
          status: "attended",
          user_id: null,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    const first = await insertBooking(1);
    await insertBooking(2);
    const refused = await staff("DELETE", `/api/admin/slots/${past.id}?confirm=1`);
    expect(refused.status).toBe(409);
    expect(refused.body.bookings).toBe(2);
    expect(refused.body.message).toMatch(/^This class has started/);
    expect((await slotRow(past.id))!.status).toBe("open");
    // Staff may still cancel one (as before), but no "your class is cancelled" mail goes out for a class held years ago.
    expect((await staff("POST", `/api/admin/slots/bookings/${first.id}/cancel`)).status).toBe(200);
    expect((await bookingRow(first.id))!.status).toBe("cancelled");
    expect(await cancelMailsTo("past1@example.com")).toHaveLength(0);
    expect(await cancelMailsTo("past2@example.com")).toHaveLength(0);
  });

  it("deleting a course cancels its future bookings, frees their seats, closes its slots and e-mails a link to the course list", async () => {
    const created = await staff("POST", "/api/admin/courses", {
      key: "doomed_course",
      slug: "doomed-course",
      nameEn: "Doomed Course",
      nameAr: "دورة ستُحذف",
      descriptionEn: "Soon gone.",
      descriptionAr: "ستُحذف قريبًا.",
      sessions: 4,
      minAge: 8,
      maxAge: 14,
      price: 100,
      discounted: false,
      originalPrice: null,
      instructor: "Ms. Gone",
      rating: null,
      imageUrl: "/images/course.webp",
      contentEn: [],
      contentAr: [],
      faqs: [],
      metaTitle: "",
      metaDescription: "",
      metaKeywords: "",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const courseId = created.body.id as number;
    const ownSlot = await makeSlot(53, courseId);
    const sharedSlot = await makeSlot(54, null);
    const english = await book("doomed-course", ownSlot, "course.en@example.com", "en");
    const arabic = await book("doomed-course", sharedSlot, "course.ar@example.com", "ar");
    const otherCourse = await book(course.slug, sharedSlot, "course.other@example.com", "en");
    const ownStart = (await slotRow(ownSlot))!.starts_at;

    const ask = await staff("DELETE", `/api/admin/courses/${courseId}`);
    expect(ask.status).toBe(409);
    expect(ask.body.bookings).toBe(2);
    expect(await cancelMailsTo("course.en@example.com")).toHaveLength(0);

    expect((await staff("DELETE", `/api/admin/courses/${courseId}?confirm=1`)).status).toBe(200);
    expect(await bookingRow(english)).toMatchObject({ status: "cancelled", course_id: null, course_name: "Doomed Course" });
    expect(await bookingRow(arabic)).toMatchObject({ status: "cancelled", course_id: null });
    expect((await bookingRow(otherCourse))!.status).toBe("booked");
    // Its own slot is closed (not left open to every course); the shared slot keeps the other course's seat.
    expect(await slotRow(ownSlot)).toMatchObject({ status: "closed", seats_taken: 0, course_id: null });
    expect(await slotRow(sharedSlot)).toMatchObject({ status: "open", seats_taken: 1 });

    const [en, ...moreEn] = await cancelMailsTo("course.en@example.com");
    expect(moreEn).toHaveLength(0);
    expect(en!.subject).toBe(`Demo class cancelled: Doomed Course on ${formatDateLabel(ownStart, TZ, "en")}`);
    expect(en!.text).toContain(`${server.config.publicUrl}/courses\n`);
    expect(en!.text).not.toContain("bookdemoclass");
    expect(en!.html).toContain(`href="${server.config.publicUrl}/courses"`);
    const [ar, ...moreAr] = await cancelMailsTo("course.ar@example.com");
    expect(moreAr).toHaveLength(0);
    expect(ar!.subject).toContain("دورة ستُحذف");
    expect(ar!.text).toContain(`${server.config.publicUrl}/ar/courses\n`);
    expect(await cancelMailsTo("course.other@example.com")).toHaveLength(0);
  });

  it("a parent cancelling with their own link gets no staff-cancel mail, and an already-cancelled booking is never mailed", async () => {
    const slotId = await makeSlot(55);
    const id = await book(course.slug, slotId, "self.cancel@example.com", "en");
    const self = await server.request("POST", "/api/demo-bookings/cancel", { json: { token: await bookingLink(server, { id }) } });
    expect(self.status).toBe(200);
    expect((await slotRow(slotId))!.seats_taken).toBe(0);

    // Staff acting on it afterwards: one booking, then the whole slot.
    const again = await staff("POST", `/api/admin/slots/bookings/${id}/cancel`);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe("This booking was already cancelled.");
    const deleted = await staff("DELETE", `/api/admin/slots/${slotId}?confirm=1`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ cancelled: 0, message: "Slot deleted." });

    expect(await cancelMailsTo("self.cancel@example.com")).toHaveLength(0);
    const jobs = await mailJobsOf(server.db, staffCancelMailKind).execute();
    expect(jobs.map((job) => String(job.payload)).join()).not.toContain("self.cancel@example.com");
  });

  it("answers hostile or malformed input to these endpoints with 4xx JSON and a message", async () => {
    const slotId = await makeSlot(56);
    const id = await book(course.slug, slotId, "hostile.input@example.com", "en");
    const cases: [string, string, string?][] = [
      ["POST", "/api/admin/slots/bookings/abc/cancel"],
      ["POST", "/api/admin/slots/bookings/-1/cancel"],
      ["POST", "/api/admin/slots/bookings/0/cancel"],
      ["POST", "/api/admin/slots/bookings/1e3/cancel"],
      ["POST", "/api/admin/slots/bookings/99999999999/cancel"],
      ["POST", "/api/admin/slots/bookings/%3Cscript%3E/cancel"],
      ["POST", `/api/admin/slots/bookings/${id}/cancel`, "{not json"],
      ["DELETE", "/api/admin/slots/abc?confirm=1"],
      ["DELETE", "/api/admin/slots/1.5?confirm=1"],
      ["DELETE", "/api/admin/slots/999999?confirm=1"],
      ["DELETE", "/api/admin/courses/abc?confirm=1"],
      ["DELETE", "/api/admin/courses/999999?confirm=1"],
      ["DELETE", "/api/admin/courses/-1?confirm=1"],
    ];
    for (const [method, url, body] of cases) {
      const res = await server.request(method, url, {
        body,
        headers: { cookie: admin.cookie, origin: server.url, ...(body ? { "content-type": "application/json" } : {}) },
      });
      expect(res.status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${url}`).toBeLessThan(500);
      expect(res.headers.get("content-type"), `${method} ${url}`).toMatch(/^application\/json/);
      expect(typeof res.body.message, `${method} ${url}`).toBe("string");
    }
    // Nobody outside the staff may cancel or delete, confirmed or not.
    expect((await server.request("POST", `/api/admin/slots/bookings/${id}/cancel`)).status).toBe(401);
    expect((await server.request("DELETE", `/api/admin/slots/${slotId}?confirm=1`)).status).toBe(401);
    expect((await bookingRow(id))!.status).toBe("booked");
    expect(await slotRow(slotId)).toBeDefined();
    expect(await cancelMailsTo("hostile.input@example.com")).toHaveLength(0);
  });
});
