import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import * as OTPAuth from "otpauth";
import { deskPaidInvoice } from "./refunds-flow";
import { instructorWithClass } from "./teaching-flow";
import { parentOf } from "./portfolio-flow";
import { mac } from "~server/security/signed";
import { newInvoice } from "./instalments-flow";
import { expect, test, type Page } from "./fixtures";
import { createAdminAccount, signInAsAdmin } from "./accounts";
import { watchDocuments } from "./markup-checkers";
import { SETTINGS_GROUP_NAMES as SETTINGS_PAGES } from "~/features/admin/settings/settings-groups";
import { type Finding, audit, auditAll, expectClean, toastShown, validateServerHtml } from "./a11y-audit";

/**
 * Accessibility (issue 8) of the signed-in screens: the teaching pages, levels, portfolios,
 * progress reports, consent, and every admin screen and state (axe-core, HTML_CodeSniffer and
 * html-validate, decision 056; the audit is in a11y-audit.ts). Public pages: a11y.spec.ts.
 */

// Every page keeps its last HTML document for html-validate.
test.beforeEach(({ page }) => watchDocuments(page));

/** Ids of one record of each kind, created through the API where the seed has none. */
async function adminRecords(page: Page, email: string) {
  const request = page.request;
  const post = async (path: string, data: object) => {
    const response = await request.post(path, { data });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
  };
  const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await post("/contact-us/form", { email: "parent@example.com", description: "Which course suits a 9 year old?", website: "" });
  await post("/school/add-school-info", {
    name: "Amal Haddad",
    email: "amal@school.example",
    contactNumber: "+971 50 123 4567",
    designation: "Principal",
    city: "Dubai",
    schoolName: "Bright Minds School",
    preferredDate: inAMonth,
    preferredTime: "10:30",
    requirements: "A robotics lab for grade 5.",
    website: "",
  });
  await post("/api/summercamp/enroll", {
    studentName: "Omar",
    parentName: "Huda",
    // Its own address each time: the parts of the admin walk each add one, under the family cap.
    email: `huda.${Date.now()}@example.com`,
    phoneNumber: "+971 50 123 4567",
    selectedCamp: "Junior Camp",
    selectedSession: "1 July - 20th July",
    message: "",
    website: "",
  });
  await post("/api/summercamp/brochure", {
    studentName: "Lina",
    studentEmail: "lina@example.com",
    grade: "5",
    school: "Bright Minds School",
    parentContact: "+971 50 123 4567",
    website: "",
  });

  const firstId = async (path: string, key = "rows"): Promise<string> => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const body = (await response.json()) as Record<string, { id: number | string }[]>;
    const id = body[key]?.[0]?.id;
    expect(id, `${path} has a record`).toBeDefined();
    return String(id);
  };
  // A course group with a child enrolled, so its roster has a table to check (issue 29).
  const section = await firstId("/api/admin/sections", "sections");
  // A week of the slots calendar holding group classes beside the demo slots.
  const sectionWeek = String(((await (await request.get("/api/admin/sections")).json()) as { sections: { firstDate: string }[] }).sections[0]!.firstDate);
  const enrolled = await request.post(`/api/sections/${section}/enrolments`, {
    data: { childName: "Roster Child", childAge: 10, parentName: "Roster Parent", email: "roster.a11y@example.com", phone: "+91 98765 43210" },
  });
  expect([201, 400, 409], await enrolled.text()).toContain(enrolled.status());
  return {
    section,
    sectionWeek,
    school: await firstId("/api/admin/submissions/school"),
    contact: await firstId("/api/admin/submissions/contact"),
    enrollment: await firstId("/api/admin/submissions/enrollments"),
    lead: await firstId("/api/admin/submissions/brochure-leads"),
    user: await firstId(`/api/admin/users?q=${encodeURIComponent(email)}`),
    camp: await firstId("/api/admin/camps", "camps"),
    blog: await firstId("/api/admin/blogs"),
    course: await firstId("/api/admin/courses"),
    teacher: await firstId("/api/admin/teachers"),
    product: await firstId("/api/admin/products"),
    testimonial: await firstId("/api/admin/testimonials"),
  };
}

test.describe("axe on the teaching pages (issue 30)", () => {
  test("an instructor's classes and a class's roster with attendance, and the staff's attendance reports, in both languages", async ({ page, browser }) => {
    test.setTimeout(180_000);
    const tag = `a11y${Date.now() % 100000}`;
    const { account, meetingId } = await instructorWithClass(tag);
    // A family of the class wrote in: the instructor's inbox shows its thread (decision 134).
    const family = `p0-${tag}@example.com`;
    const db = new Database(path.join(process.env.E2E_DATA_DIR ?? "data-e2e", "app.db"));
    db.pragma("busy_timeout = 5000");
    const at = new Date().toISOString();
    db.prepare(
      "insert into messages (key, direction, email, category, body, channel, status, provider_id, created_at, updated_at) values (?, 'in', ?, 'service', 'Is there class on Friday?', 'whatsapp', 'received', ?, ?, ?)",
    ).run(`in:whatsapp:${tag}`, family, `wamid.${tag}`, at, at);
    db.close();
    await page.goto("/admin/login");
    await page.getByLabel("E-mail", { exact: true }).fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/teaching/);
    await page.goto(`/teaching/meetings/${meetingId}`);
    await page.getByRole("button", { name: "Mark all present" }).click();
    await expect(page.getByRole("status")).toBeVisible();
    // With the instructor's security page (issue 39: instructors set up an authenticator app there too).
    await auditAll(page, [
      "/teaching",
      `/teaching/meetings/${meetingId}`,
      "/ar/teaching",
      `/ar/teaching/meetings/${meetingId}`,
      "/teaching/security",
      "/ar/teaching/security",
      `/teaching/messages?family=${encodeURIComponent(family)}`,
      `/ar/teaching/messages?family=${encodeURIComponent(family)}`,
      // The check-in page a class pass opens, and its refusal of a pass it cannot read (decision 141).
      "/teaching/check-in",
      "/ar/teaching/check-in?token=1.2.not-a-pass",
      // The pickup page, and its refusal of a pass it cannot read (decision 142).
      "/teaching/pickup",
      "/ar/teaching/pickup?token=1.2.not-a-pass",
    ]);
    // axe runs only in a page of a context the test made (not browser.newPage()).
    const context = await browser.newContext();
    const staff = await context.newPage();
    watchDocuments(staff);
    await signInAsAdmin(staff);
    await auditAll(staff, ["/admin/attendance", "/admin/attendance/missed", "/ar/admin/attendance", "/ar/admin/attendance/missed"]);
    await context.close();
  });
});

