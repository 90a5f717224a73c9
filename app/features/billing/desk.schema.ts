import { z } from "zod";
import { v } from "~/lib/validation";
import { MAX_RECORD_ID } from "~/lib/record-id";

/** The filters of the staff's invoice list (query string): a status, a search, a page. */
export const INVOICE_FILTERS = ["open", "overdue", "paid", "void"] as const;

const noNul = (value: string) => !value.includes("\u0000");

export const invoiceFilterSchema = z.object({
  status: z
    .enum(["", ...INVOICE_FILTERS], { error: v.choice })
    .optional()
    .default(""),
  q: z.string({ error: v.invalid }).trim().max(100, v.tooLong).refine(noNul, v.invalid).optional().default(""),
  page: z
    .string({ error: v.invalid })
    .regex(/^\d{1,4}$/, v.invalid)
    .transform(Number)
    .pipe(z.number().int().min(1, v.invalid))
    .optional()
    .default(1),
});
export type InvoiceFilter = z.output<typeof invoiceFilterSchema>;

/** A family as its path carries it: the lower-cased e-mail the invoices are kept under. */
export const familyParams = z.object({
  familyKey: z
    .string()
    .trim()
    .min(3)
    .max(254)
    .refine(noNul)
    .transform((key) => key.toLowerCase()),
});

export const DESK_METHODS = ["cash", "bank_transfer", "cheque"] as const;

/**
 * A payment taken at the desk (decision 090): the amount in minor units (the page's form takes
 * major units as typed and converts); a bank transfer or cheque needs its reference.
 */
export const deskPaymentSchema = z
  .object({
    method: z.enum(DESK_METHODS, { error: v.choice }),
    amountMinor: z.number({ error: v.invalid }).int(v.invalid).min(1, v.invalid).max(100_000_000_000, v.invalid),
    reference: z.string({ error: v.invalid }).trim().max(200, v.tooLong).refine(noNul, v.invalid).optional().default(""),
    instalmentId: z.number({ error: v.invalid }).int(v.invalid).min(1, v.invalid).max(MAX_RECORD_ID, v.invalid).nullable().optional().default(null),
    // One per form render (decision 101): the same key again records nothing and answers as the first did.
    idempotencyKey: z
      .string({ error: v.invalid })
      .regex(/^[\w-]{16,64}$/, v.invalid)
      .optional(),
  })
  .superRefine((payment, ctx) => {
    if (payment.method !== "cash" && payment.reference === "") ctx.addIssue({ code: "custom", path: ["reference"], message: v.required });
  });
export type DeskPayment = z.output<typeof deskPaymentSchema>;
