import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Cairo (the site's typeface, OFL) for the PDFs (brochure, invoices, certificates): it covers
 * Latin and Arabic, and pdfkit's fontkit shapes the Arabic letters. Read once, on first use.
 */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
export function cairo(): { regular: Buffer; bold: Buffer } {
  if (!fonts) {
    const dir = path.dirname(createRequire(import.meta.url).resolve("@expo-google-fonts/cairo/package.json"));
    fonts = {
      regular: readFileSync(path.join(dir, "400Regular/Cairo_400Regular.ttf")),
      bold: readFileSync(path.join(dir, "700Bold/Cairo_700Bold.ttf")),
    };
  }
  return fonts;
}
