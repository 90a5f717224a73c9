import { serverT } from "~server/i18n";
import { z } from "zod";
import { defineMail } from "~server/mail/mail-queue";
import type { Lang } from "~/i18n/lang";
import { formatMoney } from "~/lib/money";
import { detailsTable, html } from "~/lib/mail/html";
import { csvInstant } from "~/features/admin-kit/list/csv";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { invoiceOutstanding } from "./ledger.server";
import { accountInvoicesPath } from "./paths";

const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "billing", key, values);

export const receiptSubject = (lang: Lang, number: string) => say(lang, "receipt.subject", { number });

/**
 * The receipt of a payment taken at the desk (issue 31 part 3), queued in the payment's transaction.
 * In the family's language (the invoice's), made when the job runs: the payment, the invoice and
 * what is still owed then. A payment that is gone renders nothing (not sent).
 */
export const deskReceiptMail = defineMail("billing-desk-receipt", z.object({ paymentId: z.number().int() }), async ({ db, config }, { paymentId }) => {
  const row = await db
    .selectFrom("payments as p")
    .innerJoin("invoices as i", "i.id", "p.invoice_id")
    .select([
      "p.amount_minor",
      "p.method",
      "p.reference",
      "p.received_at",
      "p.currency",
      "i.id as invoice_id",
      "i.number",
      "i.lang",
      "i.parent_name",
      "i.child_name",
      "i.description_en",
      "i.description_ar",
    ])
    .where("p.id", "=", paymentId)
    .where("p.kind", "=", "payment")
    .executeTakeFirst();
  if (!row) return null;
  const lang: Lang = row.lang === "ar" ? "ar" : "en";
  const t = (key: string, values?: Record<string, string | number>) => say(lang, key, values);
  const owed = Math.max(0, await invoiceOutstanding(db, row.invoice_id));
  const when = String(csvInstant(row.received_at, await academyTimeZone(db)));
  const details: [string, string, boolean?][] = [
    [t("receipt.invoice"), row.number, true],
    [t("receipt.for"), `${lang === "ar" ? row.description_ar : row.description_en} · ${row.child_name}`],
    [t("receipt.amount"), formatMoney(row.amount_minor, row.currency, lang), true],
    [t("receipt.method"), t(`method.${row.method}`)],
    ...(row.reference ? ([[t("receipt.reference"), row.reference, true]] as [string, string, boolean][]) : []),
    [t("receipt.received"), when, true],
    [t("receipt.stillOwed"), formatMoney(owed, row.currency, lang), true],
  ];
  const link = new URL(accountInvoicesPath(lang), config.publicUrl).toString();
  const text = [
    t("receipt.greeting", { name: row.parent_name }),
    "",
    t("receipt.intro"),
    "",
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    t("receipt.account", { link }),
    "",
    t("receipt.signoff"),
  ].join("\n");
  const body = html`<p>${t("receipt.greeting", { name: row.parent_name })}</p>
<p>${t("receipt.intro")}</p>
${detailsTable(details, lang)}
<p><a href="${link}">${t("receipt.accountLink")}</a></p>
<p>${t("receipt.signoff")}</p>`;
  return { lang, text, html: body };
});
