import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "~server/test/pdf-text";
import { startStaffTestServer, type TestServer } from "~server/test/harness";

/**
 * The brochure's "Why Choose Us" is the summer camp page's own section as staff edit it (issue 28,
 * decision 063): an edit shows in the next PDF, in the PDF's language, an empty Arabic field
 * falling back to the English text as on the page.
 */
describe("brochure PDF: Why Choose Us from the camp page's texts", { timeout: 30_000 }, () => {
  let server: TestServer;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ server, headers } = await startStaffTestServer());
  });
  afterAll(() => server?.close());

  const pdf = async (lang: "en" | "ar") => pdfText(Buffer.from(await (await fetch(`${server.url}/summer-camp/brochure.pdf?lang=${lang}`)).arrayBuffer()));

  it("prints a staff edit in the next PDF, in each language, with the English fallback", async () => {
    const before = await pdf("en");
    expect(before.text).toContain("Why Choose Us");
    const page = await server.request("GET", "/api/admin/pages/summer-camp", { headers });
    const why = (page.body.sections as { key: string; values: Record<string, string> }[]).find((s) => s.key === "why")!.values;
    const edited = {
      ...why,
      titleEn: "Why Families Pick Our Camp",
      titleAr: "لماذا تختار العائلات مخيمنا",
      mentorsTitleEn: "Caring engineers",
      mentorsTitleAr: "",
    };
    expect((await server.request("PUT", "/api/admin/pages/summer-camp/why", { json: edited, headers })).status).toBe(200);
    try {
      const en = await pdf("en");
      expect(en.text).toContain("Why Families Pick Our Camp");
      expect(en.text).toContain("Caring engineers");
      expect(en.text).not.toContain("Why Choose Us");
      const ar = await pdf("ar");
      expect(ar.logical).toContain("لماذا تختار العائلات مخيمنا");
      // The Arabic left empty: the English text, as the camp page shows it.
      expect(ar.text).toContain("Caring engineers");
    } finally {
      await server.request("PUT", "/api/admin/pages/summer-camp/why", { json: why, headers });
    }
    expect((await pdf("en")).text).toContain("Why Choose Us");
  });
});
