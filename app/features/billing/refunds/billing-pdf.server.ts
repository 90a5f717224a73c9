import { formatCalendarDay } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { serverT } from "~server/i18n";
import type { Lang } from "~/i18n/lang";
import { zonedParts } from "~/lib/zoned-time";
import { timeZoneOf } from "~/features/site/academy-zone.server";
import { A4, openPdf, PdfPage, type PdfStyle } from "~/lib/pdf-page.server";
import type { CreditNoteDocument, InvoiceDocument } from "./billing-docs.server";

/**
 * The invoice and credit note as A4 PDFs (issue 31, decision 092) in the family's language. An
 * Arabic page runs right to left: every text is placed from the right edge and its Arabic words
 * are ordered by bidi.ts and shaped as one piece, while amounts, numbers, e-mails and document
 * numbers are drawn as their own left-to-right runs (isolated, never reversed). Amounts spell
 * the currency code ("1,250.00 USD"): Cairo has no rupee sign.
 */

const PAGE = { ...A4, margin: 48 };
const WIDTH = PAGE.width - 2 * PAGE.margin;
const COLORS = { ink: "#0f172a", muted: "#475569", brand: "#4338ca", rule: "#cbd5e1", band: "#eef2ff" };

/** "1,250.00 USD", "-300.00 INR", "12.345 KWD": the same in both languages, always left to right (the one formatter, by code). */
export const pdfAmount = (minor: number, currency: string): string => formatMoney(minor, currency, "en", { display: "code" });

class Page extends PdfPage {
  constructor(doc: PDFKit.PDFDocument, lang: Lang) {
    super(doc, lang, { margin: PAGE.margin, width: WIDTH }, { size: 10, color: COLORS.ink });
  }

  /** A label at the start and its value at the end of the full width, then down a line. */
  row(label: string, value: string, style: PdfStyle = {}): void {
    this.put(label, 0, WIDTH * 0.7, "start", style);
    this.put(value, WIDTH * 0.7, WIDTH * 0.3, "end", style);
    this.down(style.size ?? 10);
  }

  heading(text: string): void {
    this.y += 8;
    this.put(text, 0, WIDTH, "start", { size: 12, bold: true, color: COLORS.brand });
    this.down(12);
    this.rule();
  }

  rule(): void {
    this.doc
      .moveTo(PAGE.margin, this.y)
      .lineTo(PAGE.margin + WIDTH, this.y)
      .lineWidth(0.5)
      .stroke(COLORS.rule);
    this.y += 4;
  }

  down(size: number): void {
    this.y += size * 1.7;
    this.breakBelow(PAGE.height - PAGE.margin - 40);
  }
}

async function render(lang: Lang, title: string, draw: (page: Page) => void): Promise<Buffer> {
  const { doc, done } = openPdf({ lang, title });
  draw(new Page(doc, lang));
  doc.end();
  return done;
}

type Doc = InvoiceDocument | CreditNoteDocument;

/** The letterhead, the document's title and number, the family: the same on both documents. */
function header(page: Page, doc: Doc, title: string, facts: [string, string][]): void {
  const t = (key: string, values?: Record<string, string | number>) => serverT(doc.lang, "refunds", key, values);
  const { settings, invoice } = doc;
  page.doc.rect(0, 0, PAGE.width, 8).fill(COLORS.brand);
  page.y = 28;
  page.put(serverT(doc.lang, "common", "brand"), 0, WIDTH / 2, "start", { size: 16, bold: true, color: COLORS.brand });
  page.put(title, WIDTH / 2, WIDTH / 2, "end", { size: 20, bold: true });
  page.down(16);
  for (const line of [
    settings.address[doc.lang],
    settings.phone,
    settings.email,
    invoice.taxRegistration ? t("pdf.taxRegistration", { number: invoice.taxRegistration }) : "",
  ]) {
    if (!line) continue;
    page.put(line, 0, WIDTH / 2, "start", { size: 9, color: COLORS.muted });
    page.y += 14;
  }
  page.y += 10;
  const top = page.y;
  page.put(t("pdf.billTo"), 0, WIDTH / 2, "start", { bold: true, color: COLORS.muted });
  page.y += 16;
  for (const line of [invoice.parentName, invoice.email, t("pdf.child", { name: invoice.childName })]) {
    page.put(line, 0, WIDTH / 2, "start");
    page.y += 15;
  }
  const bottom = page.y;
  page.y = top;
  for (const [label, value] of facts) {
    page.put(label, WIDTH / 2, WIDTH / 4, "start", { color: COLORS.muted });
    page.put(value, (3 * WIDTH) / 4, WIDTH / 4, "end", { bold: true });
    page.y += 15;
  }
  page.y = Math.max(bottom, page.y) + 10;
}

// Dates in words in the document's language, "5 Dec 2026" / «5 ديسمبر 2026» (review 2026-11-28 L8, decision 112).
const dayOf = (instant: string, doc: Doc) => formatCalendarDay(zonedParts(instant, timeZoneOf(doc.settings)).date, doc.lang);

