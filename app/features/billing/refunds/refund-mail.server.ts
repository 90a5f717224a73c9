import { serverT } from "~server/i18n";
import { formatCalendarDay } from "~/lib/dates";
import { z } from "zod";
import { defineMail } from "~server/mail/mail-queue";
import { languages, type Lang } from "~/i18n/lang";
import { detailsTable, html } from "~/lib/mail/html";
import { formatMoney } from "~/lib/money";
import { accountCreditNotePdfPath, accountInvoicePdfPath } from "~/features/billing/paths";
import { invoiceMailKind } from "~/features/billing/invoice-mail.server";
import { howToPay } from "~/features/billing/how-to-pay.server";
import { howToPayMail } from "~/features/billing/how-to-pay-mail.server";

/**
 * The family's billing e-mails (issue 31, decision 092), in the invoice's language: the invoice when
 * it is issued and a credit note when a refund is made. Each links to the document in /account and
 * carries its PDF, drawn when the mail is sent (the queue keeps only ids and texts).
 */
const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "refunds", key, values);

const creditNoteMailData = z.object({
  lang: z.enum(languages),
  id: z.number().int(),
  number: z.string(),
  invoiceNumber: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  childName: z.string(),
});
export type CreditNoteMail = z.infer<typeof creditNoteMailData>;

export const creditNoteMail = (data: CreditNoteMail) => ({ subject: say(data.lang, "creditNoteMail.subject", { number: data.number }), data });

export const invoiceMailTemplate = defineMail(invoiceMailKind, async ({ db, config }, data) => {
  const lang = data.lang;
  const t = (key: string, values?: Record<string, string | number>) => say(lang, key, values);
  const link = `${config.publicUrl}${accountInvoicePdfPath(data.id, lang)}`;
  const details: [string, string, boolean?][] = [
    [t("mail.number"), data.number, true],
    [t("mail.for"), `${data.description} · ${data.childName}`],
    [t("mail.total"), formatMoney(data.totalMinor, data.currency, lang), true],
    // A date in words in the reader's language (decision 112), not the stored ISO day.
    [t("mail.due"), formatCalendarDay(data.dueOn, lang)],
  ];
  // How to pay and the invoice's signed link (issue 42), in place of the account's link that needs
  // signing in: most families who enrol have no account.
  const pay = await howToPay(db, config, lang, data.id);
  const payBlock = pay.invoice ? howToPayMail(pay, lang, config.publicUrl + pay.invoice.url) : null;
  const text = [
    t("mail.greeting"),
    "",
    t("invoiceMail.intro"),
    "",
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    ...(payBlock ? [...payBlock.text, ""] : [t("mail.link"), link, ""]),
    t("mail.signoff"),
  ].join("\n");
  const body = html`<p>${t("mail.greeting")}</p>
<p>${t("invoiceMail.intro")}</p>
${detailsTable(details, lang)}
${payBlock ? payBlock.html : html`<p><a href="${link}">${t("invoiceMail.open")}</a></p>`}
<p>${t("mail.signoff")}</p>`;
  const { invoiceDocument } = await import("./billing-docs.server");
  const { buildInvoicePdf } = await import("./billing-pdf.server");
  const doc = await invoiceDocument(db, data.id, lang);
  const attachments = doc ? [{ filename: `${data.number}.pdf`, content: await buildInvoicePdf(doc), contentType: "application/pdf" }] : [];
  return { lang, text, html: body, attachments };
});

export const creditNoteMailTemplate = defineMail("billing-credit-note", creditNoteMailData, async ({ db, config }, data) => {
  const lang = data.lang;
  const t = (key: string, values?: Record<string, string | number>) => say(lang, key, values);
  const link = `${config.publicUrl}${accountCreditNotePdfPath(data.id, lang)}`;
  const details: [string, string, boolean?][] = [
    [t("mail.number"), data.number, true],
    [t("mail.invoice"), data.invoiceNumber, true],
    [t("mail.child"), data.childName],
    [t("mail.refunded"), formatMoney(data.amountMinor, data.currency, lang), true],
  ];
  const text = [
    t("mail.greeting"),
    "",
    t("creditNoteMail.intro"),
    "",
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    t("mail.link"),
    link,
    "",
    t("mail.signoff"),
  ].join("\n");
  const body = html`<p>${t("mail.greeting")}</p>
<p>${t("creditNoteMail.intro")}</p>
${detailsTable(details, lang)}
<p><a href="${link}">${t("creditNoteMail.open")}</a></p>
<p>${t("mail.signoff")}</p>`;
  const { creditNoteDocument } = await import("./billing-docs.server");
  const { buildCreditNotePdf } = await import("./billing-pdf.server");
  const doc = await creditNoteDocument(db, data.id, lang);
  const attachments = doc ? [{ filename: `${data.number}.pdf`, content: await buildCreditNotePdf(doc), contentType: "application/pdf" }] : [];
  return { lang, text, html: body, attachments };
});
