import { test } from "./fixtures";
import { certificateWalk } from "./certificates-flow";

/** Issue 30 part 5 with JavaScript: a certificate issued, downloaded, verified by its QR code's page, revoked and shown as revoked. */
for (const lang of ["en", "ar"] as const) {
  test(`a certificate is issued, downloaded, verified by its QR code and revoked (${lang}, 390 px)`, async ({ page }) => {
    test.setTimeout(90_000);
    await certificateWalk(page, lang, "js");
  });
}
