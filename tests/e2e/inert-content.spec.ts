import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "./fixtures";
import { signInAsAdmin } from "./accounts";

/**
 * Staff-entered text is shown as text: a script payload saved through the admin API (course,
 * teacher, product, blog post, site address) must not run on the public pages: no dialog,
 * window.__pwned stays undefined, and the payload is visible as plain characters.
 */

const PAYLOAD = `</script><script>window.__pwned=1;alert(1)</script><img src=x onerror="window.__pwned=2;alert(2)">`;
/** The raw markup that would run if the payload reached the HTML unescaped. */
const RAW_MARKUP = ["<script>window.__pwned", '<img src=x onerror="window.__pwned'];

/** Loads a public page and checks that the payload is on it as text and that nothing ran. */
async function expectInert(page: Page, path: string, dialogs: string[]) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const html = (await response?.text()) ?? "";
  for (const markup of RAW_MARKUP) expect(html, `${path} holds the payload as markup`).not.toContain(markup);
  await page.waitForLoadState("networkidle");
  await expect(page.getByText(PAYLOAD).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(await page.locator("img[src='x']").count(), `${path} has an injected image`).toBe(0);
  expect(dialogs, path).toEqual([]);
}

test.describe("staff-entered script payloads render inertly", () => {
  test("course, teacher, product, blog post and site address show the payload as text", async ({ page, baseURL }) => {
    test.slow();
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signInAsAdmin(page);
    const api = page.request;
    const origin = { origin: baseURL! };
    const write = async (method: "POST" | "PUT" | "DELETE", url: string, data?: unknown) => {
      const response = await api.fetch(url, { method, data, headers: origin });
      expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
      return response.json();
    };

    const suffix = randomBytes(3).toString("hex");
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const settings = (await (await api.get("/api/admin/settings")).json()).settings;
    const created: string[] = [];
    try {
      const course = await write("POST", "/api/admin/courses", {
        key: `inert_${suffix}`,
        slug: `inert-course-${suffix}`,
        nameEn: PAYLOAD,
        descriptionEn: PAYLOAD,
        sessions: 8,
        minAge: 8,
        maxAge: 12,
        price: 4999,
        instructor: PAYLOAD,
        imageUrl: "/images/logo.png",
        contentEn: [{ type: "paragraph", value: PAYLOAD }],
        faqs: [{ questionEn: PAYLOAD, answerEn: PAYLOAD }],
        metaTitle: PAYLOAD,
        metaDescription: PAYLOAD,
      });
      created.push(`/api/admin/courses/${course.id}`);
      const teacher = await write("POST", "/admin/teacher-dashboard/create-teacher", {
        teachername: PAYLOAD,
        subjects: ["Robotics"],
        experience: PAYLOAD,
        teacherphoto: ["/images/logo.png"],
      });
      created.push(`/api/admin/teachers/${teacher.id}`);
      const product = await write("POST", "/api/admin/products", {
        nameEn: PAYLOAD,
        descriptionEn: PAYLOAD,
        price: 999,
        imageUrl: "/images/logo.png",
        sort: 0,
      });
      created.push(`/api/admin/products/${product.id}`);
      const post = await write("POST", "/api/admin/blogs", {
        slug: `inert-post-${suffix}`,
        status: "published",
        author: PAYLOAD,
        publishDate: yesterday,
        titleEn: PAYLOAD,
        descriptionEn: PAYLOAD,
        categoryEn: "Safety",
        metaTitleEn: PAYLOAD,
        metaDescriptionEn: PAYLOAD,
        contentEn: [
          { type: "heading", value: PAYLOAD, level: 2 },
          { type: "paragraph", value: PAYLOAD },
          { type: "quote", value: PAYLOAD },
          { type: "list", items: [PAYLOAD] },
          { type: "code", value: PAYLOAD },
        ],
      });
      created.push(`/api/admin/blogs/${post.id}`);
      await write("PUT", "/api/admin/settings", { ...settings, address: { ...settings.address, en: PAYLOAD } });

      for (const path of [`/courses/${course.slug}`, "/courses", `/blog/${post.slug}`, "/blog", "/", "/products"]) {
        await expectInert(page, path, dialogs);
      }
    } finally {
      // Leave the shared e2e database as it was for the other browser tests.
      await api.fetch("/api/admin/settings", { method: "PUT", data: settings, headers: origin });
      for (const url of created.reverse()) await api.fetch(url, { method: "DELETE", headers: origin });
    }
  });
});

test.describe("hostile page requests", () => {
  const SCRIPT = "<script>alert(1)</script>";
  const hostile = encodeURIComponent(SCRIPT);

  test("hostile paths and queries on pages answer without a server error and reflect no markup", async ({ request }) => {
    const urls = [
      `/courses/${hostile}`,
      "/courses/..%2f..%2fetc%2fpasswd",
      `/courses/${hostile}/bookdemoclass`,
      `/courses/robotics-fundamentals/bookdemoclass/book-demo-class-slot-booked-page?ref=${encodeURIComponent("' OR 1=1 --")}`,
      `/booking/cancel?token=${hostile}`,
      `/blog/${hostile}`,
      "/blog?page=1e309",
      `/blog?page=${hostile}`,
      `/reset-password?token=${hostile}`,
      `/admin/setup?token=${hostile}`,
      `/login?next=${encodeURIComponent("javascript:alert(1)")}`,
      `/courses/course-filter?age=${hostile}`,
      `/enroll?camp=${hostile}`,
      `/ar/courses/${hostile}`,
      `/ar/enroll?camp=${hostile}`,
      `/courses/${hostile}.data`,
      "/blog/%E0%A4%A",
      `/${"x".repeat(4000)}`,
    ];
    for (const url of urls) {
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBeLessThan(500);
      expect(await response.text(), url).not.toContain(SCRIPT);
    }
  });

  test("unreadable or hostile form posts to a page action are refused, never a server error", async ({ request }) => {
    const cases: { label: string; headers: Record<string, string>; data: string }[] = [
      { label: "JSON", headers: { "content-type": "application/json" }, data: '{"token":"x"}' },
      { label: "text", headers: { "content-type": "text/plain" }, data: "token=x" },
      { label: "multipart without a boundary", headers: { "content-type": "multipart/form-data" }, data: "token=x" },
      {
        label: "broken multipart",
        headers: { "content-type": "multipart/form-data; boundary=b" },
        data: '--b\r\nContent-Disposition: form-data; name="token"\r\n\r\nx',
      },
      { label: "a NUL byte in the token", headers: { "content-type": "application/x-www-form-urlencoded" }, data: "token=a%00b" },
      { label: "a script in the token", headers: { "content-type": "application/x-www-form-urlencoded" }, data: `token=${hostile}` },
      { label: "SQL in the token", headers: { "content-type": "application/x-www-form-urlencoded" }, data: `token=${encodeURIComponent("' OR 1=1 --")}` },
    ];
    for (const { label, headers, data } of cases) {
      for (const url of ["/booking/cancel?token=x", "/booking/cancel.data?token=x"]) {
        const response = await request.post(url, { headers, data, maxRedirects: 0 });
        expect(response.status(), `${label} to ${url}`).toBeGreaterThanOrEqual(400);
        expect(response.status(), `${label} to ${url}`).toBeLessThan(500);
      }
    }
    const json = await request.post("/courses", { data: { a: 1 } });
    expect(json.status()).toBe(415);
    expect((await json.json()).message).toBeTruthy();
  });
});
