import { serverT } from "~server/i18n";
import type { Lang } from "~/i18n/lang";

/**
 * The family's e-mail of a new invoice (decision 092): queued here by name in the enrolment's
 * transaction; its template (the text and the PDF) is the refunds feature's, which depends on
 * billing and not the other way round.
 */
export const INVOICE_MAIL = "billing-invoice";

export interface InvoiceMail {
  lang: Lang;
  id: number;
  number: string;
  totalMinor: number;
  currency: string;
  dueOn: string;
  childName: string;
  description: string;
}

export const invoiceMail = (data: InvoiceMail) => ({ subject: serverT(data.lang, "refunds", "invoiceMail.subject", { number: data.number }), data });
