/**
 * Whether a token from a link a parent was sent (a signed row link, decision 146, or an older
 * hashed one) has a link token's shape: base64url, 16 to 100 characters. Pages check it before any
 * lookup, so a NUL byte (which PostgreSQL refuses) or a megabyte never reaches a query; a wrong
 * token of the right shape is then simply not found.
 */
export const isLinkToken = (token: string): boolean => /^[\w-]{16,100}$/.test(token);
