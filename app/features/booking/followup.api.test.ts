import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "~server/logger";
import { startTestServer, type TestServer } from "~server/test/harness";
import { outboxMails, waitForJobs } from "~server/test/outbox";
import type { Lang } from "~/i18n/lang";
import { bookingFollowup } from "./followup.server";
import { deliverNow, mailJobsOf } from "~server/test/mail-jobs";
import { addDays, zonedParts } from "~/lib/zoned-time";

const TZ = "Asia/Kolkata";

describe("the follow-up e-mail after staff mark a demo booking attended (issue 17, decision 033)", () => {
  let server: TestServer;
  let admin: { cookie: string };
  let course: { id: number; slug: string; name_en: string; name_ar: string };
  const day = (offset: number) => addDays(zonedParts(new Date(), TZ).date, offset);
  let slotId: number;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.signIn("admin");
    course = await server.db
      .selectFrom("courses")
      .select(["id", "slug", "name_en", "name_ar"])
      .where("slug", "=", "python-for-beginners")
      .executeTakeFirstOrThrow();
    const created = await staff("POST", "/api/admin/slots", { date: day(52), time: "10:30", durationMinutes: 60, capacity: 50, courseId: course.id });
    slotId = created.body.id as number;
  });
  afterAll(async () => {
    await server?.close();
  });

  const staff = (method: string, url: string, json?: unknown) => server.request(method, url, { json, headers: { cookie: admin.cookie, origin: server.url } });
  const book = async (email: string, lang: Lang, extra: Record<string, unknown> = {}) => {
    const res = await server.request("POST", `/api/courses/${course.slug}/demo-bookings?lang=${lang}`, {
      json: { slotId, childName: "Sami", childAge: 13, parentName: "Huda", email, phone: "9876543210", ...extra },
    });
    expect(res.status).toBe(201);
    return (await server.db.selectFrom("demo_bookings").select("id").where("reference", "=", res.body.reference).executeTakeFirstOrThrow()).id;
  };
  const mark = (id: number, status: string) => staff("PATCH", `/api/admin/slots/bookings/${id}`, { status });

  const settle = () => waitForJobs(server.db);
  const followupsTo = async (address: string) => {
    await settle();
    // The booking confirmation goes to the same address; it carries a calendar file.
    return outboxMails(server.config.dataDir).filter((mail) => mail.to === address && !mail.raw.includes("demo-class.ics"));
  };
  const followupJobs = async () => (await mailJobsOf(server.db, bookingFollowup).execute()).length;

  it("sends one e-mail in the booking's language, with the course page and the way to enroll, however often attendance toggles", async () => {
    const english = await book("follow.en@example.com", "en", { parentName: `Nadia "Mum" <b>&</b>` });
    const arabic = await book("follow.ar@example.com", "ar", { childName: "<script>x</script>" });
    // Staff are told the first time that the parent is being e-mailed; later toggles just save.
    const first = await mark(english, "attended");
    expect(first.body).toMatchObject({ followupQueued: true, message: "Saved. The parent is e-mailed a thank-you with the course's link and how to enroll." });
    const audit = await server.db
      .selectFrom("audit_log")
      .select("summary")
      .where("entity", "=", "demo_booking")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.summary)).toEqual({ status: "attended", followupQueued: true });
    // Once the mail is out, toggling sends nothing more. (Toggled before the job ran, the job
    // releases its claim and a later "attended" queues anew: the Arabic booking below races that.)
    await settle();
    for (const status of ["booked", "attended", "no_show", "attended"])
      expect((await mark(english, status)).body).toMatchObject({ followupQueued: false, message: "Saved." });
    for (const status of ["attended", "booked", "attended", "no_show", "attended", "attended"]) expect((await mark(arabic, status)).status).toBe(200);
    const [en] = await followupsTo("follow.en@example.com");
    expect(await followupsTo("follow.en@example.com")).toHaveLength(1);
    expect(en!.subject).toBe(`Thank you for coming to the ${course.name_en} demo class`);
    expect(en!.text).toContain(`Dear Nadia "Mum" <b>&</b>,`);
    expect(en!.text).toContain(`Thank you for bringing Sami to the ${course.name_en} demo class.`);
    expect(en!.text).toContain(`${server.config.publicUrl}/courses/${course.slug}`);
    expect(en!.text).toContain(`${server.config.publicUrl}/contact-us`);
    expect(en!.html).toContain("Nadia &quot;Mum&quot; &lt;b&gt;&amp;&lt;/b&gt;");
    expect(en!.html).toContain('<html lang="en" dir="ltr">');

    const arabicMails = await followupsTo("follow.ar@example.com");
    expect(arabicMails).toHaveLength(1);
    expect(arabicMails[0]!.subject).toBe(`شكرًا لحضوركم الحصة التجريبية لدورة ${course.name_ar}`);
    expect(arabicMails[0]!.text).toContain(`${server.config.publicUrl}/ar/courses/${course.slug}`);
    expect(arabicMails[0]!.text).toContain(`${server.config.publicUrl}/ar/contact-us`);
    expect(arabicMails[0]!.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabicMails[0]!.html).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(arabicMails[0]!.html).not.toContain("<script>");

    const rows = await server.db.selectFrom("demo_bookings").select("followup_sent_at").where("id", "in", [english, arabic]).execute();
    expect(rows.every((row) => row.followup_sent_at !== null)).toBe(true);
    // Marking no show, or a cancelled booking, sends nothing.
    const absent = await book("follow.absent@example.com", "en");
    expect((await mark(absent, "no_show")).status).toBe(200);
    expect(await followupsTo("follow.absent@example.com")).toHaveLength(0);
  });

  it("30 staff marking one booking attended at once queue one e-mail", async () => {
    const id = await book("follow.race@example.com", "en");
    const before = await followupJobs();
    const answers = await Promise.all(Array.from({ length: 30 }, () => mark(id, "attended")));
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
    expect((await followupJobs()) - before).toBe(1);
    expect(await followupsTo("follow.race@example.com")).toHaveLength(1);
  });

  it("a booking marked back before its e-mail left gets none, and the next 'attended' sends it", async () => {
    const id = await book("follow.undo@example.com", "en");
    const { reference } = await server.db.selectFrom("demo_bookings").select("reference").where("id", "=", id).executeTakeFirstOrThrow();
    await server.db.updateTable("demo_bookings").set({ status: "booked", followup_sent_at: new Date().toISOString() }).where("id", "=", id).execute();
    // The job as the worker would run it, after staff undid the mark.
    await deliverNow({ db: server.db, config: server.config, logger: createLogger("silent") }, bookingFollowup, {
      to: "follow.undo@example.com",
      data: { reference },
    });
    expect(await followupsTo("follow.undo@example.com")).toHaveLength(0);
    expect((await server.db.selectFrom("demo_bookings").select("followup_sent_at").where("id", "=", id).executeTakeFirstOrThrow()).followup_sent_at).toBeNull();
    expect((await mark(id, "attended")).status).toBe(200);
    expect(await followupsTo("follow.undo@example.com")).toHaveLength(1);
  });

  it("staff edit the texts in both languages (placeholders filled in), and wrong ones are refused", async () => {
    const current = (await staff("GET", "/api/admin/settings")).body.settings;
    expect(current.followupMail.subject.en).toContain("{course}");
    const followupMail = {
      subject: { en: "How was {course}, {parent}?", ar: "كيف كانت {course}؟" },
      body: { en: "Hello {parent},\n\n{child} did great.", ar: "مرحبًا {parent}،\n\nأحسن {child} صنعًا." },
    };
    const saved = await staff("PUT", "/api/admin/settings", { ...current, followupMail });
    expect(saved.status).toBe(200);
    expect(saved.body.settings.followupMail).toEqual(followupMail);
    const audit = await server.db.selectFrom("audit_log").select("summary").where("entity", "=", "settings").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(Object.keys(JSON.parse(audit.summary).changes)).toEqual(["followupMail"]);

    const en = await book("follow.custom@example.com", "en");
    const ar = await book("follow.custom.ar@example.com", "ar");
    await mark(en, "attended");
    await mark(ar, "attended");
    const [enMail] = await followupsTo("follow.custom@example.com");
    expect(enMail!.subject).toBe(`How was ${course.name_en}, Huda?`);
    expect(enMail!.text).toMatch(/^Hello Huda,\n\nSami did great\.\n/);
    const [arMail] = await followupsTo("follow.custom.ar@example.com");
    expect(arMail!.subject).toBe(`كيف كانت ${course.name_ar}؟`);
    expect(arMail!.text).toContain("أحسن Sami صنعًا.");

    const unknown = await server.request("PUT", "/api/admin/settings?lang=ar", {
      json: { ...current, followupMail: { ...followupMail, body: { en: "Hi {name}", ar: "" } } },
      headers: { cookie: admin.cookie, origin: server.url },
    });
    expect(unknown.status).toBe(400);
    // The API names top-level fields (the form's own check points at the exact text box).
    expect(Object.keys(unknown.body.errors)).toEqual(["followupMail"]);
    expect(unknown.body.errors.followupMail).toBe("استخدم بين الأقواس {parent} و{child} و{course} فقط.");
    const tooLong = await staff("PUT", "/api/admin/settings", { ...current, followupMail: { ...followupMail, subject: { en: "x".repeat(201), ar: "y" } } });
    expect(tooLong.body.errors).toEqual({ followupMail: "This is too long." });
    // A save that leaves the e-mail out keeps it (the settings pages each send their own part, decision 116).
    const missing = await staff("PUT", "/api/admin/settings", { ...current, followupMail: undefined });
    expect(missing.status).toBe(200);
    expect((await staff("GET", "/api/admin/settings")).body.settings.followupMail).toEqual(followupMail);
  });
});
