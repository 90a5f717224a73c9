import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { outboxMails, type SentMail, waitForJobs } from "~server/test/outbox";
import type { Lang } from "~/i18n/lang";
import { formatDateLabel } from "./slot-format";
import { addDays, zonedParts } from "./zoned-time";

const TZ = "Asia/Kolkata";

/** Staff closing or deleting a full time, or deleting its course, end its waitlist (decision 032): parents told, held seats released. */
describe("staff end a demo time's waitlist", () => {
  let server: TestServer;
  let admin: { cookie: string };
  let course: { id: number; slug: string };
  let nextDay = 60;
  const day = () => addDays(zonedParts(new Date(), TZ).date, nextDay++);

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.signIn("admin");
    course = await server.db.selectFrom("courses").select(["id", "slug"]).where("slug", "=", "python-for-beginners").executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await server?.close();
  });

  const staff = (method: string, url: string, json?: unknown) => server.request(method, url, { json, headers: { cookie: admin.cookie, origin: server.url } });
  const details = (email: string) => ({ childName: "Sami", childAge: 13, parentName: "Huda", email, phone: "9876543210" });
  /** A one-seat time of `courseSlug`, booked full. */
  async function fullSlot(courseId = course.id, courseSlug = course.slug) {
    const created = await staff("POST", "/api/admin/slots", { date: day(), time: "10:30", durationMinutes: 60, capacity: 1, courseId });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const booked = await server.request("POST", `/api/courses/${courseSlug}/demo-bookings`, { json: { slotId: id, ...details(`holder-${id}@example.com`) } });
    expect(booked.status).toBe(201);
    return id;
  }
  async function join(slotId: number, email: string, lang: Lang = "en", courseSlug = course.slug) {
    const res = await server.request("POST", `/api/courses/${courseSlug}/demo-waitlist?lang=${lang}`, { json: { slotId, ...details(email) } });
    expect(res.status).toBe(201);
    return res.body.token as string;
  }
  const entries = (slotId: number) => server.db.selectFrom("slot_waitlist").selectAll().where("slot_id", "=", slotId).orderBy("id").execute();
  const slotRow = (id: number) => server.db.selectFrom("demo_slots").selectAll().where("id", "=", id).executeTakeFirst();
  const settle = () => waitForJobs(server.db, { ignoreKinds: "%sweep%" });
  const endedMails = async (address: string): Promise<SentMail[]> => {
    await settle();
    return outboxMails(server.config.dataDir).filter((mail) => mail.to === address && /Waitlist ended|انتهت قائمة الانتظار/.test(mail.subject));
  };

  it("closing a time ends its line: every parent is told in their language, the held seat is released, and reopening offers nothing", async () => {
    const slotId = await fullSlot();
    const offeredToken = await join(slotId, "close.offer@example.com");
    await join(slotId, "close.ar@example.com", "ar");
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
    expect(english!.text).toContain(`${server.config.publicUrl}/courses/${course.slug}/bookdemoclass`);
    expect(english!.html).toContain("Book another time</a>");
    const [arabic] = await endedMails("close.ar@example.com");
    expect(arabic!.subject).toMatch(/^انتهت قائمة الانتظار: /);
    expect(arabic!.text).toContain(`${server.config.publicUrl}/ar/courses/${course.slug}/bookdemoclass`);
    expect(arabic!.html).toContain('dir="rtl"');

    // The offer cannot be accepted any more.
    const accepted = await server.request("POST", "/api/demo-waitlist/accept", { json: { token: offeredToken } });
    expect(accepted.status).toBe(409);
    expect((await server.request("GET", `/api/demo-waitlist/${offeredToken}`)).body.entry.status).toBe("left");

    // Reopening starts afresh: the freed seat is open to booking, no offer is made, nobody is mailed again.
    expect((await staff("PATCH", `/api/admin/slots/${slotId}`, { status: "open" })).status).toBe(200);
    expect(await slotRow(slotId)).toMatchObject({ status: "open", seats_taken: 1 });
    expect((await entries(slotId)).map((e) => e.status)).toEqual(["left", "left"]);
    expect(await endedMails("close.offer@example.com")).toHaveLength(1);
  });

  it("closing several times at once ends each line; closing them again mails nobody twice", async () => {
    const first = await fullSlot();
    const second = await fullSlot();
    await join(first, "bulk.one@example.com");
    await join(second, "bulk.two@example.com", "ar");
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
    await join(one, "delete.one@example.com");
    await join(many, "delete.bulk@example.com", "ar");
    expect((await staff("DELETE", `/api/admin/slots/${one}`)).status).toBe(409);
    expect((await entries(one)).map((e) => e.status)).toEqual(["waiting"]);
    expect(await endedMails("delete.one@example.com")).toHaveLength(0);

    expect((await staff("DELETE", `/api/admin/slots/${one}?confirm=1`)).status).toBe(200);
    expect(await slotRow(one)).toBeUndefined();
    expect(await entries(one)).toEqual([]);
    const [mail] = await endedMails("delete.one@example.com");
    expect(mail!.text).toContain("Python for Beginners");
    expect(mail!.text).toContain(`/courses/${course.slug}/bookdemoclass`);
    expect(outboxMails(server.config.dataDir).filter((m) => m.to === `holder-${one}@example.com` && m.subject.startsWith("Demo class cancelled"))).toHaveLength(1);

    expect((await staff("POST", "/api/admin/slots/bulk", { action: "delete", ids: [many], confirm: true })).status).toBe(200);
    expect(await endedMails("delete.bulk@example.com")).toHaveLength(1);
  });

  it("deleting a course ends the lines of its future times: told in their language, with a link to the course list", async () => {
    const created = await staff("POST", "/api/admin/courses", {
      key: "closing_course", slug: "closing-course", nameEn: "Closing Course", nameAr: "دورة ستُغلق", descriptionEn: "Soon gone.", descriptionAr: "ستُحذف قريبًا.",
      sessions: 4, minAge: 8, maxAge: 14, price: 100, discounted: false, originalPrice: null, instructor: "Ms. Gone", rating: null, imageUrl: "/images/course.webp",
      contentEn: [], contentAr: [], faqs: [], metaTitle: "", metaDescription: "", metaKeywords: "",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const courseId = created.body.id as number;
    const slotId = await fullSlot(courseId, "closing-course");
    await join(slotId, "course.wait.en@example.com", "en", "closing-course");
    await join(slotId, "course.wait.ar@example.com", "ar", "closing-course");
    expect((await staff("PATCH", `/api/admin/slots/${slotId}`, { capacity: 2 })).status).toBe(200);
    expect((await slotRow(slotId))!.seats_taken).toBe(2);

    expect((await staff("DELETE", `/api/admin/courses/${courseId}?confirm=1`)).status).toBe(200);
    // The booking was cancelled and the held seat released, the slot closed: no seat is offered on.
    expect(await slotRow(slotId)).toMatchObject({ status: "closed", seats_taken: 0, course_id: null });
    expect((await entries(slotId)).map((e) => e.status)).toEqual(["left", "left"]);
    const [english] = await endedMails("course.wait.en@example.com");
    expect(english!.subject).toMatch(/^Waitlist ended: Closing Course on /);
    expect(english!.text).toContain(`${server.config.publicUrl}/courses\n`);
    const [arabic] = await endedMails("course.wait.ar@example.com");
    expect(arabic!.subject).toMatch(/^انتهت قائمة الانتظار: دورة ستُغلق يوم /);
    expect(arabic!.text).toContain(`${server.config.publicUrl}/ar/courses\n`);
  });

  it("a hostile name travels into the e-mail as text, never as markup", async () => {
    const slotId = await fullSlot();
    const hostile = { ...details("close.hostile@example.com"), childName: '<img src=x onerror=alert(1)>"\u202E', parentName: "</p><script>alert(1)</script>" };
    expect((await server.request("POST", `/api/courses/${course.slug}/demo-waitlist`, { json: { slotId, ...hostile } })).status).toBe(201);
    expect((await staff("PATCH", `/api/admin/slots/${slotId}`, { status: "closed" })).status).toBe(200);
    const [mail] = await endedMails("close.hostile@example.com");
    expect(mail!.html).not.toMatch(/<img|<script/);
    expect(mail!.html).toContain("&lt;script&gt;");
    expect(mail!.text).toContain("<img src=x onerror=alert(1)>");
  });
});
