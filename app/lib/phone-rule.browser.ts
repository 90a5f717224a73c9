/**
 * The browser's stand-in for phone-rule.ts (vite.config.ts resolves it for the client build only,
 * decision 070): libphonenumber's metadata stays on the server. A form checks here only what any
 * number has (its characters, 4 to 17 digits); the server then checks the number against the site's
 * rule and answers 400 with the field's message, which the form shows beside the field.
 */

export const isPhoneCountry = (value: string): boolean => /^[A-Z]{2}$/.test(value);

/** The typed value when it could be a phone number (the server decides), else undefined. */
export function toE164(value: string, _defaultCountry: string): string | undefined {
  if (!/^[+\d\s().-]+$/.test(value)) return undefined;
  const digits = value.replace(/\D/g, "").length;
  return digits >= 4 && digits <= 17 ? value : undefined;
}

/** Shown as stored: pages format numbers on the server (loaders), never in the browser. */
export function formatPhone(stored: string): string {
  return stored;
}
