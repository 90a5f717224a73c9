/** The issue page's forms name themselves, so a refusal shows beside the right form (page and action share these). */
export const ISSUE_FORM = "issue";
export const revokeForm = (id: string) => `revoke-${id}`;
