import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { serverT } from "~server/i18n";
import type { Lang } from "~/i18n/lang";
import { pick } from "~/i18n/localized";
import { cairo } from "~/lib/pdf-fonts.server";
import { visualRuns } from "~/lib/bidi";
import { drawRun, runWidth } from "~/lib/pdf-runs.server";
import { displayCode, verifyPath, type CertificateRow } from "./certificates.server";
import { formatIssuedOn } from "./certificate-format";

/**
 * The certificate of completion as a one-page PDF (A4 landscape), in the certificate's language.
 * Each line is drawn by its own direction: an Arabic page lays its words out right to left
 * (bidi.ts), and the child's name keeps the script it was written in, so an Arabic name on an
 * English certificate is shaped right to left and a Latin name on an Arabic one reads left to right.
 */

const PAGE = { width: 841.89, height: 595.28 };
const COLORS = { ink: "#0f172a", muted: "#475569", brand: "#4338ca", accent: "#f59e0b", band: "#eef2ff" };
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** The first strong letter decides a line's direction (Unicode's rule for a paragraph). */
const startsRightToLeft = (text: string): boolean => {
  const first = [...text].find((c) => /\p{L}/u.test(c));
  return first !== undefined && ARABIC.test(first);
};

type Style = { size: number; bold?: boolean; color?: string };

/** One line centred at y, laid out in its own direction; Arabic runs are shaped as one piece. */
function centred(doc: PDFKit.PDFDocument, text: string, y: number, style: Style, rtlPage: boolean): void {
  doc
    .font(style.bold ? "cairo-bold" : "cairo")
    .fontSize(style.size)
    .fillColor(style.color ?? COLORS.ink);
  const rtl = rtlPage ? ARABIC.test(text) : startsRightToLeft(text);
  if (!rtl) {
    const run = { rtl: false, text };
    drawRun(doc, run, (PAGE.width - runWidth(doc, run)) / 2, y);
    return;
  }
  const space = doc.widthOfString(" ");
  const runs = visualRuns(text).map((run) => ({ ...run, w: runWidth(doc, run) }));
  const total = runs.reduce((sum, run, i) => sum + run.w + (run.spaceAfter && i < runs.length - 1 ? space : 0), 0);
  let left = (PAGE.width - total) / 2;
  for (const run of runs) {
    drawRun(doc, run, left, y);
    left += run.w + (run.spaceAfter ? space : 0);
  }
}

/** The QR code of a verification URL, as the PNG placed on the certificate. */
export function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { errorCorrectionLevel: "M", margin: 1, scale: 6 });
}

/** Builds the certificate and resolves with the PDF bytes; `siteUrl` is the absolute site address. */
export async function buildCertificatePdf(certificate: CertificateRow, siteUrl: string): Promise<Buffer> {
  const lang: Lang = certificate.lang;
  const rtl = lang === "ar";
  const t = (key: string, values?: Record<string, string | number>) => serverT(lang, "certificates", key, values);
  const url = `${siteUrl}${verifyPath(certificate.code, lang)}`;
  const course = pick({ name_en: certificate.course_en, name_ar: certificate.course_ar }, "name", lang);
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 0,
    lang,
    displayTitle: true,
    info: { Title: t("pdf.title"), Author: serverT(lang, "common", "brand"), Subject: course },
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

  // A double frame in the academy's colours.
  doc.rect(0, 0, PAGE.width, PAGE.height).fill(COLORS.band);
  doc
    .rect(24, 24, PAGE.width - 48, PAGE.height - 48)
    .lineWidth(3)
    .stroke(COLORS.brand);
  doc
    .rect(34, 34, PAGE.width - 68, PAGE.height - 68)
    .lineWidth(1)
    .stroke(COLORS.accent);

  centred(doc, serverT(lang, "common", "brand"), 64, { size: 18, bold: true, color: COLORS.brand }, rtl);
  centred(doc, t("pdf.title"), 110, { size: 34, bold: true }, rtl);
  centred(doc, t("pdf.certifies"), 178, { size: 15, color: COLORS.muted }, rtl);
  centred(doc, certificate.child_name, 210, { size: 32, bold: true, color: COLORS.brand }, rtl);
  centred(doc, t(certificate.kind === "camp" ? "pdf.completedCamp" : "pdf.completed"), 274, { size: 15, color: COLORS.muted }, rtl);
  centred(doc, course, 304, { size: 24, bold: true }, rtl);
  centred(doc, t("pdf.issuedOn", { date: formatIssuedOn(certificate.issued_on, lang) }), 356, { size: 13, color: COLORS.muted }, rtl);

  // The QR code and the code to type, at the end side of the foot (left on an Arabic page).
  const qrSize = 96;
  const qrX = rtl ? 60 : PAGE.width - 60 - qrSize;
  const qrY = PAGE.height - 60 - qrSize;
  doc.image(await qrPng(url), qrX, qrY, { width: qrSize, height: qrSize });
  const footX = rtl ? qrX + qrSize + 16 : 60;
  const footWidth = PAGE.width - 120 - qrSize - 16;
  const foot = (text: string, y: number, style: Style) => {
    doc
      .font(style.bold ? "cairo-bold" : "cairo")
      .fontSize(style.size)
      .fillColor(style.color ?? COLORS.ink);
    if (!rtl) return void doc.text(text, footX, y, { lineBreak: false, width: footWidth });
    const runs = visualRuns(text).map((run) => ({ ...run, w: runWidth(doc, run) }));
    const space = doc.widthOfString(" ");
    const total = runs.reduce((sum, run, i) => sum + run.w + (run.spaceAfter && i < runs.length - 1 ? space : 0), 0);
    let left = footX + footWidth - total;
    for (const run of runs) {
      drawRun(doc, run, left, y);
      left += run.w + (run.spaceAfter ? space : 0);
    }
  };
  foot(t("pdf.code", { code: displayCode(certificate.code) }), qrY + 18, { size: 13, bold: true });
  foot(t("pdf.verify"), qrY + 44, { size: 11, color: COLORS.muted });
  foot(url, qrY + 62, { size: 10, color: COLORS.brand });

  doc.end();
  return done;
}
