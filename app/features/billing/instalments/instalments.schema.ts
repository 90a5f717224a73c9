import { MAX_RECORD_ID, recordId } from "~/lib/record-id";
import { z } from "zod";
import { MAX_PARTS } from "~/features/billing/instalment-split";

/** An invoice's path id: the shared record-id rule (digits only: "1e3" or " 7" name nothing). */
export { idParams as invoiceParams } from "~/lib/record-id";

const day = z.string().max(10);

/**
 * A split as staff send it: the parts themselves, or the "equal split" helper's count and first
 * date (monthly after it). Shape only here; the rules (2 to 12 parts, dates, the sum) answer
 * their own messages (decision 091).
 */
export const splitSchema = z
  .object({
    parts: z
      .array(z.object({ dueOn: day, amountMinor: z.number().int().min(-1e12).max(1e12) }))
      .max(MAX_PARTS * 2)
      .optional(),
    equal: z.object({ count: z.number().int().min(0).max(100), firstDueOn: day }).optional(),
  })
  .refine((input) => (input.parts === undefined) !== (input.equal === undefined), { path: ["parts"], message: "required" });
export type SplitInput = z.output<typeof splitSchema>;

/** An offer's rule: 0 (not split) or 2 to 12 monthly instalments. */
export const ruleParams = z.object({ kind: z.enum(["course", "camp"]), id: recordId });
export const ruleSchema = z.object({
  instalmentCount: z
    .number()
    .int()
    .refine((n) => n === 0 || (n >= 2 && n <= MAX_PARTS), "invalid"),
});

/** The family's payment link and, to pay one part, the instalment (null: all that is owed). */
export const invoiceCheckoutSchema = z.object({
  token: z
    .string()
    .min(16)
    .max(100)
    .regex(/^[\w-]+$/),
  instalmentId: z.number().int().min(1).max(MAX_RECORD_ID).nullable().default(null),
});
