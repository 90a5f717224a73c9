import type { DB } from "~server/db/db";
import { mac, sameMac } from "~server/security/signed";
import { localizePath, type Lang } from "~/i18n/lang";
import { defineMessageLink } from "~/features/messaging/index.server";

/**
 * The family's payment link of an invoice (decision 091): the invoice's id and a MAC under
 * SESSION_SECRET over its id and number ("12_<43 characters>"), the way the enrolment payment
 * link is made (decision 085). It opens paying the invoice and seeing its instalments, nothing
 * else, so reminders rebuild it from the row and the URLs given to Stripe carry no more than that.
 */
const PURPOSE = "invoice-payment-link";
const SHAPE = /^(\d{1,10})_([\w-]{43})$/;

export const invoicePaymentToken = (secret: string, invoice: { id: number; number: string }): string =>
  `${invoice.id}_${mac(secret, PURPOSE, invoice.id, invoice.number)}`;

export const invoicePaymentPath = (token: string, lang: Lang): string => `${localizePath("/payments/invoice", lang)}?token=${token}`;

/** The invoice a token opens, or undefined. */
export async function invoiceOfToken(db: DB, secret: string, token: string): Promise<number | undefined> {
  const match = SHAPE.exec(token);
  if (!match) return undefined;
  const id = Number(match[1]);
  if (id < 1 || id > 2_147_483_647) return undefined;
  const row = await db.selectFrom("invoices").select(["id", "number"]).where("id", "=", id).executeTakeFirst();
  return row && sameMac(match[2]!, mac(secret, PURPOSE, row.id, row.number)) ? row.id : undefined;
}

/** The payment link in a WhatsApp or SMS message (decision 127), built when the message is sent: `invoicePayLink(id, number)`. */
export const invoicePayLink = defineMessageLink(
  "invoice-pay",
  (config, link, lang) => config.publicUrl + invoicePaymentPath(invoicePaymentToken(config.sessionSecret, { id: link.id, number: link.ref }), lang),
);
