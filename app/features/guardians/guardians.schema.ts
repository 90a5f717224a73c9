import { z } from "zod";
import { emailField, v } from "~/lib/validation";
import { GUARDIAN_ROLES } from "~/features/family/family-parts";

/** POST /api/account/guardians: the address to invite, the role, and the language(s) the invitation is written in. */
export const inviteGuardianSchema = z.object({
  email: emailField,
  role: z.enum(GUARDIAN_ROLES, { error: v.choice }),
  language: z.enum(["both", "en", "ar"], { error: v.choice }).default("both"),
});

/** A guardian's or invitation's public reference (family_guardians.ref). */
export const guardianRefSchema = z.object({ ref: z.string({ error: v.invalid }).regex(/^[\w-]{10,40}$/, v.invalid) });

/** The invitation link's token (43 URL-safe characters; any other shape names none). */
export const acceptGuardianSchema = z.object({ token: z.string({ error: v.invalid }).regex(/^[\w-]{20,100}$/, v.invalid) });
