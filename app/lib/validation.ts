import { z } from "zod";
import { DEFAULT_PHONE_COUNTRY } from "~/lib/phone-country";
// The server's phone rule; in the browser build a stand-in without libphonenumber (decision 070).
import { formatPhone, isPhoneCountry, toE164 } from "./phone-rule";

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
  phoneCode: "phoneCode",
  tooLong: "tooLong",
  tooShort: "tooShort",
  invalid: "invalid",
  choice: "choice",
  date: "date",
  time: "time",
  pastDate: "pastDate",
} as const;

/** A required, trimmed text field of at most `max` characters. */
export const requiredText = (max: number) => z.string({ error: v.required }).trim().min(1, v.required).max(max, v.tooLong);

/** An optional, trimmed text field of at most `max` characters ("" when absent). */
export const optionalText = (max: number) => z.string({ error: v.invalid }).trim().max(max, v.tooLong).optional().default("");

export const emailField = z
  .string({ error: v.required })
  .trim()
  .min(1, v.required)
  .max(254, v.tooLong)
  .pipe(z.email({ error: v.email }));

export { DEFAULT_PHONE_COUNTRY, formatPhone, isPhoneCountry, toE164 };

/**
 * Every phone field of the site: an international number (+971 50 123 4567) or a national one
 * (050 123 4567) of `country`: the country code chosen beside the field (the form's `phoneCountry`
 * select, read by chosenPhoneCountry) or else the site setting. Checked with libphonenumber-js and
 * stored as E.164. A national number that is no number of that country is answered with what to add
 * (its country code, `phoneCode`); in the browser only the number's shape is checked
 * (phone-rule.browser.ts), the server's check decides.
 */
export const phoneField = (country: string = DEFAULT_PHONE_COUNTRY) =>
  z
    .string({ error: v.required })
    .trim()
    .min(1, v.required)
    .max(30, v.tooLong)
    .transform((value, ctx) => {
      const e164 = toE164(value, country);
      if (e164 === undefined) ctx.addIssue({ code: "custom", message: lacksCountryCode(value) ? v.phoneCode : v.phone, input: value });
      return e164 ?? value;
    });

/** A number written without "+" or "00" and long enough to be a whole national number: what it lacks is its country code. */
const lacksCountryCode = (value: string): boolean => /^[\d\s().-]+$/.test(value) && !/^\s*00/.test(value) && value.replace(/\D/g, "").length >= 7;

/**
 * The country-code select posted beside a phone field (`phoneCountry`, ISO 3166 "AE"): absent or
 * blank means the site setting's country.
 */
export const phoneCountryField = z
  .string({ error: v.choice })
  .trim()
  .toUpperCase()
  .max(2, v.choice)
  .refine((value) => value === "" || isPhoneCountry(value), v.choice)
  .optional();

/**
 * The country a form's phone number is read against: its posted `phoneCountry` when that is a
 * country code (phoneCountryField refuses any other), else `fallback` (the site setting). The
 * endpoints build their schema with it (phoneField(chosenPhoneCountry(body, site))).
 */
export function chosenPhoneCountry(body: unknown, fallback: string): string {
  const chosen = body !== null && typeof body === "object" ? (body as Record<string, unknown>).phoneCountry : undefined;
  if (typeof chosen !== "string") return fallback;
  const code = chosen.trim().toUpperCase();
  return isPhoneCountry(code) ? code : fallback;
}

/**
 * Whether a value is an absolute http(s) link with a dotted host ("https://meet.example.com/x"),
 * read by the URL parser: a backtracking pattern here let one long value freeze the server (issue 25).
 */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/**
 * An optional http(s) link field of at most `max` characters ("" when absent). The length check
 * aborts, so an over-long value is never parsed (zod runs later checks after a failed one otherwise).
 */
export const httpUrlField = (max: number) =>
  z
    .string({ error: v.invalid })
    .trim()
    .max(max, { message: v.tooLong, abort: true })
    .refine((value) => value === "" || isHttpUrl(value), "url");

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
