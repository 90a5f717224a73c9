import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DB } from "~server/db/db";
import { migrateToLatest } from "~server/db/migrate";
import type { ContentTables } from "~server/db/schema";
import { fromDbJson } from "~server/db/values";
import { seed } from "./index";

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../public");

const expectedCourses = [
  ["internet_of_things", 14, 24, 30, 5000, null],
  ["robotics_fundamentals", 6, 18, 40, 4996, null],
  ["drone_aviation_fundamentals", 14, 24, 60, 2498, null],
  ["advance_python", 14, 24, 60, 4444, null],
  ["visual_block_coding", 6, 12, 30, 4254, null],
  ["3d_modeling_printing", 14, 24, 40, 2398, null],
  ["arduino_masters", 14, 24, 30, 4999, null],
  ["advance_robotics", 14, 24, 60, 4999, null],
  ["python_for_beginners", 12, 24, 30, 4999, null],
  ["digital_literacy", 6, 18, 30, 6997, null],
  ["stem_learning", 6, 18, 100, 5999, 4],
  ["financial_literacy_entrepreneurship", 6, 18, 40, 5998, 5],
  ["raspberry_pi_basics", 16, 24, 40, 4444, 4],
] as const;

const arabicScript = /[\u0600-\u06FF]/;

type Block = { type: string; value?: string; items?: string[] };
type Bilingual = { en: string; ar: string };

const tables = ["courses", "teachers", "testimonials", "camps", "products", "blog_posts", "site_settings"] as const;

function filled(...texts: (string | null | undefined)[]) {
  for (const text of texts) expect(text?.trim()).toBeTruthy();
}

function filledBoth(value: Bilingual) {
  filled(value.en, value.ar);
}

async function counts(db: DB): Promise<Record<keyof ContentTables, number>> {
  const result = {} as Record<keyof ContentTables, number>;
  for (const table of tables) {
    const { n } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    result[table] = Number(n);
  }
  return result;
}

function expectPublicFile(url: string) {
  expect(url).toMatch(/^\/images\/[a-z]+\/[a-z0-9-]+\.svg$/);
  expect(existsSync(path.join(publicDir, url)), url).toBe(true);
}

