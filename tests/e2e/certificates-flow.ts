import { readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import QRCode from "qrcode";
import { pdfText } from "~server/test/pdf-text";
import en from "~/i18n/locales/en/certificates.json" with { type: "json" };
import ar from "~/i18n/locales/ar/certificates.json" with { type: "json" };
import { expect, type Page } from "./fixtures";
import { signInAsAdmin } from "./accounts";

const SHOTS = process.env.SHOTS_DIR;

/**
 * Issue 30 part 5, in the browser at 390 px: staff issue a group's certificates, download the PDF,
 * prove the issue page's QR code encodes the address printed on the PDF and follow it to the
 * public page, then revoke the certificate and see the public page say so.
 */
export async function certificateWalk(page: Page, lang: "en" | "ar", mode: "js" | "no-js") {
  const texts = lang === "ar" ? ar : en;
  const prefix = lang === "ar" ? "/ar" : "";
  const child = lang === "ar" ? "ليلى حسن" : `Zara Khan`;
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  const sectionId = await groupWithAttendance(page, child, lang, mode);

  const issuePage = `${prefix}/teaching/sections/${sectionId}/certificates`;
  await page.goto(issuePage);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(texts.issue.heading.split("{{")[0]!.trim());
  await page.getByLabel(texts.issue.threshold).fill("100");
  await page.getByRole("button", { name: texts.issue.show }).click();
  await expect(page).toHaveURL(/threshold=100/);
  await expect(page.getByText(texts.issue.qualifies, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: texts.issue.issueAll }).click();
  await expect(page.getByRole("status")).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/issue-${lang}-390-${mode}.png`, fullPage: true });

  const verifyPath = await downloadAndVerify(page, lang, child);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/verify-valid-${lang}-390-${mode}.png`, fullPage: true });
  await revokeAndCheck(page, `${issuePage}?threshold=100`, lang, child, verifyPath);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/verify-revoked-${lang}-390-${mode}.png`, fullPage: true });
  // An unknown code is a 404 page that says so.
  const unknown = await page.goto(`${prefix}/certificates/ZZZZ-ZZZZ-ZZZZ`);
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.verify.unknownHeading);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/verify-unknown-${lang}-390-${mode}.png`, fullPage: true });
}

/**
 * On an issue page showing `child`'s live certificate: downloads the PDF, proves the page's QR code
 * encodes the address printed on it, and follows it to the public page (genuine, with the name).
 * Returns the verification path.
 */
