import { mirrorBrackets, visualRuns, withoutBidiControls } from "~/lib/bidi";

/**
 * Drawing the runs of bidi.ts with pdfkit so that the PDF's text layer reads back as written
 * (issue 42: «ليلى حسن» was extracted as «ليىل حنس»). A right-to-left run is shaped as one piece,
 * so its glyphs are stored in visual order, and a ligature glyph («لى», «سن», «لا») stands for
 * several letters. Two readers' needs are met:
 * - readers that honour marked content (Acrobat, Poppler's pdftotext, PDFBox) take the run's
 *   logical text from an /ActualText span around it;
 * - readers that reverse a right-to-left run character by character (pdf.js) find each ligature's
 *   letters stored backwards in the font's ToUnicode map, so reversing restores their order.
 */

type Run = { rtl: boolean; text: string };

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** pdfkit's embedded font, as far as this module touches it (not in its type definitions). */
interface EmbeddedFont {
  unicode?: number[][];
  toUnicodeCmap?: () => unknown;
  logicalLigatures?: true;
}

/** Stores each Arabic ligature's letters in reverse in the font's ToUnicode map (once per font). */
function reverseArabicLigatures(doc: PDFKit.PDFDocument): void {
  const font = (doc as unknown as { _font?: EmbeddedFont })._font;
  if (!font || font.logicalLigatures || typeof font.toUnicodeCmap !== "function" || !Array.isArray(font.unicode)) return;
  const original = font.toUnicodeCmap.bind(font);
  font.toUnicodeCmap = () => {
    // An Arabic glyph only ever appears in a right-to-left run, so its letters are always read back reversed.
    font.unicode = font.unicode!.map((points) =>
      points && points.length > 1 && points.some((p) => ARABIC.test(String.fromCodePoint(p))) ? [...points].reverse() : points,
    );
    return original();
  };
  font.logicalLigatures = true;
}

/** Draws one run with its left edge at x; a right-to-left run is shaped as one piece inside an /ActualText span. */
export function drawRun(doc: PDFKit.PDFDocument, run: Run, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}): void {
  if (!run.rtl) {
    doc.text(withoutBidiControls(run.text), x, y, { lineBreak: false, ...options });
    return;
  }
  reverseArabicLigatures(doc);
  // The run's brackets were mirrored for drawing (bidi.ts): its logical text has them as written.
  doc.markContent("Span", { actual: mirrorBrackets(run.text) });
  doc.text(run.text, x, y, { lineBreak: false, features: [], ...options });
  doc.endMarkedContent();
}

/** The width of a run as drawRun draws it. */
export const runWidth = (doc: PDFKit.PDFDocument, run: Run): number =>
  doc.widthOfString(run.rtl ? run.text : withoutBidiControls(run.text), run.rtl ? { features: [] } : {});

/**
 * One line's runs from left to right, each with its width, and the line's width. The line reads
 * right to left when its first strong letter is Arabic, or, on an Arabic page, when it holds any
 * Arabic: then its Arabic runs are shaped whole and ordered visually (bidi.ts).
 */
export function measureLine(doc: PDFKit.PDFDocument, text: string, arabicPage: boolean) {
  const rightToLeft = arabicPage ? ARABIC.test(text) : ARABIC.test([...text].find((c) => /\p{L}/u.test(c)) ?? "");
  const runs = rightToLeft ? visualRuns(text) : [{ rtl: false, text, spaceAfter: false }];
  const space = doc.widthOfString(" ");
  const measured = runs.map((run) => ({ ...run, w: runWidth(doc, run) }));
  const width = measured.reduce((sum, run, i) => sum + run.w + (run.spaceAfter && i < measured.length - 1 ? space : 0), 0);
  return { measured, width, space };
}
