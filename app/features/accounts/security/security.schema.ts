import { z } from "zod";
import { requiredText, v } from "~/lib/validation";

/** base64url text of at most `max` characters (WebAuthn's binary fields as JSON carries them). */
const b64url = (max: number) =>
  z
    .string({ error: v.invalid })
    .max(max, v.tooLong)
    .regex(/^[\w-]*$/, v.invalid);
const extensions = z.record(z.string(), z.unknown()).optional().default({});
const transports = z
  .array(z.enum(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"], { error: v.invalid }))
  .max(8, v.invalid)
  .optional();

/** The fields every credential @simplewebauthn/browser sends carries. */
const credential = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal("public-key", { error: v.invalid }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: extensions,
};

/** What @simplewebauthn/browser sends after creating a passkey (RegistrationResponseJSON), bounded. */
export const registrationResponseSchema = z.object({
  ...credential,
  response: z.object({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(20_000),
    authenticatorData: b64url(4000).optional(),
    publicKey: b64url(2000).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    transports,
  }),
});

/** What @simplewebauthn/browser sends after a passkey sign-in (AuthenticationResponseJSON), bounded. */
export const authenticationResponseSchema = z.object({
  ...credential,
  response: z.object({
    clientDataJSON: b64url(4000),
    authenticatorData: b64url(4000),
    signature: b64url(1000),
    userHandle: b64url(200).optional(),
  }),
});

/** A passkey's name as its owner knows it ("Laptop", "Phone"). */
export const passkeyNameField = requiredText(60);

export const passkeyOptionsSchema = z.object({ secondStep: z.boolean({ error: v.invalid }).optional() });
export const passkeySignInSchema = z.object({ response: authenticationResponseSchema });
export const addPasskeySchema = z.object({ response: registrationResponseSchema, name: passkeyNameField.optional() });
export const renamePasskeySchema = z.object({ name: passkeyNameField });

/** A 6-digit code of the authenticator app, or a recovery code (10 letters and digits, a dash allowed). */
export const secondFactorCodeSchema = z.object({
  code: z
    .string({ error: v.required })
    .trim()
    .min(1, v.required)
    .max(40, v.tooLong)
    .regex(/^[\w\s-]+$/, "secondFactorCode"),
});

/** The app's current code (set-up's first code, turning it off, new recovery codes). */
export const totpCodeSchema = z.object({
  code: z
    .string({ error: v.required })
    .trim()
    .min(1, v.required)
    .max(20, v.tooLong)
    .regex(/^\d{3}\s?\d{3}$/, "totpCode"),
});