async function downloadAndVerify(page: Page, lang: "en" | "ar", child: string): Promise<string> {
  const texts = lang === "ar" ? ar : en;
  const prefix = lang === "ar" ? "/ar" : "";
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: texts.issue.downloadFor.replace("{{child}}", child) }).click(),
  ]);
  const text = pdfText(readFileSync(await download.path()));
  const printed = /https?:\/\/[^\s]+\/certificates\/([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(text.text);
  expect(printed, text.text.slice(0, 400)).not.toBeNull();
  const [printedUrl, code] = [printed![0], printed![1]!];
  expect(text.text).toContain(code);
  if (lang === "ar") expect(text.logical).toContain(child);
  else expect(text.text).toContain(child);
  // The QR code shown on the issue page (the PDF's is drawn from the same address) encodes exactly the printed URL.
  const qr = await page.getByRole("img", { name: texts.issue.qrLabel.replace("{{child}}", child) }).getAttribute("src");
  const svg = Buffer.from(qr!.replace(/^data:image\/svg\+xml;base64,/, ""), "base64").toString("utf8");
  expect(svg).toBe(await QRCode.toString(printedUrl, { type: "svg", margin: 1 }));
  const verifyPath = new URL(printedUrl).pathname;
  expect(verifyPath).toBe(`${prefix}/certificates/${code}`);
  // Following the QR code: the public page says the certificate is genuine, with the child's first name and initial (issue 39).
  const response = await page.goto(verifyPath);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toContain("no-store");
  await expect(page.getByText(texts.verify.valid)).toBeVisible();
  const [first, ...rest] = child.split(" ");
  await expect(page.getByText(`${first} ${Array.from(rest[rest.length - 1]!)[0]}.`, { exact: true })).toBeVisible();
  await expect(page.getByText(child, { exact: true })).toHaveCount(0);
  return verifyPath;
}

/** Revokes `child`'s certificate on its issue page (a reason is required); the public page then says so at once. */
async function revokeAndCheck(page: Page, issuePage: string, lang: "en" | "ar", child: string, verifyPath: string) {
  const texts = lang === "ar" ? ar : en;
  await page.goto(issuePage);
  await page.getByLabel(texts.issue.revokeReason).fill("Issued by mistake");
  await page.getByRole("button", { name: texts.issue.revokeFor.replace("{{child}}", child) }).click();
  await expect(page.getByRole("status")).toContainText(texts.api.revoked);
  await page.goto(verifyPath);
  await expect(page.locator("[data-status=revoked]")).toContainText(texts.verify.revoked.split("{{")[0]!.trim());
}

/**
 * The summer camp's certificates (decision 089) at 390 px: a camp period whose child was checked
 * out on two camp days; staff choose the period, issue at 100 %, download, verify (the page names
 * the camp), revoke, and see it revoked.
 */
export async function campCertificateWalk(page: Page, lang: "en" | "ar", mode: "js" | "no-js") {
  const texts = lang === "ar" ? ar : en;
  const prefix = lang === "ar" ? "/ar" : "";
  const child = lang === "ar" ? "سلمى يوسف" : "Maya Rivera";
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  const { camp, session } = campPeriodWithCheckouts(child, lang, mode);
  const title = lang === "ar" ? camp.title_ar : camp.title_en;
  await page.goto(`${prefix}/teaching/camp/certificates`);
  await page.getByLabel(texts.camp.period).selectOption({ label: `${title} · ${session}` });
  await page.getByLabel(texts.issue.threshold).fill("100");
  await page.getByRole("button", { name: texts.issue.show }).click();
  await expect(page).toHaveURL(/threshold=100/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
  await expect(page.getByText(texts.issue.qualifies, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: texts.issue.issueAll }).click();
  await expect(page.getByRole("status")).toBeVisible();
  const issuePage = page.url().split("#")[0]!;
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/camp-issue-${lang}-390-${mode}.png`, fullPage: true });
  const verifyPath = await downloadAndVerify(page, lang, child);
  await expect(page.getByText(texts.verify.camp, { exact: true })).toBeVisible();
  await expect(page.getByText(title, { exact: true })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/camp-verify-valid-${lang}-390-${mode}.png`, fullPage: true });
  await revokeAndCheck(page, issuePage, lang, child, verifyPath);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/camp-verify-revoked-${lang}-390-${mode}.png`, fullPage: true });
}

/** A camp period of its own (the first camp) with one child checked out on its two camp days so far. */
export function campPeriodWithCheckouts(child: string, lang: "en" | "ar", tag: string) {
  const session = `E2E ${lang} ${tag} ${Date.now()}`;
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? "data-e2e", "app.db"));
  try {
    const camp = db.prepare("select id, title_en, title_ar from camps order by id limit 1").get() as { id: number; title_en: string; title_ar: string };
    const now = new Date().toISOString();
    const enrolled = db
      .prepare(
        "insert into camp_enrolments (student_name, parent_name, email, phone_number, camp_id, camp_slug, camp_title, session, message, lang, reference, status, notes, created_at, updated_at) values (?, 'Camp Parent', ?, '+919876543210', ?, 'camp', ?, ?, '', ?, null, 'new', '', ?, ?)",
      )
      .run(child, `camp-cert-${lang}-${tag}-${Date.now()}@example.com`, camp.id, camp.title_en, session, lang, now, now);
    // Two camp days, both checked out (the check-out page writes these rows).
    for (const daysAgo of [2, 1]) {
      const day = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
      db.prepare(
        "insert into camp_checkouts (camp_enrolment_id, day, pickup_id, collected_by, recorded_by, created_at) values (?, ?, null, 'Camp Parent', null, ?)",
      ).run(enrolled.lastInsertRowid, day, now);
    }
    return { camp, session };
  } finally {
    db.close();
  }
}

/** A new group (staff signed in) with one child, two classes held and marked present; returns its id. */
export async function groupWithAttendance(page: Page, child: string, lang: "en" | "ar", tag: string): Promise<number> {
  const api = (await (await page.request.get("/api/courses/robotics-fundamentals/sections")).json()) as {
    course: { id: number };
    sections: { minAge: number }[];
  };
  const firstDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const created = await page.request.post("/api/admin/sections", {
    data: { courseId: api.course.id, weekdays: [2], startTime: "16:15", durationMinutes: 60, firstDate, meetings: 4, capacity: 4 },
  });
  expect(created.status()).toBe(201);
  const sectionId = ((await created.json()) as { id: number }).id;
  const enrolled = await page.request.post(`/api/sections/${sectionId}/enrolments`, {
    data: {
      childName: child,
      childAge: api.sections[0]!.minAge,
      parentName: "Cert Parent",
      email: `cert-${lang}-${tag}-${Date.now()}@example.com`,
      phone: "9876543210",
    },
    headers: { "accept-language": lang },
  });
  expect(enrolled.status()).toBe(201);
  // Two classes held, both marked present (the attendance branch's form writes these rows).
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? "data-e2e", "app.db"));
  try {
    const meetings = db.prepare("select id from section_meetings where section_id = ? order by starts_at").all(sectionId) as { id: number }[];
    const enrolment = db.prepare("select id from section_enrolments where section_id = ?").get(sectionId) as { id: number };
    const now = new Date().toISOString();
    for (const [i, meeting] of meetings.slice(0, 2).entries()) {
      db.prepare("update section_meetings set starts_at = ? where id = ?").run(new Date(Date.now() - (3 - i) * 86_400_000).toISOString(), meeting.id);
      db.prepare("insert into meeting_attendance (meeting_id, enrolment_id, status, note, created_at, updated_at) values (?, ?, 'present', '', ?, ?)").run(
        meeting.id,
        enrolment.id,
        now,
        now,
      );
    }
  } finally {
    db.close();
  }

  return sectionId;
}
