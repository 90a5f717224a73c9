/**
 * A telephone number as shown to a reader: it never breaks across lines, so its spaces become
 * no-break spaces and its hyphens non-breaking hyphens (html-validate `tel-non-breaking`, issue 28).
 * Every tel: link shows its number through this (app/ui/PhoneLink.tsx).
 */
export function displayPhone(phone: string): string {
  return phone.trim().replace(/\s+/g, "\u00a0").replace(/-/g, "\u2011");
}

/** A `tel:` address: the number's digits and its leading "+", nothing else. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** A short label beside a number ("Call us"), kept on the number's line. */
export function noBreak(text: string): string {
  return text.trim().replace(/\s+/g, "\u00a0");
}
