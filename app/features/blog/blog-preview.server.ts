import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Shareable preview links for posts not on the site yet (drafts and scheduled posts): the token
 * is `{post id}.{expiry, Unix seconds}.{HMAC-SHA256 of both}` signed with the app's secret, so
 * nothing is stored and anyone holding the link sees the post until it expires (decision 036).
 */
export const PREVIEW_LINK_DAYS = 7;

const sign = (secret: string, postId: number, expires: number) =>
  createHmac("sha256", secret).update(`blog-preview\n${postId}\n${expires}`).digest("base64url");

/** A token for this post, valid until `expiresAt`. */
export function previewToken(secret: string, postId: number, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${postId}.${expires}.${sign(secret, postId, expires)}`;
}

export type PreviewCheck = { ok: true; postId: number } | { ok: false; reason: "invalid" | "expired" };

/** Whether a token was signed by us (compared in constant time) and is still valid at `now`. */
export function checkPreviewToken(secret: string, token: string, now = Date.now()): PreviewCheck {
  const match = /^(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: "invalid" };
  const postId = Number(match[1]);
  const expires = Number(match[2]);
  const given = Buffer.from(match[3]!);
  const expected = Buffer.from(sign(secret, postId, expires));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  // Checked after the signature: a forged token is "invalid" whatever expiry it claims.
  if (expires * 1000 <= now) return { ok: false, reason: "expired" };
  return { ok: true, postId };
}

/** The path (without language prefix) of a post's preview page. */
export const previewPath = (token: string) => `/blog-preview?token=${encodeURIComponent(token)}`;
