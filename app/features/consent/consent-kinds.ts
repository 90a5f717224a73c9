/** The kinds of consent form (the table's CHECK). */
export const CONSENT_KINDS = ["media", "medical", "liability", "pickup"] as const;
