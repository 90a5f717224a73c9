import { serverT } from "~server/i18n";
import { defineMail } from "~server/mail/mail-queue";
import { detailsTable, html } from "~/lib/mail/html";
import { formatMoney } from "~/lib/money";
import { paymentProviderOf } from "~/features/billing/payments/payment-provider.server";
import { formatDay } from "./format-day";
import { instalmentReminderMailKind } from "./instalment-reminders.server";
import { invoicePaymentPath, invoicePaymentToken } from "./invoice-link.server";

/** An instalment's reminder, in the family's language (the invoice's), with the pay link when online payment is on. */
export const instalmentReminderMail = defineMail(instalmentReminderMailKind, async ({ config }, data) => {
  const lang = data.lang;
  const t = (key: string, values?: Record<string, string | number>) => serverT(lang, "instalments", key, values);
  const amount = formatMoney(data.amountMinor, data.currency, lang);
  const dueOn = formatDay(data.dueOn, lang);
  const link = paymentProviderOf(config)
    ? config.publicUrl + invoicePaymentPath(invoicePaymentToken(config.sessionSecret, { id: data.invoiceId, number: data.invoiceNumber }), lang)
    : null;
  const details: [string, string, boolean?][] = [
    [t("mail.invoice"), data.invoiceNumber, true],
    [t("mail.for"), `${data.description} — ${data.childName}`],
    [t("mail.part"), t("mail.partOf", { n: data.position, count: data.count })],
    [t("mail.amount"), amount, true],
    [t("mail.dueOn"), dueOn],
  ];
  const intro = t(`mail.${data.kind}.intro`, { amount, date: dueOn });
  const how = link ? t("mail.payOnline") : t("mail.payDesk");
  const text = [
    t("mail.greeting"),
    "",
    intro,
    "",
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    how,
    ...(link ? [link] : []),
    "",
    t("mail.signoff"),
  ].join("\n");
  const body = html`<p>${t("mail.greeting")}</p>
<p>${intro}</p>
${detailsTable(details, lang)}
<p>${how}</p>
${link ? html`<p><a href="${link}">${t("mail.payButton")}</a></p>` : ""}
<p>${t("mail.signoff")}</p>`;
  return { lang, text, html: body };
});
