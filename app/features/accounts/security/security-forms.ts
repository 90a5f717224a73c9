/** The forms of /account/security (each names itself in a hidden `form` field), posted with or without JavaScript. */
export const SECURITY_FORMS = {
  rename: "passkey-rename-form",
  remove: "passkey-remove-form",
  totpSetup: "totp-setup-form",
  totpEnable: "totp-enable-form",
  totpDisable: "totp-disable-form",
  recovery: "recovery-codes-form",
} as const;

/** Recovery codes come back in the page itself (shown once), never in a URL. */
export type CodesShown = { form: string; recoveryCodes: string[]; message: string };
