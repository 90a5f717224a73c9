/**
 * A value of about `length` characters that made the old http(s) link pattern
 * (/^https?:\/\/[^\s/]+\.[^\s]+$/) backtrack quadratically: many dots, then a space inside the
 * value (trimming keeps it) so the pattern fails only after trying every dot (issue 25).
 */
export const urlBait = (length: number): string => `http://${"a.".repeat(Math.max(1, Math.floor((length - 9) / 2)))} x`;
