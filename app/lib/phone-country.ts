/**
 * The country whose numbers may be typed without +code when the site setting says nothing else.
 * Its own module: pages read it without loading zod and libphonenumber (validation.ts).
 */
export const DEFAULT_PHONE_COUNTRY = "IN";
