import path from "node:path";
import Database from "better-sqlite3";
import { expect, test, type APIRequestContext } from "./fixtures";

// Hostile input for the public forms' page posts (issue 14): the pages that take a form post
// without JavaScript answer malformed, missing, oversized, wrongly typed and hostile bodies with a
// 4xx, never a server error, and store nothing. (server/security/hostile-input.suite.ts does the
// same for the JSON endpoints these actions call.)

const dbFile = path.join(process.env.E2E_DATA_DIR ?? "data-e2e", "app.db");
const tables = ["contact_messages", "school_enquiries", "camp_enrolments", "brochure_leads", "demo_bookings"] as const;

function counts(): Record<string, number> {
  const db = new Database(dbFile, { readonly: true });
  try {
    db.pragma("busy_timeout = 5000");
    return Object.fromEntries(tables.map((table) => [table, Number((db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n)]));
  } finally {
    db.close();
  }
}

const script = "<script>alert(1)</script>";
// "?index": a post to "/" goes to the root layout, the home page's own action takes "/?index".
const pages = [
  "/contact-us",
  "/contact-us-school",
  "/stemlab",
  "/?index",
  "/enroll?camp=junior",
  "/summer-camp",
  "/courses/robotics-fundamentals/bookdemoclass",
];
const arabic = pages.map((page) => `/ar${page}`);

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Bodies every page must refuse: each lacks or breaks a required field, so nothing may be stored. */
const hostileBodies: { label: string; body: string }[] = [
  { label: "empty", body: "" },
  { label: "not url-encoded", body: "%zz%%&&==" },
  { label: "only unknown fields", body: "__proto__=x&constructor=y&a%5Bb%5D=c" },
  { label: "__proto__ beside a bad e-mail", body: `__proto__[admin]=1&email=nope&studentName=${encodeURIComponent(script)}` },
  { label: "script payloads, no e-mail", body: form({ name: script, studentName: script, childName: script, description: script, parentName: script }) },
  {
    label: "SQL in every field, bad e-mail",
    body: form({ email: "' OR 1=1 --", studentEmail: "'; drop table users; --", slotId: "1 OR 1=1", childAge: "1; --" }),
  },
  { label: "NUL bytes", body: "email=a%00b%40example.com&description=x%00y&name=%00&slotId=%00" },
  { label: "repeated fields", body: "email=a@example.com&email=b@example.com&slotId=1&slotId=2" },
  { label: "huge numbers", body: form({ slotId: "1e400", childAge: "-1e400", email: "x" }) },
  { label: "a 60 kB field with a bad e-mail", body: form({ email: "bad", description: "x".repeat(60_000), name: "y".repeat(60_000).slice(0, 30_000) }) },
];

async function postTo(request: APIRequestContext, url: string, data: string | Buffer, headers: Record<string, string>) {
  return request.post(url, { data, headers, maxRedirects: 0, failOnStatusCode: false });
}

test.describe("hostile page form posts", () => {
  test("malformed, missing and hostile fields: 4xx, never a server error, nothing stored", async ({ request }) => {
    const before = counts();
    for (const url of [...pages, ...arabic]) {
      for (const { label, body } of hostileBodies) {
        const response = await postTo(request, url, body, { "content-type": "application/x-www-form-urlencoded" });
        expect(response.status(), `${label} to ${url}`).toBeGreaterThanOrEqual(400);
        expect(response.status(), `${label} to ${url}`).toBeLessThan(500);
      }
    }
    expect(counts()).toEqual(before);
  });

  test("wrong content types are 415 and bodies over 100 kB are 413", async ({ request }) => {
    const before = counts();
    for (const url of pages) {
      for (const type of ["application/json", "text/plain", "multipart/form-data; boundary=b", "application/xml"]) {
        const response = await postTo(request, url, type === "application/json" ? '{"email":"a@example.com"}' : "email=a@example.com", {
          "content-type": type,
        });
        expect(response.status(), `${type} to ${url}`).toBe(415);
      }
      const big = await postTo(request, url, form({ email: "a@example.com", description: "x".repeat(101 * 1024) }), {
        "content-type": "application/x-www-form-urlencoded",
      });
      expect(big.status(), `big body to ${url}`).toBe(413);
    }
    expect(counts()).toEqual(before);
  });

  test("a post from another site is refused and stores nothing", async ({ request }) => {
    const before = counts();
    const valid = form({ email: "cross-site@example.com", description: "Hello" });
    for (const url of ["/contact-us", "/contact-us-school"]) {
      const response = await postTo(request, url, valid, {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      });
      expect(response.status(), url).toBeGreaterThanOrEqual(400);
      expect(response.status(), url).toBeLessThan(500);
    }
    expect(counts()).toEqual(before);
  });

  test("a filled honeypot stores nothing, whatever else is valid", async ({ request }) => {
    const before = counts();
    const bodies: [string, Record<string, string>][] = [
      ["/contact-us", { email: "bot@example.com", description: "Buy now", website: "http://spam.example" }],
      [
        "/enroll?camp=junior",
        {
          studentName: "Bot",
          parentName: "Bot",
          email: "bot@example.com",
          phoneNumber: "9876543210",
          selectedCamp: "Junior Camp",
          selectedSession: "1 July - 20th July",
          website: "x",
        },
      ],
      ["/summer-camp", { studentName: "Bot", studentEmail: "bot@example.com", grade: "7", school: "Bots", parentContact: "9876543210", website: "x" }],
    ];
    for (const [url, fields] of bodies) {
      const response = await postTo(request, url, form(fields), { "content-type": "application/x-www-form-urlencoded" });
      expect(response.status(), url).toBeLessThan(500);
    }
    expect(counts()).toEqual(before);
  });
});
