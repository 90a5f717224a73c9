import { test, noScriptWalkLangs } from "./fixtures";
import { campCertificateWalk, certificateWalk } from "./certificates-flow";

/** The same walk without JavaScript: every form posts to the page and comes back (decision 019). */
for (const lang of noScriptWalkLangs) {
  test(`without JavaScript, a certificate is issued, downloaded, verified by its QR code and revoked (${lang}, 390 px)`, async ({ page }) => {
    test.setTimeout(90_000);
    await certificateWalk(page, lang, "no-js");
  });
}

for (const lang of noScriptWalkLangs) {
  test(`without JavaScript, a camp certificate is issued, downloaded, verified and revoked (${lang}, 390 px)`, async ({ page }) => {
    test.setTimeout(90_000);
    await campCertificateWalk(page, lang, "no-js");
  });
}
