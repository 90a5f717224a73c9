import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { serverT } from "~server/i18n";
import { projectRoot } from "~/lib/project-root.server";
import type { Lang } from "~/i18n/lang";
import { formatAmount } from "~/lib/money";
import type { SiteSettings } from "~/features/site/settings.schema";
import { A4, openPdf, PdfPage } from "~/lib/pdf-page.server";
import { formatCampDate, formatCampYear, type Camp } from "./camp";

/**
 * The summer camp brochure, drawn from the camp rows on each request so it follows staff edits.
 * Cairo (the site's typeface, OFL) covers Latin and Arabic; pdfkit's fontkit shapes the Arabic
 * letters, and bidi.ts orders the words of right-to-left lines.
 */

const PAGE = { ...A4, margin: 48 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin;
/** Top of the footer (where to enrol, how to reach us) printed on every page. */
const FOOTER_TOP = PAGE.height - 64;
const COLORS = { ink: "#0f172a", muted: "#475569", brand: "#4338ca", accent: "#f59e0b", rule: "#cbd5e1", band: "#eef2ff" };

type Style = { size: number; bold?: boolean; color?: string; align?: "start" | "center" };

/** Text drawing that wraps lines itself, so left-to-right and right-to-left pages share one path. */
class Writer extends PdfPage {
  constructor(doc: PDFKit.PDFDocument, lang: Lang) {
    super(doc, lang, { margin: PAGE.margin, width: CONTENT_WIDTH }, { size: 11, color: COLORS.ink });
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
        if (line && this.widthOf(candidate) > width) {
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

  /** One line in the box at page x `x` (a box measured from the left edge, as the brochure's columns are). */
  private drawLine(line: string, x: number, width: number, y: number, align: Style["align"]): void {
    const from = this.rtl ? PAGE.margin + CONTENT_WIDTH - x - width : x - PAGE.margin;
    this.place(line, from, width, align === "center" ? "center" : "start", y);
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

/** The camp page's "Why Choose Us" as staff wrote it (the `summer-camp` page's `why` section, decision 058), in the PDF's language or English where the Arabic is empty. */
export interface BrochureWhy {
  title: string;
  reasons: { title: string; text: string }[];
}

interface BrochureInput {
  camps: Camp[];
  why: BrochureWhy;
  settings: SiteSettings;
  lang: Lang;
  /** Absolute site URL, printed as where to enrol. */
  siteUrl: string;
}

/** Builds the brochure and resolves with the PDF bytes. */
export async function buildBrochurePdf({ camps, why, settings, lang, siteUrl }: BrochureInput): Promise<Buffer> {
  const images = await brochureImages();
  const t = (key: string, values?: Record<string, string | number>) => serverT(lang, "camp", key, values);
  const { doc, done } = openPdf({
    lang,
    margin: PAGE.margin,
    title: t("pdf.title", { year: formatCampYear(settings.campStartDate, lang) }),
    subject: camps.map((camp) => camp.title).join(lang === "ar" ? "، " : ", "),
  });
  const w = new Writer(doc, lang);
  // Rupees keep the brochure's "Rs." (its font has no rupee sign); another currency is written by its code.
  const price = (amount: number, currency: string) =>
    t(currency === "INR" ? "pdf.price" : "pdf.priceIn", { amount: formatAmount(amount, currency, lang), currency });

  const footer = () =>
    drawFooter(w, [
      t("pdf.enrollAt", { url: `${siteUrl}${lang === "ar" ? "/ar" : ""}/summer-camp` }),
      t("pdf.contact", { phone: settings.phone, email: settings.email }),
    ]);

  // Cover: the academy's band (logo, name, title, start date, the camp picture), then both camps side by side.
  const bandHeight = 196;
  doc.rect(0, 0, PAGE.width, bandHeight).fill(COLORS.band);
  const picture = { width: 216, height: 135 };
  const textWidth = CONTENT_WIDTH - picture.width - 20;
  const textX = w.columnX(0, textWidth);
  drawLogo(doc, w.rtl ? textX + textWidth - 40 : textX, 34, 40);
  w.block(serverT(lang, "common", "brand"), w.rtl ? textX : textX + 50, 42, textWidth - 50, { size: 15, bold: true, color: COLORS.brand });
  let y = 86;
  y += w.block(t("pdf.title", { year: formatCampYear(settings.campStartDate, lang) }), textX, y, textWidth, { size: 28, bold: true });
  w.block(t("banner.startsOn", { date: formatCampDate(settings.campStartDate, lang) }), textX, y, textWidth, { size: 13, color: COLORS.muted });
  if (images.camp) doc.image(images.camp, w.columnX(CONTENT_WIDTH - picture.width, picture.width), 30, picture);
  w.y = bandHeight + 18;
  w.paragraph(t("banner.intro"), { size: 12, color: COLORS.muted }, 14);
  campCards(w, camps, t, price);
  whyChooseUs(w, why);
  footer();

  // One page per camp: its facts in a band, then the ten sessions sized to fit the page.
  for (const camp of camps) {
    doc.addPage();
    doc.rect(0, 0, PAGE.width, 118).fill(COLORS.band);
    drawLogo(doc, w.rtl ? PAGE.margin : PAGE.width - PAGE.margin - 28, 30, 28);
    w.y = 30;
    w.paragraph(camp.title, { size: 24, bold: true, color: COLORS.brand }, 0);
    w.paragraph(`${camp.grades} · ${camp.duration}`, { size: 12, color: COLORS.muted }, 0);
    w.paragraph(
      t("pdf.priceLine", { price: price(camp.price, camp.currency), oldPrice: price(camp.oldPrice, camp.currency), discount: camp.discount }),
      { size: 12, bold: true },
      0,
    );
    w.y = 140;
    w.paragraph(t("curriculum.title", { camp: camp.title }), { size: 16, bold: true }, 8);
    curriculumTable(w, camp, t, FOOTER_TOP - 12);
    footer();
  }

  doc.end();
  return done;
}

// Session, topic, activities, learning outcome: widths as fractions of the page's text width.
const COLUMNS = [0.11, 0.23, 0.36, 0.3] as const;

function curriculumTable(w: Writer, camp: Camp, t: (key: string) => string, bottom: number): void {
  const widths = COLUMNS.map((f) => f * CONTENT_WIDTH);
  const offsets = widths.map((_, i) => widths.slice(0, i).reduce((a, b) => a + b, 0));
  const pad = 5;
  const titles = [t("curriculum.session"), t("curriculum.topic"), t("curriculum.activities"), t("curriculum.outcome")];
  const cellsOf = (session: Camp["curriculum"][number]) => [String(session.session), session.topic, session.activities, session.outcome];
  const rowHeight = (texts: string[], style: Style) => Math.max(...texts.map((text, i) => w.measure(text, widths[i]! - 2 * pad, style))) + 2 * pad;
  // The largest type (10 pt down to 8 pt) at which the whole table fits above `bottom`: no spill-over page.
  let size = 10;
  const tableHeight = (at: number) =>
    rowHeight(titles, { size: at + 0.5, bold: true }) + camp.curriculum.reduce((sum, session) => sum + rowHeight(cellsOf(session), { size: at }), 0);
  while (size > 8 && w.y + tableHeight(size) > bottom) size -= 0.5;
  const head = { size: size + 0.5, bold: true, color: "#ffffff" } as const;
  const cell = { size } as const;

  const row = (texts: string[], style: Style, fill?: string) => {
    const height = Math.max(...texts.map((text, i) => w.measure(text, widths[i]! - 2 * pad, style))) + 2 * pad;
    return {
      height,
      draw: () => {
        if (fill) w.doc.rect(PAGE.margin, w.y, CONTENT_WIDTH, height).fill(fill);
        texts.forEach((text, i) => w.block(text, w.columnX(offsets[i]!, widths[i]!) + pad, w.y + pad, widths[i]! - 2 * pad, style));
        w.doc
          .moveTo(PAGE.margin, w.y + height)
          .lineTo(PAGE.margin + CONTENT_WIDTH, w.y + height)
          .lineWidth(0.5)
          .stroke(COLORS.rule);
        w.y += height;
      },
    };
  };
  const header = row(titles, head, COLORS.brand);
  w.ensure(header.height * 3);
  header.draw();
  for (const session of camp.curriculum) {
    const body = row(cellsOf(session), cell, session.session % 2 === 0 ? "#f8fafc" : undefined);
    // A row never splits across pages; the header repeats on the new page.
    if (w.ensure(body.height)) header.draw();
    body.draw();
  }
}

/** The academy's logo (public/images/logo.svg), drawn as vectors: an atom on an indigo disc. */
function drawLogo(doc: PDFKit.PDFDocument, x: number, y: number, size: number): void {
  const k = size / 64;
  doc.save().translate(x, y).scale(k);
  doc.circle(32, 32, 30).fill("#4f46e5");
  for (const angle of [0, 60, 120])
    doc
      .save()
      .rotate(angle, { origin: [32, 32] })
      .ellipse(32, 32, 22, 8)
      .lineWidth(3)
      .stroke("#ffffff")
      .restore();
  doc.circle(32, 32, 5).fill("#fbbf24");
  doc.restore();
}

/** Where to enrol and how to reach us, centred at the foot of the current page. */
function drawFooter(w: Writer, lines: [string, string]): void {
  const y = w.y;
  w.doc
    .moveTo(PAGE.margin, FOOTER_TOP)
    .lineTo(PAGE.margin + CONTENT_WIDTH, FOOTER_TOP)
    .lineWidth(0.75)
    .stroke(COLORS.rule);
  const first = w.block(lines[0], PAGE.margin, FOOTER_TOP + 6, CONTENT_WIDTH, { size: 10, bold: true, color: COLORS.brand, align: "center" });
  w.block(lines[1], PAGE.margin, FOOTER_TOP + 6 + first, CONTENT_WIDTH, { size: 9.5, color: COLORS.muted, align: "center" });
  w.y = y;
}

/** Both camps side by side (mirrored in Arabic): grades, price, what children do, the batches. */
function campCards(
  w: Writer,
  camps: Camp[],
  t: (key: string, values?: Record<string, string | number>) => string,
  price: (amount: number, currency: string) => string,
): void {
  const gap = 16;
  const width = (CONTENT_WIDTH - gap * (camps.length - 1)) / Math.max(1, camps.length);
  const pad = 12;
  const inner = width - 2 * pad;
  const top = w.y;
  const draw = (camp: Camp, x: number, dryRun: boolean): number => {
    let y = top + pad;
    const put = (text: string, style: Style, gapAfter = 2, indent = 0) => {
      const textX = w.rtl ? x + pad : x + pad + indent;
      const h = dryRun ? w.measure(text, inner - indent, style) : w.block(text, textX, y, inner - indent, style);
      if (!dryRun && indent) w.doc.circle(w.rtl ? x + width - pad - 4 : x + pad + 3, y + style.size * 0.8, 2.2).fill(COLORS.accent);
      y += h + gapAfter;
    };
    put(camp.title, { size: 17, bold: true, color: COLORS.brand }, 0);
    put(`${camp.grades} · ${camp.duration}`, { size: 10.5, color: COLORS.muted }, 4);
    put(
      t("pdf.priceLine", { price: price(camp.price, camp.currency), oldPrice: price(camp.oldPrice, camp.currency), discount: camp.discount }),
      { size: 11, bold: true },
      8,
    );
    put(t("card.features"), { size: 12, bold: true }, 2);
    for (const feature of camp.features) put(feature, { size: 10 }, 1, 12);
    y += 6;
    put(t("card.batches"), { size: 12, bold: true }, 2);
    for (const batch of camp.batches) put(batch.label, { size: 10 }, 1, 12);
    return y + pad - top;
  };
  const height = Math.max(...camps.map((camp, i) => draw(camp, w.columnX(i * (width + gap), width), true)));
  camps.forEach((camp, i) => {
    const x = w.columnX(i * (width + gap), width);
    w.doc.roundedRect(x, top, width, height, 10).lineWidth(1).stroke(COLORS.rule);
    w.doc.rect(x, top, width, 5).fill(COLORS.accent);
    draw(camp, x, false);
  });
  w.y = top + height + 12;
}

let imageCache: Promise<{ camp: Buffer | null }> | undefined;

/** The camp picture of the summer camp page (public/images/camp/summer-camp.svg) as a PNG pdfkit can place. */
function brochureImages(): Promise<{ camp: Buffer | null }> {
  imageCache ??= (async () => {
    try {
      const file = path.join(projectRoot, "public/images/camp/summer-camp.svg");
      return { camp: await sharp(readFileSync(file)).resize(864).png().toBuffer() };
    } catch {
      // The brochure still works without its picture (e.g. a build without the public folder).
      return { camp: null };
    }
  })();
  return imageCache;
}

/** The camp page's "Why Choose Us": four reasons in two columns, filling the cover above its footer. */
function whyChooseUs(w: Writer, { title, reasons }: BrochureWhy): void {
  w.y += 8;
  w.paragraph(title, { size: 15, bold: true, color: COLORS.brand }, 6);
  const gap = 16;
  const width = (CONTENT_WIDTH - gap) / 2;
  for (let i = 0; i < reasons.length; i += 2) {
    const top = w.y;
    const heights = reasons.slice(i, i + 2).map((reason, j) => {
      const x = w.columnX(j * (width + gap), width);
      const h = w.block(reason.title, x, top, width, { size: 11.5, bold: true });
      return h + w.block(reason.text, x, top + h, width, { size: 10, color: COLORS.muted });
    });
    w.y = top + Math.max(...heights) + 10;
  }
}
