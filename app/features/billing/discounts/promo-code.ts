/**
 * A promo code as stored and compared: trimmed, inner spaces removed, upper case (so " spring 10 "
 * and "SPRING10" are one code). Letters, digits and hyphens only, 3 to 32 of them.
 */
export const normalisePromoCode = (text: string): string => text.normalize("NFKC").replace(/\s+/g, "").toUpperCase();

export const PROMO_CODE_PATTERN = /^[A-Z0-9-]{3,32}$/;
