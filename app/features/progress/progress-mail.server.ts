import { serverT } from "~server/i18n";
import { defineMail } from "~server/mail/mail-queue";
import { localizePath } from "~/i18n/lang";
import { html } from "~/lib/mail/html";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { issuedReport, mailSubject, progressReportMail, type IssuedReport } from "./progress.server";

/** A report's PDF name: the child and the course, in plain letters (the PDF itself says the rest). */
export function reportFileName(report: IssuedReport): string {
  const slug =
    `${report.content.course.en}`
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || "course";
  return `progress-report-${slug}-${report.id}${report.version > 1 ? `-v${report.version}` : ""}.pdf`;
}

/**
 * The family's mail when reports are issued (decision 138), in the family's language: each child's
 * report attached as its PDF, drawn when sent, and the account's page named. A report issued again
 * since (its version moved) is left to the newer mail; none left, nothing is sent.
 */
export const progressReportMailDefinition = defineMail(progressReportMail, async ({ db, config }, data) => {
  const reports: IssuedReport[] = [];
  for (const wanted of data.reports) {
    const report = await issuedReport(db, wanted.id);
    if (report && report.version === wanted.version) reports.push(report);
  }
  const first = reports[0];
  if (!first) return null;
  const lang = first.lang;
  const t = (key: string, values?: Record<string, string | number>) => serverT(lang, "progress", key, values);
  const timeZone = await academyTimeZone(db);
  const { buildProgressPdf } = await import("./progress-pdf.server");
  const attachments = [];
  for (const report of reports)
    attachments.push({ filename: reportFileName(report), content: await buildProgressPdf(report, timeZone), contentType: "application/pdf" });
  const link = `${config.publicUrl}${localizePath("/account", lang)}#progress-reports`;
  const lines = reports.map((report) =>
    t("mail.line", { child: report.content.childName, course: lang === "ar" ? report.content.course.ar : report.content.course.en }),
  );
  const text = [t("mail.greeting"), "", t("mail.intro"), "", ...lines, "", t("mail.account"), link, "", t("mail.signoff")].join("\n");
  const body = html`<p>${t("mail.greeting")}</p>
<p>${t("mail.intro")}</p>
<ul>${lines.map((line) => html`<li>${line}</li>`)}</ul>
<p><a href="${link}">${t("mail.open")}</a></p>
<p>${t("mail.signoff")}</p>`;
  return {
    lang,
    subject: mailSubject(
      lang,
      reports.map((report) => ({ childName: report.content.childName, version: report.version })),
    ),
    text,
    html: body,
    attachments,
  };
});
