import { z } from "zod";
import { CHILD_MAX_AGE, CHILD_MIN_AGE } from "~/features/booking/booking.schema";
import { DEFAULT_PHONE_COUNTRY, emailField, honeypotField, phoneCountryField, phoneField, requiredText, v } from "~/lib/validation";
import { MAX_RECORD_ID } from "~/lib/record-id";

/** Login sends whatever was typed (no client-side rules, specification section 5). */
export const loginSchema = z.object({
  email: z.string({ error: v.required }).trim().max(254, v.tooLong),
  password: z.string({ error: v.required }).max(200, v.tooLong),
});

/** The original site's sign-up rules (original-site-facts.md). */
export const passwordField = z
  .string({ error: v.required })
  .min(8, "passwordRules")
  .max(200, v.tooLong)
  .refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p), "passwordRules");

const usernameField = z.string({ error: v.required }).trim().min(3, "usernameLength").max(30, "usernameLength");

export const registerSchemaFor = (phoneCountry: string) =>
  z.object({
    username: usernameField,
    email: emailField,
    password: passwordField,
    contactNumber: phoneField(phoneCountry),
    phoneCountry: phoneCountryField,
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

/** Inviting someone to the staff: their e-mail and the role they get (staff screen). */
export const staffInviteSchema = z
  .object({
    email: emailField,
    // The role the invitation grants; an older client that sends none invites an admin, as before.
    role: z.enum(["admin", "editor", "instructor"], { error: v.choice }).default("admin"),
    // An instructor teaches as a teacher profile (decision 073); other roles take none.
    teacherId: z.number({ error: v.choice }).int(v.choice).min(1, v.choice).max(MAX_RECORD_ID, v.choice).nullable().optional(),
    // The invitee's language (issue 42): the invitation is written in it, or in both when not known.
    language: z.enum(["both", "en", "ar"], { error: v.choice }).default("both"),
  })
  .refine((value) => value.role !== "instructor" || typeof value.teacherId === "number", { message: v.choice, path: ["teacherId"] });

/** The invitation form in the browser: the teacher profile as its select gives it (the server checks it as a number). */
export const staffInviteFormSchema = z.object({
  email: emailField,
  role: z.enum(["admin", "editor", "instructor"], { error: v.choice }),
  teacherId: z.string().optional(),
  language: z.enum(["both", "en", "ar"], { error: v.choice }).optional(),
});

/** Accepting a staff invitation: the link's token, the new account's name and password (the e-mail is the invited one). */
export const acceptInviteSchema = registerSchema.pick({ username: true, password: true }).extend({ token: tokenField });

/** My account, profile (issue 17): the name and phone, with the sign-up rules. */
export const profileSchemaFor = (phoneCountry: string) =>
  z.object({
    username: usernameField,
    contactNumber: phoneField(phoneCountry),
    phoneCountry: phoneCountryField,
  });

/** My account, password: the current one proves it is the holder, not a borrowed session. */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: v.required }).min(1, v.required).max(200, v.tooLong),
  password: passwordField,
});

/** My account, deletion: the account's e-mail typed again (decision 026: works for Google-only accounts too). */
export const deleteAccountSchema = z.object({
  email: z.string({ error: v.required }).trim().min(1, v.required).max(254, v.tooLong),
});

/**
 * My account, a saved child (decision 033): a name and an age with the booking form's rules
 * (booking.schema.ts), so a saved child always fills in a booking the server accepts.
 */
export const childSchema = z.object({
  name: requiredText(100),
  age: z.number({ error: v.required }).int("childAge").min(CHILD_MIN_AGE, "childAge").max(CHILD_MAX_AGE, "childAge"),
});

/** The ages a saved child may have (the booking form's). */
export const CHILD_AGE_LIMITS = { min: CHILD_MIN_AGE, max: CHILD_MAX_AGE } as const;

/** How many children one account may save. */

/** Forms that are only a button (ask for a password link, remove a child): nothing to check. */
export const buttonOnlySchema = z.object({});