test.describe("axe on the levels and skills pages (issue 44)", () => {
  test("a course's ladder editor and a group's skill marks on the roster, in both languages", async ({ page }) => {
    test.setTimeout(120_000);
    const { meetingId, enrolments } = await instructorWithClass(`a11ylv${Date.now() % 100000}`);
    const db = new Database(path.join(process.env.E2E_DATA_DIR ?? "data-e2e", "app.db"));
    db.pragma("busy_timeout = 5000");
    const { sectionId, courseId } = db
      .prepare("select m.section_id as sectionId, s.course_id as courseId from section_meetings m join course_sections s on s.id = m.section_id where m.id = ?")
      .get(meetingId) as { sectionId: number; courseId: number };
    db.prepare("delete from course_levels where course_id = ?").run(courseId);
    db.close();
    await signInAsAdmin(page);
    const level = async (nameEn: string, nameAr: string) =>
      ((await (await page.request.post(`/api/admin/courses/${courseId}/levels`, { data: { nameEn, nameAr } })).json()) as { id: number }).id;
    const skill = async (levelId: number, nameEn: string, nameAr: string) =>
      ((await (await page.request.post(`/api/admin/levels/${levelId}/skills`, { data: { nameEn, nameAr } })).json()) as { id: number }).id;
    const first = await level("Scratch", "سكراتش");
    const skills = [await skill(first, "Moves a sprite", "يحرّك كائنًا"), await skill(first, "Uses a loop", "يستخدم حلقة تكرار")];
    await skill(await level("Python", "بايثون"), "Prints text", "يطبع نصًا");
    // One child completes the first level, another works on it: every state of the page is shown.
    const marks = [
      ...skills.map((skillId) => ({ enrolmentId: enrolments[0]!, skillId, status: "achieved" })),
      { enrolmentId: enrolments[1]!, skillId: skills[0]!, status: "working" },
    ];
    expect((await page.request.post(`/api/teaching/sections/${sectionId}/skills`, { data: { marks } })).status()).toBe(200);
    await auditAll(page, [
      `/admin/courses/edit/${courseId}/levels`,
      `/ar/admin/courses/edit/${courseId}/levels`,
      `/teaching/sections/${sectionId}/skills`,
      `/ar/teaching/sections/${sectionId}/skills`,
    ]);
  });
});

test.describe("axe on the portfolio pages (issue 44 item 2, decision 135)", () => {
  test("a group's portfolio, the account's projects, the family's own form and the public projects, in both languages", async ({ page, browser }) => {
    test.setTimeout(150_000);
    const tag = `a11ypf${Date.now() % 100000}`;
    const { enrolments } = await instructorWithClass(tag);
    const db = new Database(path.join(process.env.E2E_DATA_DIR ?? "data-e2e", "app.db"));
    db.pragma("busy_timeout = 5000");
    const { sectionId } = db.prepare("select section_id as sectionId from section_enrolments where id = ?").get(enrolments[0]) as { sectionId: number };
    db.close();
    // The family first: the project is recorded under the enrolment's e-mail when it is added.
    const family = await parentOf(browser, enrolments[0]!, tag, true);
    await signInAsAdmin(page);
    const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .png()
      .toBuffer();
    const added = await page.request.post(`/api/teaching/sections/${sectionId}/portfolio`, {
      headers: { origin: new URL(page.url()).origin },
      multipart: {
        enrolmentId: String(enrolments[0]),
        title: "Robot arm",
        note: "Five servos.",
        link: "https://example.com/arm",
        file: { name: "arm.png", mimeType: "image/png", buffer },
      },
    });
    expect(added.status()).toBe(201);
    // Nobody marked in the photo (a robot): shown on /projects once the family chooses.
    const projectId = ((await added.json()) as { projectId: number }).projectId;
    await auditAll(page, [`/teaching/sections/${sectionId}/portfolio`, `/ar/teaching/sections/${sectionId}/portfolio`]);
    expect((await page.request.put("/api/admin/settings", { data: { familyPortfolioUploads: true } })).status()).toBe(200);
    try {
      expect((await family.request.post(`/api/account/portfolio/${projectId}`, { data: { public: true } })).status()).toBe(200);
      const parent = await family.newPage();
      watchDocuments(parent);
      await auditAll(parent, ["/account", "/ar/account", "/account/portfolio", "/ar/account/portfolio", "/projects", "/ar/projects"]);
    } finally {
      await family.close();
      await page.request.put("/api/admin/settings", { data: { familyPortfolioUploads: false } });
    }
  });
});

