import { noScriptWalkLangs, test } from "./fixtures";
import { staffReadRetention } from "./retention-flow";

/** Staff read retention and download its CSV without JavaScript (issue 44 item 4, decision 136): English at 390 px (decision 133); the term is a GET form, the CSV a link. */
for (const lang of noScriptWalkLangs) {
  test(`without JavaScript, ${lang} at 390 px: staff read retention by term and download the CSV`, async ({ page }) => {
    test.setTimeout(60_000);
    await staffReadRetention(page, lang);
  });
}
