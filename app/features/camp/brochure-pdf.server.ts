import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import PDFDocument from "pdfkit";
import { serverT } from "../../../server/i18n";
import type { Lang } from "~/i18n/lang";
import { formatAmount } from "~/lib/money";
import type { SiteSettings } from "~/features/site/settings.schema";
import { visualRuns } from "./bidi";
import { formatCampDate, type Camp } from "./camp";

/**
 * The summer camp brochure, drawn from the camp rows on each request so it follows staff edits.
 * Cairo (the site's typeface, OFL) covers Latin and Arabic; pdfkit's fontkit shapes the Arabic
 * letters, and bidi.ts orders the words of right-to-left lines.
 */

let fonts: { regular: Buffer; bold: Buffer } | undefined;
function cairo(): { regular: Buffer; bold: Buffer } {
  if (!fonts) {
    const dir = path.dirname(createRequire(import.meta.url).resolve("@expo-google-fonts/cairo/package.json"));
    fonts = {
      regular: readFileSync(path.join(dir, "400Regular/Cairo_400Regular.ttf")),
      bold: readFileSync(path.join(dir, "700Bold/Cairo_700Bold.ttf")),
    };
  }
  return fonts;
}

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin;
const COLORS = { ink: "#0f172a", muted: "#475569", brand: "#4338ca", accent: "#f59e0b", rule: "#cbd5e1", band: "#eef2ff" };

type Style = { size: number; bold?: boolean; color?: string; align?: "start" | "center" };

/** Text drawing that wraps lines itself, so left-to-right and right-to-left pages share one path. */
class Writer {
  readonly rtl: boolean;
  y = PAGE.margin;
  constructor(
    readonly doc: PDFKit.PDFDocument,
    lang: Lang,
  ) {
    this.rtl = lang === "ar";
  }

  private use(style: Style): void {
    this.doc.font(style.bold ? "cairo-bold" : "cairo").fontSize(style.size).fillColor(style.color ?? COLORS.ink);
  }

  // Arabic runs are measured and drawn as one piece (an explicit feature list makes pdfkit lay
  // out the whole string at once instead of word by word, which keeps Arabic word order).
  private width(text: string, rtlRun: boolean): number {
    return this.doc.widthOfString(text, rtlRun ? { features: [] } : {});
  }

  private lineHeight(style: Style): number {
    return style.size * 1.55;
  }