describe("seed", () => {
  let dir: string;
  let db: DB;
  let afterFirst: Record<keyof ContentTables, number>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "seed-test-"));
    db = openDatabase({ kind: "sqlite", file: path.join(dir, "app.db") });
    await migrateToLatest(db);
    await seed(db);
    afterFirst = await counts(db);
    await seed(db);
  });

  afterAll(async () => {
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("inserts the 13 catalogue courses with the spec's numbers", async () => {
    const rows = await db.selectFrom("courses").selectAll().orderBy("id").execute();
    expect(rows.map((r) => [r.key, r.min_age, r.max_age, r.sessions, r.price, r.rating])).toEqual(expectedCourses.map((c) => [...c]));
    const slugs = rows.map((r) => r.slug);
    for (const row of rows) {
      expect(row.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(row.slug).toBe(row.key.replaceAll("_", "-"));
      expect(row.image).toBe(`/images/courses/${row.slug}.svg`);
      expectPublicFile(row.image);
      expect(row.discounted).toBe(0);
      expect(row.original_price).toBeNull();
      filled(row.name_en, row.name_ar, row.description_en, row.description_ar, row.instructor);
      filled(row.meta_title, row.meta_description, row.meta_keywords);
      for (const content of [row.content_en, row.content_ar]) {
        const blocks = fromDbJson<Block[]>(content, []);
        expect(blocks.length).toBeGreaterThanOrEqual(3);
        expect(blocks.length).toBeLessThanOrEqual(5);
        for (const b of blocks) filled(...(b.items ?? [b.value]));
      }
      const faqs = fromDbJson<{ question: Bilingual; answer: Bilingual }[]>(row.faqs, []);
      expect(faqs.length).toBeGreaterThanOrEqual(2);
      expect(faqs.length).toBeLessThanOrEqual(3);
      for (const f of faqs) {
        filledBoth(f.question);
        filledBoth(f.answer);
      }
    }
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it("fills teachers, testimonials and products in both languages", async () => {
    const teachers = await db.selectFrom("teachers").selectAll().execute();
    expect(teachers).toHaveLength(7);
    for (const t of teachers) {
      filled(t.name_en, t.name_ar, t.profile_en, t.profile_ar, t.experience_en, t.experience_ar);
      expect(fromDbJson<string[]>(t.subjects, []).length).toBeGreaterThan(0);
      expectPublicFile(t.photo);
    }

    const testimonials = await db.selectFrom("testimonials").selectAll().orderBy("sort").execute();
    expect(testimonials.filter((t) => t.kind === "child")).toHaveLength(6);
    expect(testimonials.filter((t) => t.kind === "parent")).toHaveLength(2);
    expect(testimonials.map((t) => t.sort)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const t of testimonials) {
      filled(t.name_en, t.name_ar, t.course_en, t.course_ar, t.review_en, t.review_ar);
      if (t.kind === "child") expect(t.age).toBeGreaterThanOrEqual(8);
      if (t.kind === "child") expect(t.age).toBeLessThanOrEqual(16);
      else expect(t.age).toBeNull();
    }

    const products = await db.selectFrom("products").selectAll().execute();
    expect(products.length).toBeGreaterThanOrEqual(4);
    for (const p of products) {
      filled(p.name_en, p.name_ar, p.description_en, p.description_ar);
      expect(Number.isInteger(p.price)).toBe(true);
      expectPublicFile(p.image);
    }
  });

  it("creates both camps with ten sessions and the two batches", async () => {
    const camps = await db.selectFrom("camps").selectAll().orderBy("sort").execute();
    expect(camps.map((c) => [c.slug, c.grades_en, c.price, c.old_price, c.discount])).toEqual([
      ["junior", "Grade 2 to 5", 9999, 19999, 50],
      ["senior", "Grade 6 to 10", 9999, 19999, 50],
    ]);
    for (const c of camps) {
      filled(c.title_en, c.title_ar, c.grades_en, c.grades_ar, c.duration_en, c.duration_ar);
      const batches = fromDbJson<({ value: string } & Bilingual)[]>(c.batches, []);
      expect(batches.map((b) => b.value)).toEqual(["1 July - 20th July", "21st July - 10 Aug"]);
      batches.forEach(filledBoth);
      const features = fromDbJson<Bilingual[]>(c.features, []);
      expect(features.length).toBeGreaterThanOrEqual(4);
      features.forEach(filledBoth);
      const curriculum = fromDbJson<{ session: number; topic: Bilingual; activities: Bilingual; outcome: Bilingual }[]>(c.curriculum, []);
      expect(curriculum.map((s) => s.session)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      for (const s of curriculum) {
        filledBoth(s.topic);
        filledBoth(s.activities);
        filledBoth(s.outcome);
      }
    }
  });

  it("names every blog author and course instructor after a teacher with an Arabic name in Arabic script", async () => {
    const teachers = new Map((await db.selectFrom("teachers").select(["name_en", "name_ar"]).execute()).map((t) => [t.name_en, t.name_ar]));
    for (const t of teachers.values()) expect(t).toMatch(/^[\u0600-\u06FF\s]+$/);
    const people = [
      ...(await db.selectFrom("blog_posts").select("author as name").execute()),
      ...(await db.selectFrom("courses").select("instructor as name").execute()),
    ];
    for (const { name } of people) expect(teachers.get(name), name).toMatch(arabicScript);
  });

  it("publishes blog posts that together use every content block type", async () => {
    const posts = await db.selectFrom("blog_posts").selectAll().execute();
    expect(posts.length).toBeGreaterThanOrEqual(3);
    expect(new Set(posts.map((p) => p.slug)).size).toBe(posts.length);
    const types = new Set<string>();
    for (const p of posts) {
      expect(p.status).toBe("published");
      expect(p.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(new Date(p.publish_date).toISOString()).toBe(p.publish_date);
      expect(p.publish_date < "2026-11-22").toBe(true);
      expect(p.image_url).toBe(`/images/blog/${p.slug}.svg`);
      expectPublicFile(p.image_url);
      filled(p.title_en, p.description_en, p.category_en, p.author, p.meta_title_en, p.meta_description_en);
      // Every seeded post exists in Arabic too (issue 12); English-only posts are the staff's.
      filled(p.title_ar, p.description_ar, p.category_ar, p.meta_title_ar, p.meta_description_ar);
      expect(p.title_ar).toMatch(arabicScript);
      for (const lang of ["en", "ar"]) {
        const blocks = fromDbJson<Block[]>(lang === "en" ? p.content_en : p.content_ar, []);
        expect(blocks.length).toBeGreaterThan(0);
        for (const b of blocks) {
          types.add(b.type);
          filled(...(b.items ?? [b.value]));
          if (b.type === "image") expectPublicFile(b.value ?? "");
        }
      }
    }
    expect([...types].sort()).toEqual(["code", "heading", "image", "list", "paragraph", "quote"]);
  });

  it("stores every site setting as JSON", async () => {
    const rows = await db.selectFrom("site_settings").selectAll().execute();
    const values = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
    expect(values).toMatchObject({ timeZone: "Asia/Kolkata", campStartDate: "2025-07-01", campRecentSignups: 1410, phoneCountry: "IN" });
    expect(Object.keys(values).sort()).toEqual([
      "absenceNoticeHours",
      "address",
      "bankDetails",
      "campRecentSignups",
      "campStartDate",
      "certificateFullName",
      "defaultCurrency",
      "demoBookingsPerFamily",
      "demoChangeCutoffHours",
      "email",
      "enrolmentsPerFamily",
      "familyPortfolioUploads",
      "followupMail",
      "instalmentReminderDays",
      "invoiceDueDays",
      "latePickupMinutes",
      "makeupAllowance",
      "makeupCreditDays",
      "messagingDailyCap",
      "messagingFallbackMinutes",
      "messagingPriceCurrency",
      "messagingPriceSms",
      "messagingPriceWhatsappNews",
      "messagingPriceWhatsappService",
      "messagingQuietEnd",
      "messagingQuietStart",
      "openingHours",
      "payMethods",
      "paymentHoldMinutes",
      "phone",
      "phoneCountry",
      "requireStaffSecondFactor",
      "sectionChangeCutoffHours",
      "social",
      "taxInclusive",
      "taxName",
      "taxNameAr",
      "taxRateBp",
      "taxRegistration",
      "timeZone",
      "waitlistHoldHours",
      "whatsappMessage",
      "whatsappNumber",
    ]);
  });

  it("inserts nothing new on a second run, and restores only missing settings", async () => {
    expect(await counts(db)).toEqual(afterFirst);
    await db.updateTable("site_settings").set({ value: '"+91 11111 11111"' }).where("key", "=", "phone").execute();
    await db.deleteFrom("site_settings").where("key", "=", "email").execute();
    await seed(db);
    const rows = await db.selectFrom("site_settings").selectAll().where("key", "in", ["phone", "email"]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.key, r.value]))).toEqual({
      phone: '"+91 11111 11111"',
      email: '"info@stemacademy.example"',
    });
    expect(await counts(db)).toEqual(afterFirst);
  });
});