test.describe("axe on the progress report pages (issue 44 item 3, decision 138)", () => {
  test("a group's progress reports after issuing and the account's reports, in both languages", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const tag = `a11ypr${Date.now() % 100000}`;
    const { enrolments } = await instructorWithClass(tag);
    const db = new Database(path.join(process.env.E2E_DATA_DIR ?? "data-e2e", "app.db"));
    db.pragma("busy_timeout = 5000");
    const { sectionId } = db.prepare("select section_id as sectionId from section_enrolments where id = ?").get(enrolments[0]) as { sectionId: number };
    db.close();
    await signInAsAdmin(page);
    const origin = { origin: new URL(page.url()).origin };
    const notes = { notes: [{ enrolmentId: enrolments[0], comment: "Curious and careful.", nextStep: "Python next term." }] };
    expect((await page.request.post(`/api/teaching/sections/${sectionId}/progress-reports/notes`, { headers: origin, data: notes })).status()).toBe(200);
    expect((await page.request.post(`/api/teaching/sections/${sectionId}/progress-reports/issue`, { headers: origin })).status()).toBe(201);
    await auditAll(page, [`/teaching/sections/${sectionId}/progress-reports`, `/ar/teaching/sections/${sectionId}/progress-reports`]);
    const family = await parentOf(browser, enrolments[0]!, tag, true);
    try {
      await auditAll(await family.newPage(), ["/account", "/ar/account"]);
    } finally {
      await family.close();
    }
  });
});

test.describe("axe on the consent pages (issue 30)", () => {
  test("the consent forms' staff pages, the camp check-out, a reminder link's page and the course page's consent boxes, in both languages", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // A family enrolled before the form existed, so its reminder link has a form to complete.
    const email = `a11y-consent-${Date.now()}@example.com`;
    const { sections } = (await (await page.request.get("/api/courses/robotics-fundamentals/sections")).json()) as {
      sections: { id: number; minAge: number }[];
    };
    const enrolled = await page.request.post(`/api/sections/${sections[0]!.id}/enrolments`, {
      data: { childName: "Axe Consent", childAge: sections[0]!.minAge, parentName: "Axe Parent", email, phone: "+91 98765 43210" },
    });
    expect(enrolled.status()).toBe(201);
    await signInAsAdmin(page);
    // Optional, so other walks' enrolments are not refused while it exists.
    const form = {
      required: false,
      titleEn: "Pickup people (axe)",
      titleAr: "من يستلم الطفل (فحص)",
      bodyEn: "Who may collect the child.",
      bodyAr: "من يحق له استلام الطفل.",
    };
    const created = await page.request.post("/api/admin/consent-forms", { data: { kind: "pickup", ...form } });
    expect(created.status()).toBe(201);
    const formId = (await created.json()).id as number;
    const token = `a11y-consent-link-${Date.now()}-0123456789`;
    const db = new Database(path.join(process.env.E2E_DATA_DIR ?? "data-e2e", "app.db"));
    try {
      const now = new Date();
      db.prepare("INSERT INTO consent_links (token_hash, email, lang, created_at, expires_at) VALUES (?, ?, 'en', ?, ?)").run(
        createHash("sha256").update(token).digest("hex"),
        email,
        now.toISOString(),
        new Date(now.getTime() + 86_400_000).toISOString(),
      );
    } finally {
      db.close();
    }
    try {
      const paths = [
        "/admin/consent-forms",
        `/admin/consent-forms/${formId}`,
        `/admin/consent-forms/missing?list=s:${sections[0]!.id}`,
        "/teaching/camp",
        `/consent/complete?token=${token}`,
        "/courses/robotics-fundamentals",
      ];
      await auditAll(page, [...paths, ...paths.map((p) => `/ar${p}`)]);
    } finally {
      expect((await page.request.put(`/api/admin/consent-forms/${formId}`, { data: { ...form, active: false } })).status()).toBe(200);
    }
  });
});

