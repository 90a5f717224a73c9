import { expect, test, scriptWalkLangs } from "./fixtures";
import { makeupsWalk } from "./makeups-flow";

for (const lang of scriptWalkLangs) {
  test(`a parent reports an absence and books a make-up at 390 px (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await makeupsWalk(page, lang, "js");
  });
}

test("access: /account/makeups sends a signed-out visitor to sign in; the absence page opens only with a valid link", async ({ request }) => {
  for (const prefix of ["", "/ar"]) {
    const res = await request.get(`${prefix}/account/makeups`, { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers()["location"]).toContain(`${prefix}/login?next=`);
    expect((await request.get(`${prefix}/makeups/absence?token=1_${"A".repeat(43)}`)).status()).toBe(404);
    expect((await request.get(`${prefix}/makeups/absence`)).status()).toBe(404);
    expect(
      (await request.post(`${prefix}/makeups/absence`, { form: { intent: "report", token: `1_${"A".repeat(43)}`, meetingId: "1" }, maxRedirects: 0 })).status(),
    ).toBe(404);
  }
});
