import { z } from "zod";
import { serverT } from "~server/i18n";
import { mailKind } from "~server/mail/mail-queue";
import { languages } from "~/i18n/lang";

/**
 * The family's e-mail of a new invoice (decision 092): declared here and queued in the enrolment's
 * transaction; its render (the text and the PDF) is refunds/refund-mail.server.ts's, which reads
 * billing's modules (decision 118: a kind declared apart from its render, as jobs are).
 */
export const invoiceMailKind = mailKind(
  "billing-invoice",
  z.object({
    lang: z.enum(languages),
    id: z.number().int(),
    number: z.string(),
    totalMinor: z.number().int(),
    currency: z.string(),
    dueOn: z.string(),
    childName: z.string(),
    description: z.string(),
  }),
);
export type InvoiceMail = z.infer<typeof invoiceMailKind.data>;

export const invoiceMail = (data: InvoiceMail) => ({ subject: serverT(data.lang, "refunds", "invoiceMail.subject", { number: data.number }), data });
