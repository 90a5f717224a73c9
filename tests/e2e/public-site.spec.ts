import path from "node:path";
import { expect, test, waitForHydration, type Page, type Route, shot } from "./fixtures";
import Database from "better-sqlite3";
import { contentChanged } from "./content-changed";

// The e2e server's SQLite file: tests that need a catalogue state the seed lacks change it here
// and put it back.
const dbFile = path.join(process.env.E2E_DATA_DIR ?? "data-e2e", "app.db");

function withDb<T>(work: (db: Database.Database) => T): T {
  const db = new Database(dbFile);
  try {
    db.pragma("busy_timeout = 5000");
    return work(db);
  } finally {
    db.close();
  }
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/**
 * The catalogue without React (decision 055): a new age preset fetches the page's own HTML
 * (`/courses?age=…`) in the browser and swaps the results in; this catches those fetches only.
 */
const catalogueFetch = (url: URL) => /\/courses(\/course-filter)?$/.test(url.pathname) && url.searchParams.has("age");
const onCatalogueFetch = (page: Page, handler: (route: Route) => Promise<void> | void) =>
  page.route(catalogueFetch, (route) => (route.request().resourceType() === "fetch" ? handler(route) : route.fallback()));
/** True when the page is wider than the window (a layout bug that shows as sideways scrolling). */
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
const cards = (page: Page) => page.getByRole("region", { name: /^(Courses|الدورات)$/ }).getByRole("listitem");

test.describe("every page in both languages", () => {
  const pages: [string, string, string][] = [
    ["/", "Spark your child's curiosity with hands-on STEM", "أشعِل فضول طفلك بتعليم STEM العملي"],
    ["/courses", "Explore Our Courses", "استكشف دوراتنا"],
    ["/courses/course-filter", "Our Courses", "دوراتنا"],
    ["/courses/internet-of-things", "Internet of Things", "إنترنت الأشياء"],
    ["/know-more-info", "Learning by building, one project at a time", "التعلّم بالبناء، مشروعًا بعد مشروع"],
    ["/contact-us", "Contact Us", "تواصل معنا"],
    ["/projects", "Student Projects", "مشاريع الطلاب"],
    ["/stemlab", "STEM Lab (Centre of Excellence)", "مختبر STEM (مركز التميّز)"],
    ["/products", "STEM Kits for Learning at Home", "أطقم STEM للتعلّم في المنزل"],
    ["/contact-us-school", "Contact us for your school", "تواصل معنا بشأن مدرستك"],
  ];
  // One walk through every page (issue 40: a browser context per page cost more than the pages).
  test("every page answers 200 with its heading, left to right on a desktop and right to left on a phone", async ({ page }) => {
    for (const [pagePath, english] of pages) {
      await test.step(`${pagePath} (en)`, async () => {
        const en = await page.goto(pagePath);
        expect(en?.status()).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
        await expect(page.locator("html")).toHaveAttribute("lang", "en");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(english);
        await expect(page).toHaveTitle(/STEM Academy/);
        expect(await overflowsSideways(page)).toBe(false);
      });
    }
    // The Arabic twins on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [pagePath, , arabic] of pages) {
      await test.step(`${pagePath} (ar)`, async () => {
        const ar = await page.goto(pagePath === "/" ? "/ar" : `/ar${pagePath}`);
        expect(ar?.status()).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
        await expect(page.locator("html")).toHaveAttribute("lang", "ar");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(arabic);
        expect(await overflowsSideways(page)).toBe(false);
      });
    }
  });
});

