import { test, scriptWalkLangs } from "./fixtures";
import { campCertificateWalk, certificateWalk } from "./certificates-flow";

/** Issue 30 part 5 with JavaScript: a certificate issued, downloaded, verified by its QR code's page, revoked and shown as revoked. */
for (const lang of scriptWalkLangs) {
  test(`a certificate is issued, downloaded, verified by its QR code and revoked (${lang}, 390 px)`, async ({ page }) => {
    test.setTimeout(90_000);
    await certificateWalk(page, lang, "js");
  });
}

/** The same for the summer camp, whose attendance is the check-out record (decision 089). */
for (const lang of scriptWalkLangs) {
  test(`a camp certificate is issued, downloaded, verified and revoked (${lang}, 390 px)`, async ({ page }) => {
    test.setTimeout(90_000);
    await campCertificateWalk(page, lang, "js");
  });
}
