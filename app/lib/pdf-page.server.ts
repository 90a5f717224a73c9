import PDFDocument from "pdfkit";
import { serverT } from "~server/i18n";
import type { Lang } from "~/i18n/lang";
import { cairo } from "~/lib/pdf-fonts.server";
import { drawRun, measureLine } from "~/lib/pdf-runs.server";

/**
 * What the academy's A4 PDFs share (brochure, invoices and credit notes, progress reports): the
 * document with Cairo registered and its bytes collected, and a page that switches the font and
 * places a line from the page's start edge (the right on an Arabic page) through bidi.ts's runs.
 * Each document keeps its own layout (margins, rows, columns) on top of it.
 */

export const A4 = { width: 595.28, height: 841.89 };

export type PdfStyle = { size?: number; bold?: boolean; color?: string };

/** A new A4 document in `lang` with the Cairo faces "cairo" and "cairo-bold"; `done` resolves with its bytes once `doc.end()` is called. */
export function openPdf(options: { lang: Lang; title: string; subject?: string; margin?: number }): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: "A4",
    margin: options.margin ?? 0,
    lang: options.lang,
    displayTitle: true,
    info: { Title: options.title, Author: serverT(options.lang, "common", "brand"), ...(options.subject ? { Subject: options.subject } : {}) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const { regular, bold } = cairo();
  doc.registerFont("cairo", regular);
  doc.registerFont("cairo-bold", bold);
  return { doc, done };
}

/** A page cursor: the font switch and one line placed in a box from the start edge, in the page's direction. */
export class PdfPage {
  readonly rtl: boolean;
  y: number;
  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly lang: Lang,
    /** The text column: its left edge and width (the same on both languages' pages). */
    readonly column: { margin: number; width: number },
    /** The size and colour a style leaves out. */
    private readonly defaults: { size: number; color: string },
  ) {
    this.rtl = lang === "ar";
    this.y = column.margin;
  }

  /** Sets the font, size and colour of what is drawn next. */
  use(style: PdfStyle): void {
    this.doc
      .font(style.bold ? "cairo-bold" : "cairo")
      .fontSize(style.size ?? this.defaults.size)
      .fillColor(style.color ?? this.defaults.color);
  }

  /** The width of a line as `put` draws it, in the current font. */
  widthOf(text: string): number {
    return measureLine(this.doc, text, this.rtl).width;
  }

  /**
   * Draws one line in the box [from, from + width] measured from the page's start edge (the right
   * edge in Arabic), at the box's start, end or centre; Arabic runs shaped whole, the rest as written.
   */
  put(text: string, from: number, width: number, align: "start" | "end" | "center", style: PdfStyle = {}, y = this.y): void {
    this.use(style);
    this.place(text, from, width, align, y);
  }

  /** `put` in the font already set. */
  place(text: string, from: number, width: number, align: "start" | "end" | "center", y = this.y): void {
    if (text === "") return;
    const { measured, width: textWidth, space } = measureLine(this.doc, text, this.rtl);
    const boxLeft = this.rtl ? this.column.margin + this.column.width - from - width : this.column.margin + from;
    const atLeft = (align === "start") !== this.rtl;
    let left = align === "center" ? boxLeft + (width - textWidth) / 2 : atLeft ? boxLeft : boxLeft + width - textWidth;
    for (const run of measured) {
      drawRun(this.doc, run, left, y);
      left += run.w + (run.spaceAfter ? space : 0);
    }
  }

  /** Starts a new page (the cursor at the top margin) when the cursor is below `bottom`. */
  breakBelow(bottom: number): boolean {
    if (this.y <= bottom) return false;
    this.doc.addPage();
    this.y = this.column.margin;
    return true;
  }
}