test.describe("home page", () => {
  // One walk (issue 40): the slider, the sections and their links, then the Arabic twin.
  test("the sections in the original's order from the database, the slider by keyboard, and the Arabic columns", async ({ page }) => {
    await page.goto("/");
    // The latest-programs slider has six labelled slides and moves by keyboard.
    const slider = page.getByRole("region", { name: "Latest programs" });
    await expect(slider.getByRole("group")).toHaveCount(6);
    await expect(slider.getByRole("group", { name: "1 of 6" })).toContainText("Raspberry Pi Basics");
    const previous = slider.getByRole("button", { name: "Previous programs" });
    const next = slider.getByRole("button", { name: "Next programs" });
    await expect(previous).toHaveAttribute("aria-disabled", "true");
    await next.focus();
    await page.keyboard.press("Enter");
    await expect(previous).toHaveAttribute("aria-disabled", "false");
    // Arrow keys move it too; back at the start, Previous is off again.
    await page.keyboard.press("ArrowLeft");
    await expect(previous).toHaveAttribute("aria-disabled", "true");

    await expect(page.locator("main h2")).toHaveText([
      "Why Choose Us",
      "About Us",
      "Our Latest Programs",
      "Find the right course for your child's age",
      "What Parents Say",
      "Meet Our Instructors",
      "More Reasons Families Choose Us",
      "What Our Students Say",
      "Summer Camp 2025",
      "Bring hands-on STEM to your school",
      "School enquiry form",
    ]);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact-us");
    await expect(main.getByRole("link", { name: "Learn More" })).toHaveAttribute("href", "/know-more-info");
    const numbers = page.getByRole("region", { name: "Our academy in numbers" });
    for (const figure of ["156+", "568+", "40+", "6+"]) await expect(numbers.getByText(figure, { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Shahanwaz Khan" })).toBeVisible();
    const kid = page.locator("figure", { hasText: "Alfiya Khursheed" });
    await expect(kid).toContainText("Age 13");
    await expect(kid).toContainText("Python for Beginners");
    await expect(page.locator("figure", { hasText: "Nancy" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Explore the Summer Camp" })).toHaveAttribute("href", "/summer-camp");
    // The school enquiry form is on the home page too.
    const form = page.locator("#school-form");
    await expect(form.getByRole("heading", { name: "School enquiry form" })).toBeVisible();
    await expect(form.getByLabel("Preferred date")).toHaveAttribute("type", "date");
    await expect(form.getByLabel("Contact number")).toHaveAttribute("type", "tel");
    await main.getByRole("link", { name: "6-12 years" }).click();
    await expect(page).toHaveURL(/\/courses\?age=6-12$/);
    await expect(cards(page)).toHaveCount(1);

    // The Arabic home page reads from the Arabic columns.
    await page.goto("/ar");
    await expect(page.getByRole("heading", { name: "شاهنواز خان" })).toBeVisible();
    await expect(page.getByRole("region", { name: "أحدث البرامج" }).getByRole("group", { name: "1 من 6" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "تواصل معنا" })).toHaveAttribute("href", "/ar/contact-us");
  });
});

test.describe("course catalogue", () => {
  test("filters by exact age range, keeps the choice in the URL and survives a reload; so does the course-filter sentence", async ({ page }) => {
    await page.goto("/courses");
    await expect(cards(page)).toHaveCount(13);
    const select = page.getByLabel("Age group");
    await expect(select.locator("option")).toHaveText(["All Age Groups", "6-12", "6-18", "14-24", "12-24", "16-24"]);
    await select.selectOption("6-12");
    await expect(page).toHaveURL(/\/courses\?age=6-12$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByRole("main").getByRole("status")).toHaveText("1 course");
    await expect(cards(page).first()).toContainText("Visual Block Coding for Beginners");
    await expect(cards(page).first()).toContainText("$4,254");
    await expect(cards(page).first()).toContainText("2 months");
    await expect(cards(page).first()).toContainText("30 sessions");
    await page.reload();
    await expect(page.getByLabel("Age group")).toHaveValue("6-12");
    await expect(cards(page)).toHaveCount(1);
    await page.getByLabel("Age group").selectOption("14-24");
    await expect(cards(page)).toHaveCount(6);
    await expect(page.getByRole("main").getByRole("status")).toHaveText("6 courses");
    // Back goes to the previous choice, fetched again.
    await page.goBack();
    await expect(page).toHaveURL(/\?age=6-12$/);
    await expect(cards(page)).toHaveCount(1);
    await page.getByLabel("Age group").selectOption("all");
    await expect(page).toHaveURL(/\/courses$/);
    await expect(cards(page)).toHaveCount(13);

    // The course-filter page reads as a sentence and filters the same way.
    await page.goto("/courses/course-filter");
    await expect(page.getByRole("main")).toContainText("My child is in the");
    await page.getByRole("combobox", { name: "My child is in the age group." }).selectOption("12-24");
    await expect(page).toHaveURL(/course-filter\?age=12-24$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("Python for Beginners");
    await page.reload();
    await expect(cards(page)).toHaveCount(1);
    await page.goto("/ar/courses/course-filter?age=12-24");
    await expect(cards(page).first()).toContainText("بايثون للمبتدئين");
  });

  test("'my child is 8' lists every course that fits, kept in the URL, without JavaScript too", async ({ page, browser }) => {
    const fitting = ["Visual Block Coding for Beginners", "Robotics Fundamentals", "Digital Literacy"];
    // Before any script runs: a plain GET form, rendered by the server.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.goto("/courses");
    await plain.getByLabel("Your child's age in years").fill("8");
    await plain.getByRole("button", { name: "Show courses" }).click();
    await expect(plain).toHaveURL(/\/courses\?childAge=8$/);
    await expect(cards(plain)).toHaveCount(5);
    for (const name of fitting) await expect(cards(plain).filter({ hasText: name })).toHaveCount(1);
    await expect(plain.getByText("Courses for a child of 8.")).toBeVisible();
    await context.close();

    // With scripts, in Arabic, on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/ar/courses");
    await page.getByLabel("عمر طفلك بالسنوات").fill("13");
    await page.getByRole("button", { name: "اعرض الدورات" }).click();
    await expect(page).toHaveURL(/\/ar\/courses\?childAge=13$/);
    await expect(page.getByText("الدورات المناسبة لطفل في عمر 13.")).toBeVisible();
    const count = (await (await page.request.get("/admin/course-dashboard/all-courses?childAge=13")).json()).courses.length as number;
    await expect(cards(page)).toHaveCount(count);
    await shot(page, "courses-child-age-390-ar");
    await page.reload();
    await expect(cards(page)).toHaveCount(count);
    await expect(page.getByLabel("عمر طفلك بالسنوات")).toHaveValue("13");
    // Choosing a preset replaces the child's age.
    await page.getByLabel("الفئة العمرية").selectOption("6-12");
    await expect(page).toHaveURL(/\/ar\/courses\?age=6-12$/);
    await expect(cards(page)).toHaveCount(1);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/courses?childAge=8");
    await shot(page, "courses-child-age-1280-en");
  });

  test("shows the loading logo while the browser fetches, then the courses; alerts when the fetch fails, in both languages", async ({ page }) => {
    await page.goto("/courses");
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await onCatalogueFetch(page, async (route) => {
      await gate;
      await route.continue();
    });
    await page.getByLabel("Age group").selectOption("16-24");
    const loading = page.getByRole("status").filter({ hasText: "Loading courses..." });
    await expect(loading).toBeVisible();
    await expect(loading.locator("img")).toHaveAttribute("src", "/images/logo.svg");
    release();
    await expect(loading).toHaveCount(0);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("Raspberry Pi Basics");
    // A failed fetch alerts, in both languages.
    await page.unroute(catalogueFetch);
    await onCatalogueFetch(page, (route) => route.fulfill({ status: 500, body: "down" }));
    await page.getByLabel("Age group").selectOption("6-18");
    await expect(page.getByRole("alert")).toHaveText("Failed to load courses. Please try again later.");
    await page.goto("/ar/courses");
    await page.getByLabel("الفئة العمرية").selectOption("6-18");
    await expect(page.getByRole("alert")).toHaveText("تعذّر تحميل الدورات. يرجى المحاولة مرة أخرى لاحقًا.");
    await page.unroute(catalogueFetch);
    await onCatalogueFetch(page, (route) => route.abort("connectionrefused"));
    await page.getByLabel("الفئة العمرية").selectOption("6-12");
    await expect(page.getByRole("alert")).toHaveText("تعذّر تحميل الدورات. يرجى المحاولة مرة أخرى لاحقًا.");
  });

  test("says so when no course matches the age group, rendered and fetched", async ({ page }) => {
    // Every preset has a seeded course; move the only 6-12 course to 7-12 for this test.
    await withDb((db) => {
      db.prepare("update courses set min_age = 7 where key = 'visual_block_coding'").run();
      return contentChanged(db);
    });
    try {
      await page.goto("/courses?age=6-12");
      await expect(page.getByText("No courses found for this age group.")).toBeVisible();
      await expect(cards(page)).toHaveCount(0);
      await page.goto("/ar/courses");
      await page.getByLabel("الفئة العمرية").selectOption("6-12");
      await expect(page.getByText("لم يتم العثور على دورات لهذه الفئة العمرية.")).toBeVisible();
      await expect(page.getByRole("main").getByRole("status")).toHaveText("لا توجد دورات");
    } finally {
      await withDb((db) => {
        db.prepare("update courses set min_age = 6 where key = 'visual_block_coding'").run();
        return contentChanged(db);
      });
    }
  });
});

test.describe("prices and ages on a phone, in both languages", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  // As the page writes it: Intl's grouping, without the right-to-left mark Intl puts before an Arabic amount (decision 112 isolates it instead).
  const intl = (lang: string) =>
    new Intl.NumberFormat(lang === "ar" ? "ar" : "en-US", { style: "currency", currency: "USD", currencyDisplay: "narrowSymbol", maximumFractionDigits: 0 });
  const usd = (lang: string) => ({
    format: (amount: number) =>
      intl(lang)
        .format(amount)
        .replace(/\u200F/g, ""),
  });

  // One walk for both languages (issue 40): the same three screens each.
  test("course prices use the language's grouping, and the footer agrees with the catalogue's ages", async ({ page }) => {
    for (const lang of ["en", "ar"] as const) {
      const prefix = lang === "ar" ? "/ar" : "";
      await page.goto(`${prefix}/courses?age=6-12`);
      const card = cards(page).first();
      await expect(card).toContainText(usd(lang).format(4254));
      if (lang === "en") await expect(card).toContainText("$4,254");
      await shot(page, `courses-390-${lang}`);
      await page.goto(`${prefix}/courses/internet-of-things`);
      await expect(page.getByRole("main")).toContainText(usd(lang).format(5000));
      await shot(page, `course-390-${lang}`);
      // The home hero and the footer both speak of ages 6 to 24, like the catalogue.
      await page.goto(prefix || "/");
      const ages = lang === "ar" ? "6 إلى 24" : "6 to 24";
      await expect(page.getByRole("contentinfo")).toContainText(ages);
      await expect(page.getByRole("main")).toContainText(ages);
      await expect(page.getByRole("contentinfo")).not.toContainText(lang === "ar" ? "6 إلى 18" : "6 to 18");
    }
  });
});

test.describe("course detail", () => {
  test("opens from the catalogue with every fact, the FAQs and the demo-class link; rating, Arabic texts, 404 and the old id's redirect", async ({ page }) => {
    await page.goto("/courses");
    await page.getByRole("link", { name: /^View Course\s*: Internet of Things$/ }).click();
    await expect(page).toHaveURL(/\/courses\/internet-of-things$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Internet of Things");
    const main = page.getByRole("main");
    await expect(main.locator("img").first()).toHaveAttribute("src", "/images/courses/internet-of-things.svg");
    await expect(main).toContainText("14-24 years");
    // Length and instructors follow the open groups (issue 42, decision 115).
    const { facts } = (await (await page.request.get("/api/courses/internet-of-things/sections")).json()) as {
      facts: { source: string; sessions: { min: number; max: number }; instructors: string[] };
    };
    expect(facts.source).toBe("groups");
    await expect(main).toContainText(
      facts.sessions.min === facts.sessions.max ? `${facts.sessions.min} sessions · ` : `${facts.sessions.min}–${facts.sessions.max} sessions · `,
    );
    await expect(main).toContainText(/ · \d+(–\d+)? weeks/);
    await expect(main).toContainText("$5,000");
    await expect(main).toContainText(facts.instructors.join(", "));
    await expect(main.getByRole("heading", { name: "What you will learn" })).toBeVisible();
    await expect(main.getByRole("listitem").filter({ hasText: "Programming ESP32 Wi-Fi boards" })).toBeVisible();
    const answer = main.getByText("Basic familiarity with any programming language helps");
    await expect(answer).toBeHidden();
    await main.getByText("Do I need any prior experience?").click();
    await expect(answer).toBeVisible();
    await expect(main.getByRole("link", { name: "Book a Demo Class" })).toHaveAttribute("href", "/courses/internet-of-things/bookdemoclass");

    // The rating when the course has one, and Arabic texts on the Arabic page.
    await page.goto("/courses/stem-learning");
    await expect(page.getByRole("main")).toContainText("4 out of 5");
    await page.goto("/ar/courses/stem-learning");
    await expect(page.getByRole("main")).toContainText("4 من 5");
    await expect(page.getByRole("link", { name: "احجز حصة تجريبية" })).toHaveAttribute("href", "/ar/courses/stem-learning/bookdemoclass");

    // An unknown course is the 404 page with status 404.
    const en = await page.goto("/courses/no-such-course");
    expect(en?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Uh oh. That page doesn't exist." })).toBeVisible();
    const ar = await page.goto("/ar/courses/99999");
    expect(ar?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "عذرًا، هذه الصفحة غير موجودة." })).toBeVisible();

    // /courses/{id} redirects for good to the slug, in both languages.
    const list = await (await page.request.get("/admin/course-dashboard/all-courses")).json();
    const iot = list.courses.find((c: { key: string }) => c.key === "internet_of_things");
    const raw = await page.request.get(`/courses/${iot._id}`, { maxRedirects: 0 });
    expect(raw.status()).toBe(301);
    expect(raw.headers().location).toBe("/courses/internet-of-things");
    await page.goto(`/ar/courses/${iot._id}`);
    await expect(page).toHaveURL(/\/ar\/courses\/internet-of-things$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("إنترنت الأشياء");
  });
});

test.describe("school enquiry form", () => {
  // Forms work before hydration: type and send right after loading (issue 14).
  test.use({ waitForHydrationOnLoad: false });
  const fill = async (page: Page, values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
  };
  const valid = {
    "Your name": "Meera Sharma",
    "E-mail": "principal@school.example",
    "Contact number": "+91 98765 43210",
    Designation: "Principal",
    City: "Noida",
    "School name": "Green Valley Public School",
    "Preferred date": inDays(10),
    "Preferred time": "10:30",
  };

  // One English walk (issue 40): refused while invalid, then a server refusal, no server, and a valid enquiry.
  test("shows messages tied to the fields and sends nothing while invalid; toasts a refusal and no server keeping what was typed; sends a valid enquiry", async ({
    page,
  }) => {
    let posted = 0;
    await page.route("**/school/add-school-info", (route) => {
      posted += 1;
      return route.continue();
    });
    await page.goto("/contact-us-school");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("This field is required.")).toHaveCount(8);
    await expect(page.getByLabel("Your name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Requirements (optional)")).toHaveAttribute("aria-invalid", "false");
    await fill(page, { ...valid, "E-mail": "not-an-email", "Preferred date": inDays(-2) });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Please enter a valid e-mail address.")).toBeVisible();
    await expect(page.getByText("Please choose today or a later date.")).toBeVisible();
    expect(posted).toBe(0);
    await page.unroute("**/school/add-school-info");

    // 'Please try again later.' on a refusal, and what was typed stays.
    await page.route("**/school/add-school-info", (route) => route.fulfill({ status: 500, json: { message: "Something went wrong" } }));
    await fill(page, valid);
    // Only the enhanced form calls the (stubbed) endpoint from the browser.
    await waitForHydration(page);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please try again later." })).toBeVisible();
    await expect(page.getByLabel("School name")).toHaveValue("Green Valley Public School");

    // 'Submission failed. Please try again.' when the server cannot be reached.
    await page.unroute("**/school/add-school-info");
    await page.route("**/school/add-school-info", (route) => route.abort("connectionrefused"));
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Submission failed. Please try again." })).toBeVisible();
    await page.unroute("**/school/add-school-info");

    // A valid enquiry: the server's message, the form cleared, the enquiry stored.
    // The toast and the cleared form are the enhanced outcome (public-forms.no-js.spec.ts covers the other).
    await fill(page, { "E-mail": "e2e-school@school.example" });
    await page.getByLabel("Requirements (optional)").fill("A robotics lab for grades 6 to 8.");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Your school enquiry has been received" })).toBeVisible();
    await expect(page.getByLabel("Your name", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Requirements (optional)")).toHaveValue("");
    const row = withDb((db) => db.prepare("select * from school_enquiries where email = ?").get("e2e-school@school.example")) as Record<string, string>;
    expect(row).toMatchObject({ school_name: "Green Valley Public School", preferred_time: "10:30", status: "new" });
  });

  test("works in Arabic on the STEM lab page, where Schedule a Class leads to it", async ({ page }) => {
    await page.goto("/ar/stemlab");
    // A link to the form; putting the cursor in its first field is the page's script.
    await waitForHydration(page);
    await page.getByRole("link", { name: "احجز حصة" }).click();
    await expect(page.getByLabel("اسمك")).toBeFocused();
    const form = page.locator("#school-form");
    await form.getByRole("button", { name: "إرسال" }).click();
    await expect(form.getByText("هذا الحقل مطلوب.")).toHaveCount(8);
    await fill(page, {
      اسمك: "مريم أحمد",
      "البريد الإلكتروني": "ar-school@school.example",
      "رقم التواصل": "+971 50 123 4567",
      "المسمى الوظيفي": "مديرة المدرسة",
      المدينة: "دبي",
      "اسم المدرسة": "مدرسة النور",
      "التاريخ المفضّل": inDays(5),
      "الوقت المفضّل": "09:15",
    });
    await waitForHydration(page);
    await form.getByRole("button", { name: "إرسال" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "تم استلام استفسار مدرستك" })).toBeVisible();
  });
});

test.describe("content pages", () => {
  // One walk through the content pages (issue 40).
  test("products with a WhatsApp enquiry naming the kit; the contact, know-more, STEM lab and projects pages", async ({ page }) => {
    await page.goto("/products");
    const items = page.getByRole("main").getByRole("listitem");
    await expect(items).toHaveCount(5);
    const kit = items.filter({ hasText: "Robotics Starter Kit" });
    await expect(kit).toContainText("$69");
    await expect(kit.locator("img")).toHaveAttribute("src", "/images/products/robotics-starter-kit.svg");
    const href = await kit.getByRole("link", { name: /Enquire on WhatsApp/ }).getAttribute("href");
    expect(href).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/);
    expect(decodeURIComponent(href!.split("text=")[1]!)).toBe("Hello! I would like to know more about the Robotics Starter Kit.");
    await page.goto("/ar/products");
    const arHref = await page
      .getByRole("link", { name: /استفسر عبر واتساب/ })
      .first()
      .getAttribute("href");
    expect(decodeURIComponent(arHref!.split("text=")[1]!)).toBe("مرحبًا! أود معرفة المزيد عن طقم الروبوتات للمبتدئين.");

    // Contact page shows the address, e-mail and hotline from the settings with an illustration.
    await page.goto("/contact-us");
    const main = page.getByRole("main");
    await expect(main).toContainText("5 Amigo, C-25, C Block, Sector 8, Noida");
    await expect(main.getByRole("link", { name: "info@stemacademy.example" })).toHaveAttribute("href", "mailto:info@stemacademy.example");
    await expect(main.getByRole("link", { name: "+91 98765 43210" })).toHaveAttribute("href", "tel:+919876543210");
    await expect(main.getByRole("img", { name: "Illustration of a parent sending a message to the academy" })).toBeVisible();

    // Know-more page: numbers, four areas and the way on.
    await page.goto("/know-more-info");
    await expect(main.getByText("568+", { exact: true })).toBeVisible();
    for (const area of ["STEM Learning", "Robotics", "Coding", "3D Modeling"])
      await expect(main.getByRole("heading", { name: area, exact: true })).toBeVisible();
    await expect(main.getByRole("link", { name: "Explore Courses" })).toHaveAttribute("href", "/courses");
    await expect(main.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact-us");

    // STEM lab page: four cards, three numbers, Learn More.
    await page.goto("/stemlab");
    await expect(main.getByRole("heading", { name: "What can you expect in our STEM Lab?" })).toBeVisible();
    for (const card of ["Cutting-edge Equipment", "Expert Guidance", "Collaborative Projects", "Real-world Applications"]) {
      await expect(main.getByRole("heading", { name: card })).toBeVisible();
    }
    for (const figure of ["98%", "50+", "24/7"]) await expect(main.getByText(figure, { exact: true })).toBeVisible();
    await expect(main.getByRole("link", { name: "Learn More" })).toHaveAttribute("href", "/know-more-info");

    // Projects page is the coming-soon image.
    await page.goto("/projects");
    await expect(page.getByRole("main").getByRole("img", { name: "Coming soon: student projects" })).toBeVisible();
  });
});
