import type { DB } from "~server/db/db";
import { rowLink } from "~/kernel/row-link.server";
import { localizePath, type Lang } from "~/i18n/lang";
import { defineMessageLink } from "~/features/messaging/index.server";

/**
 * The family's payment link of an invoice (decision 091): the kernel's row link (decision 146),
 * the invoice's id and a MAC under SESSION_SECRET over its id and number ("12_<43 characters>"). It opens paying the invoice and seeing its instalments, nothing
 * else, so reminders rebuild it from the row and the URLs given to Stripe carry no more than that.
 */
const link = rowLink("invoice-payment-link", "invoices", "number");

export const invoicePaymentToken = (secret: string, invoice: { id: number; number: string }): string => link.token(secret, invoice);

export const invoicePaymentPath = (token: string, lang: Lang): string => `${localizePath("/payments/invoice", lang)}?token=${token}`;

/** The invoice a token opens, or undefined. */
export const invoiceOfToken = (db: DB, secret: string, token: string): Promise<number | undefined> => link.open(db, secret, token);

/** The payment link in a WhatsApp or SMS message (decision 127), built when the message is sent: `invoicePayLink(id, number)`. */
export const invoicePayLink = defineMessageLink(
  "invoice-pay",
  (config, link, lang) => config.publicUrl + invoicePaymentPath(invoicePaymentToken(config.sessionSecret, { id: link.id, number: link.ref }), lang),
);
