import { scriptWalkLangs, test } from "./fixtures";
import { staffReadRetention } from "./retention-flow";

/** Staff read retention and download its CSV (issue 44 item 4, decision 136), with the page's script: Arabic at 390 px (decision 133). */
for (const lang of scriptWalkLangs) {
  test(`${lang} at 390 px: staff read retention by term, fill rate and demo conversion, and download the CSV`, async ({ page }) => {
    test.setTimeout(60_000);
    await staffReadRetention(page, lang);
  });
}
