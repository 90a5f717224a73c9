import { serverT } from "~server/i18n";
import type { Lang } from "~/i18n/lang";
import { formatCalendarDay } from "~/lib/dates";
import { A4, openPdf, PdfPage, type PdfStyle } from "~/lib/pdf-page.server";
import { zonedParts } from "~/lib/zoned-time";
import type { IssuedReport, Pair } from "./progress.server";

/**
 * The termly progress report as an A4 PDF (decision 138) in the language it was issued in, drawn
 * with the certificates' and invoices' machinery (Cairo, bidi.ts runs, pdf-runs.server.ts): an
 * Arabic page is laid out from the right edge, its Arabic words shaped as one piece per run, numbers
 * and Latin words kept left to right; a line typed in the other script reads in its own direction.
 * No photo is drawn: a project is its title and note (photos stay behind the consent rule, decision 135).
 */

const PAGE = { ...A4, margin: 56 };
const WIDTH = PAGE.width - 2 * PAGE.margin;
const COLORS = { ink: "#0f172a", muted: "#475569", brand: "#4338ca", rule: "#cbd5e1" };

class Page extends PdfPage {
  constructor(doc: PDFKit.PDFDocument, lang: Lang) {
    super(doc, lang, { margin: PAGE.margin, width: WIDTH }, { size: 11, color: COLORS.ink });
  }

  /** One line at the page's start edge (the right on an Arabic page), indented by `indent`. */
  line(text: string, style: PdfStyle = {}, indent = 0): void {
    this.put(text, indent, WIDTH - indent, "start", style);
    this.down((style.size ?? 11) * 1.6);
  }

  /** Text wrapped to the width, word by word, each paragraph of it in its own direction. */
  paragraph(text: string, style: PdfStyle = {}, indent = 0): void {
    this.use(style);
    for (const para of text.split(/\n+/)) {
      let current = "";
      for (const word of para.split(/\s+/).filter(Boolean)) {
        const candidate = current ? `${current} ${word}` : word;
        if (current && this.widthOf(candidate) > WIDTH - indent) {
          this.line(current, style, indent);
          current = word;
        } else current = candidate;
      }
      if (current) this.line(current, style, indent);
    }
  }

  /** A section's title with a rule under it (below Cairo's descenders: its glyph box is about 1.9 times the size). */
  heading(text: string): void {
    this.y += 10;
    this.line(text, { size: 13, bold: true, color: COLORS.brand });
    this.doc
      .moveTo(PAGE.margin, this.y + 5)
      .lineTo(PAGE.margin + WIDTH, this.y + 5)
      .lineWidth(0.5)
      .stroke(COLORS.rule);
    this.y += 10;
  }

  down(by: number): void {
    this.y += by;
    this.breakBelow(PAGE.height - PAGE.margin - 30);
  }
}

/** Builds the report's PDF (resolves with its bytes). */
export async function buildProgressPdf(report: IssuedReport, timeZone: string): Promise<Buffer> {
  const lang = report.lang;
  const t = (key: string, values?: Record<string, string | number>) => serverT(lang, "progress", key, values);
  const name = (pair: Pair) => (lang === "ar" ? pair.ar || pair.en : pair.en);
  const c = report.content;
  const { doc, done } = openPdf({ lang, title: t("pdf.title", { child: c.childName }), subject: name(c.course) });
  const page = new Page(doc, lang);
  const bullet = "•";

  doc.rect(0, 0, PAGE.width, 8).fill(COLORS.brand);
  page.y = 32;
  page.line(serverT(lang, "common", "brand"), { size: 14, bold: true, color: COLORS.brand });
  page.line(t("pdf.heading"), { size: 22, bold: true });
  page.line(c.childName, { size: 18, bold: true, color: COLORS.brand });
  page.line(name(c.course), { size: 13 });
  page.line(t("pdf.term", { first: formatCalendarDay(c.term.first, lang), last: formatCalendarDay(c.term.last, lang) }), { color: COLORS.muted });

  page.heading(t("pdf.attendance"));
  const { attended, held } = c.attendance;
  page.line(held > 0 ? t("pdf.attended", { attended, held, rate: Math.floor((attended * 100) / held) }) : t("pdf.noClasses"));
  if (c.leftOn) page.paragraph(t("pdf.left", { date: formatCalendarDay(c.leftOn, lang) }), { color: COLORS.muted });

  page.heading(t("pdf.skills"));
  if (c.skills.length === 0 && c.levelsCompleted.length === 0) page.line(t("pdf.noSkills"), { color: COLORS.muted });
  for (const level of c.levelsCompleted) page.line(t("pdf.levelCompleted", { level: name(level) }), { bold: true });
  for (const skill of c.skills) page.paragraph(`${bullet} ${name(skill.level)}: ${name(skill.skill)}`, {}, 8);

  page.heading(t("pdf.projects"));
  if (c.projects.length === 0) page.line(t("pdf.noProjects"), { color: COLORS.muted });
  for (const project of c.projects) {
    page.paragraph(`${bullet} ${project.title}`, { bold: true }, 8);
    if (project.note) page.paragraph(project.note, { size: 10, color: COLORS.muted }, 20);
  }

  if (c.comment) {
    page.heading(t("pdf.comment"));
    page.paragraph(c.comment);
  }
  if (c.nextStep) {
    page.heading(t("pdf.nextStep"));
    page.paragraph(c.nextStep);
  }
  if (c.proposal) {
    page.heading(t("pdf.proposal"));
    const course = name(c.proposal.course);
    page.paragraph(
      t(c.proposal.level ? "pdf.proposalLevel" : "pdf.proposalGroup", {
        level: c.proposal.level ? name(c.proposal.level) : "",
        course,
        date: formatCalendarDay(c.proposal.startsOn, lang),
      }),
    );
  }

  page.y += 16;
  const issued = formatCalendarDay(zonedParts(report.issuedAt, timeZone).date, lang);
  page.line(report.version > 1 ? t("pdf.updated", { date: issued, version: report.version }) : t("pdf.issued", { date: issued }), {
    size: 9,
    color: COLORS.muted,
  });
  doc.end();
  return done;
}
