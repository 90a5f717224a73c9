import { z } from "zod";

// zod compiles object parsers with `new Function` unless told not to; the site's CSP forbids eval.
z.config({ jitless: true });

/**
 * Validation messages are keys of the "validation" locale namespace, so one zod schema
 * serves the form (translated with t) and the server (translated by server/http/validate.ts).
 */
export const v = {
  required: "required",
  email: "email",
  phone: "phone",
  tooLong: "tooLong",
  tooShort: "tooShort",
  invalid: "invalid",
  choice: "choice",
  date: "date",
  time: "time",
  pastDate: "pastDate",
} as const;

/** A required, trimmed text field of at most `max` characters. */
export const requiredText = (max: number) =>
  z.string({ error: v.required }).trim().min(1, v.required).max(max, v.tooLong);

/** An optional, trimmed text field of at most `max` characters ("" when absent). */
export const optionalText = (max: number) =>
  z.string({ error: v.invalid }).trim().max(max, v.tooLong).optional().default("");

export const emailField = z
  .string({ error: v.required })
  .trim()
  .min(1, v.required)
  .max(254, v.tooLong)
  .pipe(z.email({ error: v.email }));

/** Phone numbers: digits with an optional leading +, spaces and dashes allowed, 7-15 digits. */
export const phoneField = z
  .string({ error: v.required })
  .trim()
  .min(1, v.required)
  .max(25, v.tooLong)
  .refine((s) => /^\+?[\d\s-]+$/.test(s) && s.replace(/\D/g, "").length >= 7 && s.replace(/\D/g, "").length <= 15, v.phone);

/** The honeypot: a field people never see; bots fill it. */
export const honeypotField = z.string().max(0, v.invalid).optional();

/** Field errors of a failed parse, keyed by the top-level field name. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "_");
    out[field] ??= issue.message;
  }
  return out;
}