test.describe("axe on the admin area", () => {
  /**
   * Every admin screen: in the browser (axe, HTML_CodeSniffer, html-validate) one screen of each
   * kind in English, and in Arabic the dashboard, a list, forms and the wide tables; the screens
   * built from the same components as an audited one (the other collections' lists and empty forms,
   * the other page-section editors and submission lists, the Arabic twins) through html-validate
   * on the server's HTML only, as the sitemap walk does for the other courses and posts (issue 40).
   */
  const adminScreens = (ids: Awaited<ReturnType<typeof adminRecords>>) => {
    const audited = [
      "/admin",
      "/admin/blogs",
      "/admin/blogs/new",
      `/admin/blogs/edit/${ids.blog}`,
      "/admin/courses",
      "/admin/courses/new",
      `/admin/courses/edit/${ids.course}`,
      `/admin/teachers/edit/${ids.teacher}`,
      `/admin/products/edit/${ids.product}`,
      `/admin/testimonials/edit/${ids.testimonial}`,
      "/admin/pages",
      "/admin/pages/home",
      "/admin/pages/summer-camp",
      "/admin/pages/site",
      "/admin/submissions/school",
      `/admin/submissions/school/${ids.school}`,
      `/admin/enrollment-forms/${ids.enrollment}`,
      "/admin/slots",
      "/admin/sections",
      "/admin/sections/new",
      `/admin/sections/${ids.section}`,
      `/admin/sections/${ids.section}/roster`,
      `/admin/slots?view=week&date=${ids.sectionWeek}`,
      "/admin/users",
      `/admin/users/${ids.user}`,
      "/admin/settings",
      // Each settings page (issue 42 step 9, decision 116): each group has its own kinds of field.
      ...SETTINGS_PAGES.map((group) => `/admin/settings/${group}`),
      `/admin/settings/camps/${ids.camp}`,
      "/admin/audit",
      "/admin/media",
      // Retention and occupancy (decision 136).
      "/admin/retention",
      ...[
        "/admin",
        "/admin/blogs/new",
        `/admin/courses/edit/${ids.course}`,
        "/admin/settings/money",
        "/admin/pages/home",
        `/admin/submissions/school/${ids.school}`,
        "/admin/sections",
        `/admin/sections/${ids.section}/roster`,
        `/admin/slots?view=week&date=${ids.sectionWeek}`,
        "/admin/retention",
      ].map((path) => `/ar${path}`),
    ];
    const validated = [
      "/admin/teachers",
      "/admin/teachers/new",
      "/admin/products",
      "/admin/products/new",
      "/admin/testimonials",
      "/admin/testimonials/new",
      "/admin/pages/know-more",
      "/admin/pages/stemlab",
      "/admin/pages/projects",
      "/admin/submissions/contact",
      `/admin/submissions/contact/${ids.contact}`,
      "/admin/enrollment-forms",
      "/admin/brochure-leads",
      `/admin/brochure-leads/${ids.lead}`,
      "/admin/sections?status=open",
      ...[
        "/admin/media",
        "/admin/submissions/school",
        "/admin/blogs",
        "/admin/settings",
        "/admin/settings/contact",
        "/admin/settings/follow-up",
        "/admin/pages",
        "/admin/pages/summer-camp",
        "/admin/pages/site",
        `/admin/testimonials/edit/${ids.testimonial}`,
        "/admin/sections/new",
        `/admin/sections/${ids.section}`,
      ].map((path) => `/ar${path}`),
    ];
    return { audited, validated };
  };
  // About 45 screens in the browser, in two parts: each part stays well inside its time on a loaded
  // machine, and a retry redoes a half. The second part also validates the rest.
  for (const part of [0, 1]) {
    test(`every admin screen: one of each kind in English, the dashboard, a list and forms in Arabic (part ${part + 1} of 2)`, async ({ page }) => {
      test.setTimeout(240_000);
      const account = await signInAsAdmin(page);
      const { audited, validated } = adminScreens(await adminRecords(page, account.email));
      const size = Math.ceil(audited.length / 2);
      await auditAll(page, audited.slice(part * size, (part + 1) * size));
      if (part === 1) await validateServerHtml(page, validated);
    });
  }

  test("drafts and revisions: the editor offering a draft, a revisions page with a comparison, in both languages", async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    const post = {
      slug: `a11y-revisions-${Date.now()}`,
      status: "draft",
      author: "Staff Writer",
      publishDate: "2026-01-01",
      imageUrl: "",
      titleEn: "Robots at home",
      descriptionEn: "A weekend project with one motor and a battery for the whole family.",
      contentEn: [{ type: "paragraph", value: "Start small with one motor and a battery, then add a sensor." }],
      titleAr: "روبوتات في البيت",
      descriptionAr: "مشروع لعطلة نهاية الأسبوع.",
    };
    const created = await page.request.post("/api/admin/blogs", { data: post });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const changed = {
      ...post,
      titleEn: "Robots in the kitchen",
      contentEn: [{ type: "paragraph", value: "Start small with two motors and a battery, then add a sensor." }],
    };
    expect((await page.request.put(`/api/admin/blogs/${id}`, { data: changed })).status()).toBe(200);
    expect((await page.request.put(`/api/admin/blogs/${id}/draft`, { data: { values: { ...changed, titleEn: "Half typed" } } })).status()).toBe(200);
    const revisions = (await (await page.request.get(`/api/admin/blogs/${id}/revisions`)).json()) as { revisions: { id: number }[] };
    const oldest = revisions.revisions.at(-1)!.id;
    try {
      const screens = [`/admin/blogs/edit/${id}`, `/admin/blogs/edit/${id}/revisions`, `/admin/blogs/edit/${id}/revisions?compare=${oldest}`];
      await auditAll(page, [...screens, ...screens.map((path) => `/ar${path}`)]);
    } finally {
      await page.request.delete(`/api/admin/blogs/${id}`);
    }
  });

  test("drafts and revisions of a testimonial and a page section: editors offering a draft, revisions pages with a comparison, in both languages", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    const testimonials = (await (await page.request.get("/api/admin/testimonials?kind=parent")).json()) as { rows: { id: number }[] };
    const testimonialId = testimonials.rows[0]!.id;
    const testimonial = ((await (await page.request.get(`/api/admin/testimonials/${testimonialId}`)).json()) as { testimonial: Record<string, unknown> })
      .testimonial;
    const home = (await (await page.request.get("/api/admin/pages/home")).json()) as {
      sections: { key: string; id: number; values: Record<string, string> }[];
    };
    const hero = home.sections.find((s) => s.key === "hero")!;
    // Two saves each (a revision to compare) and a draft each (the editor offers it).
    expect((await page.request.put(`/api/admin/testimonials/${testimonialId}`, { data: testimonial })).status()).toBe(200);
    expect((await page.request.put(`/api/admin/testimonials/${testimonialId}`, { data: { ...testimonial, reviewEn: "An a11y review." } })).status()).toBe(200);
    expect(
      (await page.request.put(`/api/admin/testimonials/${testimonialId}/draft`, { data: { values: { ...testimonial, reviewEn: "Half typed" } } })).status(),
    ).toBe(200);
    expect((await page.request.put("/api/admin/pages/home/hero", { data: hero.values })).status()).toBe(200);
    expect((await page.request.put("/api/admin/pages/home/hero", { data: { ...hero.values, titleEn: "An a11y title" } })).status()).toBe(200);
    expect(
      (await page.request.put(`/api/admin/page-sections/${hero.id}/draft`, { data: { values: { ...hero.values, titleEn: "Half typed" } } })).status(),
    ).toBe(200);
    const oldest = async (collection: string, id: number) =>
      ((await (await page.request.get(`/api/admin/${collection}/${id}/revisions`)).json()) as { revisions: { id: number }[] }).revisions.at(-1)!.id;
    try {
      // The two editors offering their draft in the browser; their revisions and comparison pages
      // are the blog's components (audited in the test above), so they and the Arabic twins go
      // through html-validate on the server's HTML, as the other collections' screens do.
      const editors = [`/admin/testimonials/edit/${testimonialId}`, "/admin/pages/home"];
      const revisions = [
        `/admin/testimonials/edit/${testimonialId}/revisions`,
        `/admin/testimonials/edit/${testimonialId}/revisions?compare=${await oldest("testimonials", testimonialId)}`,
        `/admin/page-sections/edit/${hero.id}/revisions`,
        `/admin/page-sections/edit/${hero.id}/revisions?compare=${await oldest("page-sections", hero.id)}`,
      ];
      await auditAll(page, editors);
      await validateServerHtml(page, [...revisions, ...[...editors, ...revisions].map((path) => `/ar${path}`)]);
    } finally {
      await page.request.delete(`/api/admin/testimonials/${testimonialId}/draft`);
      await page.request.delete(`/api/admin/page-sections/${hero.id}/draft`);
      await page.request.put(`/api/admin/testimonials/${testimonialId}`, { data: testimonial });
      await page.request.put("/api/admin/pages/home/hero", { data: hero.values });
    }
  });

  test("the blog editor with every block type, its preview and the delete dialog", async ({ page }) => {
    test.setTimeout(60_000);
    await signInAsAdmin(page);
    const findings: Finding[] = [];
    await page.goto("/admin/blogs/new", { waitUntil: "load" });
    for (const type of ["Heading", "Paragraph", "Image", "List", "Quote", "Code"]) {
      await page.getByRole("button", { name: `+ ${type}`, exact: true }).click();
    }
    await expect(page.getByRole("group", { name: /^Block \d+:/ })).toHaveCount(6);
    findings.push(await audit(page));
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("region", { name: "Preview" })).toBeVisible();
    findings.push(await audit(page));
    const list = await page.request.get("/api/admin/blogs");
    const [post] = ((await list.json()) as { rows: { id: number }[] }).rows;
    await page.goto(`/admin/blogs/edit/${post!.id}`, { waitUntil: "load" });
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    findings.push(await audit(page));
    expectClean(findings);
  });

  test("a draft post's share box, its signed preview (en, ar, phone) and a refused link", async ({ page }) => {
    test.setTimeout(90_000);
    const db = new Database(path.join(process.env.E2E_DATA_DIR ?? "data-e2e", "app.db"));
    db.pragma("busy_timeout = 5000");
    const now = new Date().toISOString();
    const id = Number(
      db
        .prepare(
          `insert into blog_posts (slug, status, title_en, title_ar, description_en, description_ar, category_en, category_ar, content_en, content_ar,
          meta_title_en, meta_title_ar, meta_description_en, meta_description_ar, meta_keywords_en, meta_keywords_ar, image_url, author, publish_date, created_at, updated_at)
          values (?, 'draft', 'A draft to share', 'مسودة للمشاركة', 'Soon', 'قريبًا', 'News', 'أخبار', ?, ?, '', '', '', '', '', '', '', 'Staff', ?, ?, ?)`,
        )
        .run(
          `a11y-preview-${Date.now()}`,
          JSON.stringify([{ type: "paragraph", value: "Draft text." }]),
          JSON.stringify([{ type: "paragraph", value: "نص المسودة." }]),
          now,
          now,
          now,
        ).lastInsertRowid,
    );
    db.close();
    await signInAsAdmin(page);
    await page.goto(`/admin/blogs/edit/${id}`, { waitUntil: "load" });
    const findings: Finding[] = [await audit(page)];
    const url = new URL(await page.getByLabel("Preview link").inputValue());
    const preview = `${url.pathname}${url.search}`;
    await page.goto(`/ar/admin/blogs/edit/${id}`, { waitUntil: "load" });
    findings.push(await audit(page));
    expectClean(findings);
    await auditAll(page, [preview, `/ar${preview}`, "/blog-preview?token=1.1.x", "/ar/blog-preview?token=1.1.x"]);
    await page.setViewportSize({ width: 390, height: 844 });
    await auditAll(page, [preview, `/ar${preview}`]);
  });

  test("the media library with an image, its delete question, a refused alt text, and the library dialog of an editor, in both languages", async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    const findings: Finding[] = [];
    const buffer = await sharp({ create: { width: 400, height: 240, channels: 3, background: { r: 90, g: 40, b: 160 } } })
      .png()
      .toBuffer();
    for (const prefix of ["", "/ar"]) {
      await page.goto(`${prefix}/admin/media`, { waitUntil: "load" });
      const upload = page.locator("main form").first();
      await upload.locator("input[type=file]").setInputFiles({ name: "dot.png", mimeType: "image/png", buffer });
      await upload.locator("input[name=altEn]").fill("A tiny dot");
      await upload.locator("button[type=submit]").click();
      await expect(
        page
          .locator("main li h3")
          .filter({ hasText: prefix ? /./ : "A tiny dot" })
          .first(),
      ).toBeVisible();
      await toastShown(page);
      findings.push(await audit(page));
      const first = page.locator("main ul > li").first();
      await first.locator("input[name=altEn]").evaluate((input: HTMLInputElement) => input.removeAttribute("maxlength"));
      await first.locator("input[name=altEn]").fill("x".repeat(301));
      await first
        .locator("form")
        .filter({ has: page.locator("input[name=altEn]") })
        .locator("button[type=submit]")
        .click();
      await expect(first.locator("input[name=altEn][aria-invalid=true]")).toBeVisible();
      findings.push(await audit(page));
      await first
        .locator("form")
        .filter({ has: page.locator("input[value=delete]") })
        .locator("button[type=submit]")
        .click();
      await expect(first.getByRole("alertdialog")).toBeVisible();
      findings.push(await audit(page));
      await page.goto(`${prefix}/admin/products/new`, { waitUntil: "load" });
      await page.getByRole("button", { name: prefix ? "اختيار من المكتبة" : "Choose from library" }).click();
      await expect(page.getByRole("dialog").locator("ul button").first()).toBeVisible();
      findings.push(await audit(page));
    }
    expectClean(findings);
  });

  test("absences and make-ups (a family with a credit to spend, and the reminder's absence link), in both languages", async ({ page }) => {
    test.setTimeout(90_000);
    const email = `a11y-makeups-${Date.now()}@example.com`;
    expect(
      (await page.request.post("/register", { data: { username: "Axe Parent", email, password: "Parent-Passw0rd", contactNumber: "9876543210" } })).status(),
    ).toBe(201);
    expect((await page.request.post("/login", { data: { email, password: "Parent-Passw0rd" } })).status()).toBe(200);
    const { sections } = (await (await page.request.get("/api/courses/robotics-fundamentals/sections")).json()) as {
      sections: { id: number; minAge: number }[];
    };
    const enrolled = await page.request.post(`/api/sections/${sections[0]!.id}/enrolments`, {
      data: { childName: "Axe Child", childAge: sections[0]!.minAge, parentName: "Axe Parent", email, phone: "+91 98765 43210" },
    });
    expect(enrolled.status()).toBe(201);
    const overview = (await (await page.request.get("/api/account/makeups")).json()) as { children: { enrolmentId: number; meetings: { id: number }[] }[] };
    const group = overview.children[0]!;
    expect((await page.request.post("/api/account/absences", { data: { enrolmentId: group.enrolmentId, meetingId: group.meetings[0]!.id } })).status()).toBe(
      201,
    );
    // The reminder e-mail's absence link (no sign-in): rebuilt as the server signs it, with the secret it keeps in its data folder.
    const secret = readFileSync(path.join(process.env.E2E_DATA_DIR ?? "data-e2e", "session-secret"), "utf8").trim();
    const token = `${group.enrolmentId}_${mac(secret, "absence-link", group.enrolmentId, (await enrolled.json()).reference as string)}`;
    await auditAll(page, ["/account/makeups", "/ar/account/makeups", `/makeups/absence?token=${token}`, `/ar/makeups/absence?token=${token}`]);
  });

  test("messages from the academy (decision 127): a parent sets channels and news at 390 px, in both languages; the staff inbox", async ({ page }) => {
    test.setTimeout(90_000);
    const email = `a11y-messages-${Date.now()}@example.com`;
    expect(
      (await page.request.post("/register", { data: { username: "Axe Parent", email, password: "Parent-Passw0rd", contactNumber: "9876543210" } })).status(),
    ).toBe(201);
    expect((await page.request.post("/login", { data: { email, password: "Parent-Passw0rd" } })).status()).toBe(200);
    await page.setViewportSize({ width: 390, height: 844 });
    const findings: Finding[] = [];
    for (const [prefix, save, saved] of [
      ["", "Save choices", "Your choices are saved."],
      ["/ar", "حفظ الاختيارات", "حُفظت اختياراتكم."],
    ] as const) {
      await page.goto(`${prefix}/account/messages`, { waitUntil: "networkidle" });
      findings.push(await audit(page));
      // WhatsApp without a number: the field says what is missing.
      await page.locator("input[name=whatsapp]").check();
      await page.locator("input[name=phone]").fill("");
      await page.getByRole("button", { name: save }).click();
      await expect(page.locator("input[name=phone][aria-invalid=true]")).toBeVisible();
      findings.push(await audit(page));
      await page.locator("input[name=phone]").fill("+971 50 123 4567");
      await page.locator("input[name=news]").check();
      await page.getByRole("button", { name: save }).click();
      await expect(page.getByRole("status")).toHaveText(saved);
      findings.push(await audit(page));
    }
    expectClean(findings);
    await page.context().clearCookies();
    await signInAsAdmin(page);
    // With the thread's assignment form, the broadcasts and the automations beside the inbox (decisions 134, 140).
    await auditAll(page, [
      "/admin/messages",
      `/admin/messages?family=${encodeURIComponent(email)}`,
      "/ar/admin/messages",
      "/admin/settings/messaging",
      "/admin/messages/broadcasts",
      "/ar/admin/messages/broadcasts",
      // The automations with their forms, figures and audit trail (decision 140).
      "/admin/messages/automations",
      "/ar/admin/messages/automations",
      // Each message's words and its WhatsApp template (issue 43 item 2).
      "/admin/messages/templates",
      "/ar/admin/messages/templates",
    ]);
  });

  test("sign-in security (a parent's, a staff member's app set-up, recovery codes) and the second sign-in step, in both languages", async ({ page }) => {
    test.setTimeout(120_000);
    const email = `a11y-keys-${Date.now()}@example.com`;
    expect(
      (await page.request.post("/register", { data: { username: "Axe Parent", email, password: "Parent-Passw0rd", contactNumber: "9876543210" } })).status(),
    ).toBe(201);
    expect((await page.request.post("/login", { data: { email, password: "Parent-Passw0rd" } })).status()).toBe(200);
    await auditAll(page, ["/account/security", "/ar/account/security"]);

    await page.context().clearCookies();
    const staff = await createAdminAccount(`a11y-totp-${Date.now()}@example.com`, "Staff-Passw0rd", "Axe Staff");
    expect((await page.request.post("/api/admin/login", { data: { email: staff.email, password: staff.password } })).status()).toBe(200);
    const setup = (await (await page.request.post("/api/account/totp/setup", { data: {} })).json()) as { setup: { secret: string } };
    // The QR code, the key as text and the code field of the set-up (staff's page is in the staff layout, issue 42).
    await auditAll(page, ["/admin/security?required=1", "/ar/admin/security"]);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.setup.secret.replace(/\s/g, "")), digits: 6, period: 30 });
    const findings: Finding[] = [];
    for (const path of ["/admin/security", "/ar/admin/security"]) {
      await page.goto(path, { waitUntil: "load" });
      if (path === "/admin/security") {
        await page.getByLabel("6-digit code from the app").fill(totp.generate());
        await page.getByRole("button", { name: "Turn on" }).click();
        await expect(page.locator("[data-recovery-codes] li")).toHaveCount(10);
        findings.push(await audit(page));
      } else findings.push(await audit(page));
    }
    expectClean(findings);

    await page.context().clearCookies();
    const waiting = await page.request.post("/api/admin/login", { data: { email: staff.email, password: staff.password } });
    expect(((await waiting.json()) as { secondFactor?: boolean }).secondFactor).toBe(true);
    await auditAll(page, ["/admin/login/second-factor", "/ar/admin/login/second-factor"]);
  });

  test("the refund page (fresh, refused, done), the refund policies and a dropped enrolment's refund proposal, in both languages (issue 31 part 6)", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const findings: Finding[] = [];
    for (const lang of ["en", "ar"] as const) {
      const paid = await deskPaidInvoice(page.request, lang);
      if (lang === "en") await signInAsAdmin(page);
      const prefix = lang === "ar" ? "/ar" : "";
      const refundPage = `${prefix}/admin/billing/payments/${paid.paymentId}/refund`;
      await page.goto(refundPage, { waitUntil: "load" });
      findings.push(await audit(page));
      // A refused refund: more than was paid, its message beside the field.
      await page.locator("#refund-amount").fill(String(paid.totalMinor));
      await page.locator("#refund-reason").fill("Axe");
      await page.locator("main form button[type=submit]").click();
      await expect(page.locator("#refund-amount[aria-invalid=true]")).toBeVisible();
      findings.push(await audit(page));
      await page.locator("#refund-amount").fill("5");
      await page.locator("main form button[type=submit]").click();
      await expect(page.getByRole("status")).toBeVisible();
      findings.push(await audit(page));
      await page.goto(`${prefix}/admin/billing/refund-policies`, { waitUntil: "load" });
      findings.push(await audit(page));
    }
    // A dropped enrolment with money paid: the staff page proposes the policy's refund, in both languages.
    const dropped = await deskPaidInvoice(page.request, "en");
    expect((await page.request.post(`/api/admin/enrolments/${dropped.reference}/drop`, { data: { reason: "Axe walk" } })).status()).toBe(200);
    for (const prefix of ["", "/ar"]) {
      await page.goto(`${prefix}/admin/enrolments/${dropped.reference}`, { waitUntil: "load" });
      await expect(page.locator(`a[href*="/admin/billing/payments/${dropped.paymentId}/refund?amount="]`)).toBeVisible();
      findings.push(await audit(page));
    }
    expectClean(findings);
  });

  test("the discounts screens (a code with a use, its refused save) and both enrolment forms with a refused and an applied code, in both languages (issue 31)", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInAsAdmin(page);
    const created = await page.request.post("/api/admin/promo-codes", {
      data: { code: `A11Y-${Date.now().toString(36).toUpperCase()}`, kind: "percent", percent: 10, maxUses: 3, validFrom: "2026-01-01" },
    });
    expect(created.status()).toBe(201);
    const { id, promoCode } = (await created.json()) as { id: number; promoCode: { code: string } };
    // One use, so the code's page lists it.
    const groups = (await (await page.request.get("/api/courses/robotics-fundamentals/sections")).json()) as { sections: { id: number; minAge: number }[] };
    const group = groups.sections[0]!;
    const used = await page.request.post(`/api/sections/${group.id}/enrolments`, {
      data: {
        childName: "Axe Child",
        childAge: group.minAge,
        parentName: "Axe Parent",
        email: "axe-code@example.com",
        phone: "+91 98765 43210",
        promoCode: promoCode.code,
      },
    });
    expect(used.status()).toBe(201);
    const findings: Finding[] = [];
    for (const prefix of ["", "/ar"]) {
      for (const path of [`${prefix}/admin/discounts`, `${prefix}/admin/discounts/${id}`]) {
        await page.goto(path, { waitUntil: "load" });
        findings.push(await audit(page));
      }
      // A refused save: the per-field messages beside their fields.
      await page.goto(`${prefix}/admin/discounts`, { waitUntil: "load" });
      await page.locator("section[aria-labelledby=new-code] button[type=submit]").click();
      await expect(page.locator("main [aria-invalid=true]").first()).toBeVisible();
      findings.push(await audit(page));
      // The enrolment forms: a refused code, then an applied one (the price with its discount line);
      // in Arabic one state of each form (the same components, issue 40).
      const states = [
        [`${prefix}/courses/robotics-fundamentals#enrol`, prefix ? [promoCode.code] : ["NOT-A-CODE", promoCode.code]],
        [`${prefix}/enroll?camp=junior`, prefix ? ["NOT-A-CODE"] : ["NOT-A-CODE", promoCode.code]],
      ] as const;
      for (const [form, codes] of states) {
        for (const code of codes) {
          await page.goto(form, { waitUntil: "load" });
          const group = page.locator("input[name=sectionId]:not([disabled])").first();
          if ((await group.count()) > 0) await group.check();
          await page.locator("input[name=promoCode]").fill(code);
          await page.locator("button[data-native-post]").click();
          await page.waitForLoadState("networkidle");
          await expect(page.locator("[data-price-summary] table")).toBeVisible();
          findings.push(await audit(page));
        }
      }
    }
    expectClean(findings);
  });

  test("the billing desk: invoice list, an invoice with a part payment and a refused one, the family's statement, in both languages (issue 31, decision 090)", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    const groups = (await (await page.request.get("/api/courses/robotics-fundamentals/sections")).json()) as {
      sections: { id: number; minAge: number; seatsLeft: number }[];
    };
    const group = groups.sections.reduce((best, g) => (g.seatsLeft > best.seatsLeft ? g : best));
    const email = `axe-desk-${Date.now().toString(36)}@example.com`;
    expect(
      (
        await page.request.post(`/api/sections/${group.id}/enrolments`, {
          data: { childName: "Axe Desk", childAge: group.minAge, parentName: "Axe Parent", email, phone: "+91 98765 43210" },
        })
      ).status(),
    ).toBe(201);
    const list = (await (await page.request.get(`/api/admin/billing/invoices?q=${encodeURIComponent(email)}`)).json()) as { invoices: { id: number }[] };
    const id = list.invoices[0]!.id;
    expect(
      (await page.request.post(`/api/admin/billing/invoices/${id}/payments`, { data: { method: "cheque", amountMinor: 1000, reference: "CHQ-1" } })).status(),
    ).toBe(201);
    const findings: Finding[] = [];
    for (const prefix of ["", "/ar"]) {
      for (const path of [
        `${prefix}/admin/billing`,
        `${prefix}/admin/billing?status=open&q=axe-desk`,
        `${prefix}/admin/billing/invoices/${id}`,
        `${prefix}/admin/billing/families/${encodeURIComponent(email)}`,
      ]) {
        await page.goto(path, { waitUntil: "load" });
        findings.push(await audit(page));
      }
      // A refused desk payment (more than is owed): the message and the field's, rendered back.
      await page.goto(`${prefix}/admin/billing/invoices/${id}`, { waitUntil: "load" });
      await page.locator("input[name=amount]").fill("999999");
      await page.locator("#desk-payment button[type=submit]").click();
      await expect(page.locator("main [aria-invalid=true]").first()).toBeVisible();
      findings.push(await audit(page));
    }
    expectClean(findings);
  });

  test("the instalments screen (split, and refused), the family's invoice page and the offers' rule forms, in both languages (issue 31, decision 091)", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const invoice = await newInvoice(page, "en");
    await signInAsAdmin(page);
    const split = await page.request.post(`/api/admin/billing/invoices/${invoice.id}/instalments`, {
      data: { equal: { count: 3, firstDueOn: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10) } },
    });
    expect(split.status()).toBe(200);
    const db = new Database(path.join(process.env.E2E_DATA_DIR ?? "data-e2e", "app.db"), { readonly: true });
    const course = db.prepare("select id from courses where slug = 'robotics-fundamentals'").get() as { id: number };
    db.close();
    const findings: Finding[] = [];
    for (const prefix of ["", "/ar"]) {
      await page.goto(`${prefix}/admin/billing/invoices/${invoice.id}/instalments`, { waitUntil: "load" });
      findings.push(await audit(page));
      await page.locator("[data-testid=split-form] input[name=amount_1]").fill("0");
      await page.locator("[data-testid=split-form] button[type=submit]").click();
      await expect(page.locator("main [aria-invalid=true]").first()).toBeVisible();
      findings.push(await audit(page));
      await page.goto(`${prefix}/payments/invoice?token=${invoice.token}`, { waitUntil: "load" });
      findings.push(await audit(page));
      await page.goto(`${prefix}/admin/courses/edit/${course.id}`, { waitUntil: "load" });
      await expect(page.locator("#instalment-rule-heading")).toBeVisible();
      findings.push(await audit(page));
    }
    expectClean(findings);
  });

  test("admin forms showing their validation errors", async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    const findings: Finding[] = [];
    for (const path of ["/admin/blogs/new", "/admin/courses/new", "/admin/teachers/new", "/admin/products/new"]) {
      await page.goto(path, { waitUntil: "load" });
      await page.locator("main form button[type=submit]").first().click();
      await expect(page.locator("main [aria-invalid=true]").first()).toBeVisible();
      findings.push(await audit(page));
    }
    expectClean(findings);
  });
});