  /** Greedy word wrap at `width` points. */
  private wrap(text: string, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split("\n")) {
      let line = "";
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (line && this.width(candidate, false) > width) {
          lines.push(line);
          line = word;
        } else {
          line = candidate;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  private drawLine(line: string, x: number, width: number, y: number, align: Style["align"]): void {
    if (!this.rtl) {
      const w = this.width(line, false);
      const left = align === "center" ? x + (width - w) / 2 : x;
      this.doc.text(line, left, y, { lineBreak: false });
      return;
    }
    const space = this.width(" ", false);
    const runs = visualRuns(line).map((run) => ({ ...run, w: this.width(run.text, run.rtl) }));
    const total = runs.reduce((sum, run, i) => sum + run.w + (run.spaceAfter && i < runs.length - 1 ? space : 0), 0);
    let left = align === "center" ? x + (width - total) / 2 : x + width - total;
    for (const run of runs) {
      this.doc.text(run.text, left, y, { lineBreak: false, ...(run.rtl ? { features: [] } : {}) });
      left += run.w + (run.spaceAfter ? space : 0);
    }
  }

  /** Height a block of text takes at `width`. */
  measure(text: string, width: number, style: Style): number {
    this.use(style);
    return this.wrap(text, width).length * this.lineHeight(style);
  }

  /** Draws wrapped text in the box starting at (x, y); returns its height. */
  block(text: string, x: number, y: number, width: number, style: Style): number {
    this.use(style);
    const lines = this.wrap(text, width);
    lines.forEach((line, i) => this.drawLine(line, x, width, y + i * this.lineHeight(style), style.align));
    return lines.length * this.lineHeight(style);
  }

  /** A paragraph across the page at the cursor, starting a new page when it would not fit. */
  paragraph(text: string, style: Style, gapAfter = 6): void {
    const height = this.measure(text, CONTENT_WIDTH, style);
    this.ensure(height);
    this.y += this.block(text, PAGE.margin, this.y, CONTENT_WIDTH, style) + gapAfter;
  }

  /** A bulleted line; the bullet sits at the start side of the page. */
  bullet(text: string, style: Style): void {
    const indent = 16;
    const height = this.measure(text, CONTENT_WIDTH - indent, style);
    this.ensure(height);
    const bulletX = this.rtl ? PAGE.margin + CONTENT_WIDTH - 8 : PAGE.margin + 2;
    this.doc.circle(bulletX + 3, this.y + style.size * 0.8, 2.2).fill(COLORS.accent);
    const textX = this.rtl ? PAGE.margin : PAGE.margin + indent;
    this.y += this.block(text, textX, this.y, CONTENT_WIDTH - indent, style) + 2;
  }

  /** Starts a new page when `height` more points would run past the bottom margin. */
  ensure(height: number): boolean {
    if (this.y + height <= BOTTOM) return false;
    this.doc.addPage();
    this.y = PAGE.margin;
    return true;
  }

  /** x of a column given from the start side: mirrored on right-to-left pages. */
  columnX(offset: number, width: number): number {
    return this.rtl ? PAGE.margin + CONTENT_WIDTH - offset - width : PAGE.margin + offset;
  }
}

export interface BrochureInput {
  camps: Camp[];
  settings: SiteSettings;
  lang: Lang;
  /** Absolute site URL, printed as where to enroll. */
  siteUrl: string;
}

/** Builds the brochure and resolves with the PDF bytes. */
export function buildBrochurePdf({ camps, settings, lang, siteUrl }: BrochureInput): Promise<Buffer> {
  const t = (key: string, values?: Record<string, string | number>) => serverT(lang, "camp", key, values);
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    lang: lang === "ar" ? "ar" : "en",
    displayTitle: true,
    info: { Title: t("pdf.title"), Author: serverT(lang, "common", "brand"), Subject: camps.map((camp) => camp.title).join(", ") },
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
  const w = new Writer(doc, lang);
  const price = (amount: number) => t("pdf.price", { amount: formatAmount(amount, "INR", lang) });

  // Cover: title band, dates, the camps at a glance.
  doc.rect(0, 0, PAGE.width, 150).fill(COLORS.band);
  w.y = 40;
  w.paragraph(serverT(lang, "common", "brand"), { size: 13, bold: true, color: COLORS.brand }, 0);
  w.paragraph(t("pdf.title"), { size: 30, bold: true }, 0);
  w.paragraph(t("banner.startsOn", { date: formatCampDate(settings.campStartDate, lang) }), { size: 14, color: COLORS.muted });
  w.y = 170;
  w.paragraph(t("banner.intro"), { size: 12, color: COLORS.muted }, 14);
  for (const camp of camps) {
    w.paragraph(`${camp.title} — ${camp.grades}`, { size: 14, bold: true }, 0);
    w.paragraph(t("pdf.priceLine", { price: price(camp.price), oldPrice: price(camp.oldPrice), discount: camp.discount }), { size: 12, color: COLORS.muted }, 8);
  }
  w.paragraph(t("pdf.batches"), { size: 14, bold: true }, 2);
  for (const batch of camps[0]?.batches ?? []) w.bullet(batch.label, { size: 12 });

  for (const camp of camps) {
    doc.addPage();
    w.y = PAGE.margin;
    w.paragraph(camp.title, { size: 24, bold: true, color: COLORS.brand }, 0);
    w.paragraph(`${camp.grades} · ${camp.duration}`, { size: 13, color: COLORS.muted }, 2);
    w.paragraph(t("pdf.priceLine", { price: price(camp.price), oldPrice: price(camp.oldPrice), discount: camp.discount }), { size: 13, bold: true }, 10);
    w.paragraph(t("card.features"), { size: 14, bold: true }, 2);
    for (const feature of camp.features) w.bullet(feature, { size: 11.5 });
    w.y += 6;
    w.paragraph(t("card.batches"), { size: 14, bold: true }, 2);
    for (const batch of camp.batches) w.bullet(batch.label, { size: 11.5 });
    w.y += 8;
    w.paragraph(t("curriculum.title", { camp: camp.title }), { size: 16, bold: true }, 6);
    curriculumTable(w, camp, t);
  }

  w.y += 16;
  w.paragraph(t("pdf.enrollAt", { url: `${siteUrl}${lang === "ar" ? "/ar" : ""}/summer-camp` }), { size: 12, bold: true }, 2);
  w.paragraph(t("pdf.contact", { phone: settings.phone, email: settings.email }), { size: 12, color: COLORS.muted });

  doc.end();
  return done;
}

// Session, topic, activities, learning outcome: widths as fractions of the page's text width.
const COLUMNS = [0.11, 0.23, 0.36, 0.3] as const;

function curriculumTable(w: Writer, camp: Camp, t: (key: string) => string): void {
  const widths = COLUMNS.map((f) => f * CONTENT_WIDTH);
  const offsets = widths.map((_, i) => widths.slice(0, i).reduce((a, b) => a + b, 0));
  const pad = 5;
  const head = { size: 10.5, bold: true, color: "#ffffff" } as const;
  const cell = { size: 10 } as const;

  const row = (texts: string[], style: Style, fill?: string) => {
    const height = Math.max(...texts.map((text, i) => w.measure(text, widths[i]! - 2 * pad, style))) + 2 * pad;
    return {
      height,
      draw: () => {
        if (fill) w.doc.rect(PAGE.margin, w.y, CONTENT_WIDTH, height).fill(fill);
        texts.forEach((text, i) => w.block(text, w.columnX(offsets[i]!, widths[i]!) + pad, w.y + pad, widths[i]! - 2 * pad, style));
        w.doc.moveTo(PAGE.margin, w.y + height).lineTo(PAGE.margin + CONTENT_WIDTH, w.y + height).lineWidth(0.5).stroke(COLORS.rule);
        w.y += height;
      },
    };
  };
  const header = row([t("curriculum.session"), t("curriculum.topic"), t("curriculum.activities"), t("curriculum.outcome")], head, COLORS.brand);
  w.ensure(header.height * 3);
  header.draw();
  for (const session of camp.curriculum) {
    const body = row([String(session.session), session.topic, session.activities, session.outcome], cell, session.session % 2 === 0 ? "#f8fafc" : undefined);
    // A row never splits across pages; the header repeats on the new page.
    if (w.ensure(body.height)) header.draw();
    body.draw();
  }
}