export function buildInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const t = (key: string, values?: Record<string, string | number>) => serverT(doc.lang, "refunds", key, values);
  const { invoice } = doc;
  const money = (minor: number) => pdfAmount(minor, invoice.currency);
  return render(doc.lang, t("pdf.invoiceTitle", { number: invoice.number }), (page) => {
    header(page, doc, t("pdf.invoice"), [
      [t("pdf.number"), invoice.number],
      [t("pdf.issued"), dayOf(invoice.issuedAt, doc)],
      [t("pdf.due"), formatCalendarDay(invoice.dueOn, doc.lang)],
      [t("pdf.statusLabel"), t(`pdf.status.${invoice.status}`)],
    ]);
    page.heading(invoice.description[doc.lang]);
    for (const line of doc.lines) page.row(line.label[doc.lang], money(line.amountMinor));
    page.rule();
    if (invoice.taxMinor > 0) {
      const rate = `${invoice.taxRateBp / 100}%`;
      page.row(t(invoice.taxInclusive ? "pdf.taxIncluded" : "pdf.taxAdded", { name: invoice.taxName, rate }), money(invoice.taxMinor), { color: COLORS.muted });
    }
    page.row(t("pdf.total"), money(invoice.totalMinor), { size: 12, bold: true });
    if (doc.instalments.length > 0) {
      page.heading(t("pdf.instalments"));
      for (const part of doc.instalments)
        page.row(t("pdf.instalment", { position: part.position, date: formatCalendarDay(part.dueOn, doc.lang) }), money(part.amountMinor));
    }
    if (doc.payments.length > 0) {
      page.heading(t("pdf.payments"));
      for (const payment of doc.payments) {
        const label = t(payment.kind === "refund" ? "pdf.refundRow" : "pdf.paymentRow", {
          date: dayOf(payment.at, doc),
          method: t(`method.${payment.method}`),
        });
        page.row(payment.state === "pending" ? `${label} ${t("pdf.pending")}` : label, money(-payment.amountMinor));
      }
    }
    const notes = doc.creditNotes.filter((note) => !note.cancelled);
    if (notes.length > 0) {
      page.heading(t("pdf.creditNotes"));
      for (const note of notes) page.row(t("pdf.creditNoteRow", { number: note.number, date: dayOf(note.at, doc) }), money(-note.amountMinor));
    }
    page.y += 6;
    page.rule();
    page.row(t(doc.balanceMinor < 0 ? "pdf.inCredit" : "pdf.balance"), money(Math.abs(doc.balanceMinor)), { size: 13, bold: true, color: COLORS.brand });
    page.y += 12;
    page.put(t("pdf.thanks"), 0, WIDTH, "start", { size: 9, color: COLORS.muted });
  });
}

export function buildCreditNotePdf(doc: CreditNoteDocument): Promise<Buffer> {
  const t = (key: string, values?: Record<string, string | number>) => serverT(doc.lang, "refunds", key, values);
  const { invoice, note } = doc;
  const money = (minor: number) => pdfAmount(minor, invoice.currency);
  return render(doc.lang, t("pdf.creditNoteTitle", { number: note.number }), (page) => {
    header(page, doc, t("pdf.creditNote"), [
      [t("pdf.number"), note.number],
      [t("pdf.issued"), dayOf(note.at, doc)],
      [t("pdf.forInvoice"), invoice.number],
    ]);
    if (note.cancelled) {
      page.put(t("pdf.cancelled"), 0, WIDTH, "start", { bold: true, color: "#b91c1c" });
      page.down(10);
    }
    page.heading(invoice.description[doc.lang]);
    page.row(t(`pdf.noteKind.${note.kind}`), money(-note.amountMinor));
    if (invoice.taxMinor > 0 && invoice.totalMinor > 0) {
      // The tax the note takes back, in the invoice's proportion (rounded half up, integers only).
      const tax = Math.floor((note.amountMinor * invoice.taxMinor * 2 + invoice.totalMinor) / (2 * invoice.totalMinor));
      page.row(t("pdf.taxIncluded", { name: invoice.taxName, rate: `${invoice.taxRateBp / 100}%` }), money(-tax), { color: COLORS.muted });
    }
    page.rule();
    page.row(t("pdf.creditTotal"), money(note.amountMinor), { size: 12, bold: true, color: COLORS.brand });
    if (note.refundMethod) page.row(t("pdf.refundedBy"), t(`method.${note.refundMethod}`));
    if (note.reason) {
      page.y += 6;
      page.put(t("pdf.reason", { reason: note.reason.slice(0, 200) }), 0, WIDTH, "start", { color: COLORS.muted });
      page.down(10);
    }
    page.y += 12;
    page.put(t("pdf.thanks"), 0, WIDTH, "start", { size: 9, color: COLORS.muted });
  });
}
