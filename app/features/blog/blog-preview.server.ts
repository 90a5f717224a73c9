import { signToken, verifyToken } from "~server/security/signed";

/**
 * Shareable preview links for posts not on the site yet (drafts and scheduled posts): the token
 * is `{post id}.{expiry, Unix seconds}.{HMAC-SHA256 of both}` signed with the app's secret, so
 * nothing is stored and anyone holding the link sees the post until it expires (decision 036;
 * signed by server/security/signed.ts, decision 053, in the same format as before).
 */
export const PREVIEW_LINK_DAYS = 7;

const PURPOSE = "blog-preview";

/** A token for this post, valid until `expiresAt`. */
export function previewToken(secret: string, postId: number, expiresAt: Date): string {
  return signToken(secret, PURPOSE, [postId], expiresAt);
}

export type PreviewCheck = { ok: true; postId: number } | { ok: false; reason: "invalid" | "expired" };

/** Whether a token was signed by us (compared in constant time) and is still valid at `now`. */
export function checkPreviewToken(secret: string, token: string, now = Date.now()): PreviewCheck {
  const check = verifyToken(secret, PURPOSE, token, 1, now);
  if (!check.ok) return check;
  const id = check.fields[0]!;
  return /^[1-9]\d{0,9}$/.test(id) ? { ok: true, postId: Number(id) } : { ok: false, reason: "invalid" };
}

/** The path (without language prefix) of a post's preview page. */
export const previewPath = (token: string) => `/blog-preview?token=${encodeURIComponent(token)}`;
