import { z } from "zod";
import { DEFAULT_PHONE_COUNTRY, emailField, honeypotField, phoneField, v } from "~/lib/validation";

/** Login sends whatever was typed (no client-side rules, specification section 5). */
export const loginSchema = z.object({
  email: z.string({ error: v.required }).trim().max(254, v.tooLong),
  password: z.string({ error: v.required }).max(200, v.tooLong),
});

/** The original site's sign-up rules (original-site-facts.md). */
const passwordField = z
  .string({ error: v.required })
  .min(8, "passwordRules")
  .max(200, v.tooLong)
  .refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p), "passwordRules");

export const registerSchemaFor = (phoneCountry: string) =>
  z.object({
    username: z.string({ error: v.required }).trim().min(3, "usernameLength").max(30, "usernameLength"),
    email: emailField,
    password: passwordField,
    contactNumber: phoneField(phoneCountry),
  });
export const registerSchema = registerSchemaFor(DEFAULT_PHONE_COUNTRY);

/** Password reset, step 1: the account's e-mail (the honeypot catches form-filling bots). */
export const forgotPasswordSchema = z.object({
  email: emailField,
  website: honeypotField,
});

/** The single-use token from the reset e-mail: 43 base64url characters. */
const tokenField = z.string({ error: v.invalid }).regex(/^[\w-]{20,100}$/, v.invalid);

/** Password reset, step 2: the token from the e-mail and the new password. */
export const resetPasswordSchema = z.object({
  token: tokenField,
  password: passwordField,
});

/** The first staff account, created through the one-time /admin/setup link. */
export const adminSetupSchema = registerSchema.pick({ username: true, email: true, password: true }).extend({ token: tokenField });

