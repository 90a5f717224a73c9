import { describe, expect, it } from "vitest";
import { outboxMails, type SentMail } from "~server/test/outbox";
import { waitlistFixture } from "~server/test/waitlist-fixture";
import { formatDateLabel } from "~/kernel/slot-format";

const TZ = "Asia/Kolkata";

/** Staff closing or deleting a full time, or deleting its course, end its waitlist (decision 032): parents told, held seats released. */
describe("staff end a demo time's waitlist", () => {
  const fx = waitlistFixture(60);
  const { staff, details, fullSlot, joined, settle } = fx;
  const entries = (slotId: number) => fx.server.db.selectFrom("slot_waitlist").selectAll().where("slot_id", "=", slotId).orderBy("id").execute();
  const slotRow = (id: number) => fx.server.db.selectFrom("demo_slots").selectAll().where("id", "=", id).executeTakeFirst();
  const endedMails = async (address: string): Promise<SentMail[]> => {
    await settle();
    return outboxMails(fx.server.config.dataDir).filter((mail) => mail.to === address && /Waitlist ended|انتهت قائمة الانتظار/.test(mail.subject));
  };

  it("closing a time ends its line: every parent is told in their language, the held seat is released, and reopening offers nothing", async () => {
    const slotId = await fullSlot();
    const offeredToken = await joined(slotId, "close.offer@example.com");
    await joined(slotId, "close.ar@example.com", "ar");
    // A second seat: held for the first parent in line.
    expect((await staff("PATCH", `/api/admin/slots/${slotId}`, { capacity: 2 })).status).toBe(200);
    expect((await entries(slotId)).map((e) => e.status)).toEqual(["offered", "waiting"]);
    expect((await slotRow(slotId))!.seats_taken).toBe(2);
    await settle();

    const closed = await staff("PATCH", `/api/admin/slots/${slotId}`, { status: "closed" });
    expect(closed.status).toBe(200);
    expect(closed.body).toEqual({ message: "Slot closed; 2 parent(s) on its waitlist e-mailed that the line has ended.", waitlistEnded: 2 });
    expect((await entries(slotId)).map((e) => e.status)).toEqual(["left", "left"]);
    // The held seat is back: only the booking holds one.
    expect(await slotRow(slotId)).toMatchObject({ status: "closed", seats_taken: 1 });
    const startsAt = (await slotRow(slotId))!.starts_at;

    const [english, ...moreEn] = await endedMails("close.offer@example.com");
    expect(moreEn).toHaveLength(0);
    expect(english!.subject).toBe(`Waitlist ended: Python for Beginners on ${formatDateLabel(startsAt, TZ, "en")}`);
    expect(english!.text).toContain(`${fx.server.config.publicUrl}/courses/${fx.course.slug}/bookdemoclass`);
    expect(english!.html).toContain("Book another time</a>");
    const [arabic] = await endedMails("close.ar@example.com");
    expect(arabic!.subject).toMatch(/^انتهت قائمة الانتظار: /);
    expect(arabic!.text).toContain(`${fx.server.config.publicUrl}/ar/courses/${fx.course.slug}/bookdemoclass`);
    expect(arabic!.html).toContain('dir="rtl"');

    // The offer cannot be accepted any more.
    const accepted = await fx.server.request("POST", "/api/demo-waitlist/accept", { json: { token: offeredToken } });
    expect(accepted.status).toBe(409);
    expect((await fx.server.request("GET", `/api/demo-waitlist/${offeredToken}`)).body.entry.status).toBe("left");

    // Reopening starts afresh: the freed seat is open to booking, no offer is made, nobody is mailed again.
    expect((await staff("PATCH", `/api/admin/slots/${slotId}`, { status: "open" })).status).toBe(200);
    expect(await slotRow(slotId)).toMatchObject({ status: "open", seats_taken: 1 });
    expect((await entries(slotId)).map((e) => e.status)).toEqual(["left", "left"]);
    expect(await endedMails("close.offer@example.com")).toHaveLength(1);
  });

  it("closing several times at once ends each line; closing them again mails nobody twice", async () => {
    const first = await fullSlot();
    const second = await fullSlot();
    await joined(first, "bulk.one@example.com");
    await joined(second, "bulk.two@example.com", "ar");
    const closed = await staff("POST", "/api/admin/slots/bulk", { action: "close", ids: [first, second] });
    expect(closed.status).toBe(200);
    expect([...(await entries(first)), ...(await entries(second))].map((e) => e.status)).toEqual(["left", "left"]);
    expect(await endedMails("bulk.one@example.com")).toHaveLength(1);
    expect(await endedMails("bulk.two@example.com")).toHaveLength(1);
    const again = await staff("PATCH", `/api/admin/slots/${first}`, { status: "closed" });
    expect(again.body).toEqual({ message: "Slot updated.", waitlistEnded: 0 });
    expect(await endedMails("bulk.one@example.com")).toHaveLength(1);
  });

  it("deleting a time tells its waiting parents (and its booked one, as before) before the line goes with it", async () => {
    const one = await fullSlot();
    const many = await fullSlot();
    await joined(one, "delete.one@example.com");
    await joined(many, "delete.bulk@example.com", "ar");
    expect((await staff("DELETE", `/api/admin/slots/${one}`)).status).toBe(409);
    expect((await entries(one)).map((e) => e.status)).toEqual(["waiting"]);
    expect(await endedMails("delete.one@example.com")).toHaveLength(0);

    expect((await staff("DELETE", `/api/admin/slots/${one}?confirm=1`)).status).toBe(200);
    expect(await slotRow(one)).toBeUndefined();
    expect(await entries(one)).toEqual([]);
    const [mail] = await endedMails("delete.one@example.com");
    expect(mail!.text).toContain("Python for Beginners");
    expect(mail!.text).toContain(`/courses/${fx.course.slug}/bookdemoclass`);
    expect(
      outboxMails(fx.server.config.dataDir).filter((m) => m.to === `holder-${one}@example.com` && m.subject.startsWith("Demo class cancelled")),
    ).toHaveLength(1);

    expect((await staff("POST", "/api/admin/slots/bulk", { action: "delete", ids: [many], confirm: true })).status).toBe(200);
    expect(await endedMails("delete.bulk@example.com")).toHaveLength(1);
  });

  it("deleting a course ends the lines of its future times: told in their language, with a link to the course list", async () => {
    const created = await staff("POST", "/api/admin/courses", {
      key: "closing_course",
      slug: "closing-course",
      nameEn: "Closing Course",
      nameAr: "دورة ستُغلق",
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
    const slotId = await fullSlot(courseId, "closing-course");
    await joined(slotId, "course.wait.en@example.com", "en", "closing-course");
    await joined(slotId, "course.wait.ar@example.com", "ar", "closing-course");
    expect((await staff("PATCH", `/api/admin/slots/${slotId}`, { capacity: 2 })).status).toBe(200);
    expect((await slotRow(slotId))!.seats_taken).toBe(2);

    expect((await staff("DELETE", `/api/admin/courses/${courseId}?confirm=1`)).status).toBe(200);
    // The booking was cancelled and the held seat released, the slot closed: no seat is offered on.
    expect(await slotRow(slotId)).toMatchObject({ status: "closed", seats_taken: 0, course_id: null });
    expect((await entries(slotId)).map((e) => e.status)).toEqual(["left", "left"]);
    const [english] = await endedMails("course.wait.en@example.com");
    expect(english!.subject).toMatch(/^Waitlist ended: Closing Course on /);
    expect(english!.text).toContain(`${fx.server.config.publicUrl}/courses\n`);
    const [arabic] = await endedMails("course.wait.ar@example.com");
    expect(arabic!.subject).toMatch(/^انتهت قائمة الانتظار: دورة ستُغلق يوم /);
    expect(arabic!.text).toContain(`${fx.server.config.publicUrl}/ar/courses\n`);
  });

  it("a hostile name travels into the e-mail as text, never as markup", async () => {
    const slotId = await fullSlot();
    const hostile = { ...details("close.hostile@example.com"), childName: '<img src=x onerror=alert(1)>"\u202E', parentName: "</p><script>alert(1)</script>" };
    expect((await fx.server.request("POST", `/api/courses/${fx.course.slug}/demo-waitlist`, { json: { slotId, ...hostile } })).status).toBe(201);
    expect((await staff("PATCH", `/api/admin/slots/${slotId}`, { status: "closed" })).status).toBe(200);
    const [mail] = await endedMails("close.hostile@example.com");
    expect(mail!.html).not.toMatch(/<img|<script/);
    expect(mail!.html).toContain("&lt;script&gt;");
    expect(mail!.text).toContain("<img src=x onerror=alert(1)>");
  });
});
