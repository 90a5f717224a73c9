import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { familyCacheKey } from "~server/http/family-cache-key";

/** The installable app (decision 131): the manifests in both languages, and the account key the service worker caches under. */
describe("web app manifest and the family cache key", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it("GET /manifest.webmanifest and /ar/manifest.webmanifest: names, language, direction, start URL, colours and icons", async () => {
    for (const [path, lang, dir, start, name] of [
      ["/manifest.webmanifest", "en", "ltr", "/account", "STEM Academy"],
      ["/ar/manifest.webmanifest", "ar", "rtl", "/ar/account", "أكاديمية STEM"],
    ] as const) {
      const answer = await server.request("GET", path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toContain("application/manifest+json");
      const manifest = typeof answer.body === "string" ? JSON.parse(answer.body) : answer.body;
      expect(manifest).toMatchObject({
        lang,
        dir,
        start_url: start,
        id: start,
        name,
        short_name: name,
        display: "standalone",
        theme_color: "#4f46e5",
        scope: "/",
      });
      expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual([
        "192x192 any",
        "512x512 any",
        "512x512 maskable",
      ]);
    }
  });

  it("a signed-in answer carries the account's opaque cache key, different per account; a signed-out one none", async () => {
    const first = await server.signIn("user");
    const second = await server.signIn("user");
    const a = await server.request("GET", "/api/account", { headers: { cookie: first.cookie } });
    const b = await server.request("GET", "/api/account", { headers: { cookie: second.cookie } });
    expect(a.headers.get("x-family-cache")).toBe(familyCacheKey(server.config.sessionSecret, first.user.id));
    expect(b.headers.get("x-family-cache")).toBe(familyCacheKey(server.config.sessionSecret, second.user.id));
    expect(a.headers.get("x-family-cache")).not.toBe(b.headers.get("x-family-cache"));
    // Opaque: an HMAC under the session secret, not the id (a substring test would fail by chance:
    // 24 random base64url characters hold a given digit about a third of the time).
    expect(a.headers.get("x-family-cache")).toMatch(/^[\w-]{24}$/);
    expect(familyCacheKey("another secret", first.user.id)).not.toBe(a.headers.get("x-family-cache"));
    expect((await server.request("GET", "/api/account")).headers.get("x-family-cache")).toBeNull();
  });
});
