import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";

/**
 * Walks the page route table (app/routes.ts): every page under /admin and /teaching (both languages) must send
 * an anonymous visitor to the staff sign-in and answer 403 to a signed-in non-staff account.
 * A new admin page without the server-side check makes this fail.
 */

// The sign-in, the first-staff link and the invitation link are opened by people who are not staff yet.
// The second sign-in step too: it is the sign-in itself, and sends anyone without a waiting step back to it.
const OPEN = new Set([
  "admin/login",
  "admin/setup",
  "admin/invite",
  "admin/login/second-factor",
  "ar/admin/login",
  "ar/admin/setup",
  "ar/admin/invite",
  "ar/admin/login/second-factor",
]);

function flatten(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [...(entry.index || entry.path !== undefined ? [full] : []), ...flatten(entry.children ?? [], full)];
  });
}

/** A concrete URL for a route path: parameters become 1, optional segments are kept. */
const concrete = (path: string) =>
  `/${path
    .replace(/:\w+\??/g, "1")
    .replace(/\*$/, "1")
    .replace(/\?/g, "")}`;

// The teaching pages (staff and instructors, issue 30) sit outside /admin but are guarded the same way.
const adminPages = [...new Set(flatten(routes as RouteConfigEntry[]))].filter((path) => /^(ar\/)?(admin|teaching)(\/|$)/.test(path) && !OPEN.has(path));

test.describe("every admin page is checked on the server", () => {
  test("the walk finds the admin area in both languages", () => {
    expect(adminPages).toContain("admin");
    expect(adminPages).toContain("ar/admin");
  });

  test("anonymous visitors are sent to the staff sign-in", async ({ request }) => {
    const failures: string[] = [];
    for (const path of adminPages) {
      const url = concrete(path);
      const res = await request.get(url, { maxRedirects: 0 });
      const login = path.startsWith("ar/") ? "/ar/admin/login?next=" : "/admin/login?next=";
      const location = res.headers()["location"] ?? "";
      if (res.status() < 300 || res.status() > 399 || !location.startsWith(login)) failures.push(`${url}: ${res.status()} ${location}`);
    }
    expect(failures).toEqual([]);
  });

  test("signed-in non-staff accounts get 403", async ({ request }) => {
    const email = `walker-${randomBytes(4).toString("hex")}@example.com`;
    expect((await request.post("/register", { data: { username: "Route Walker", email, password: "Sunflower9", contactNumber: "9876543210" } })).status()).toBe(
      201,
    );
    expect((await request.post("/login", { data: { email, password: "Sunflower9" } })).status()).toBe(200);
    const failures: string[] = [];
    for (const path of adminPages) {
      const url = concrete(path);
      const res = await request.get(url, { maxRedirects: 0 });
      if (res.status() !== 403) failures.push(`${url}: ${res.status()}`);
    }
    expect(failures).toEqual([]);
  });
});
