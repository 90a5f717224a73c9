import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loggableUrl } from "~server/logger";
import { checkPreviewToken, previewPath, previewToken } from "./blog-preview.server";

const SECRET = "a-test-secret-of-at-least-thirty-two-characters";
const NOW = Date.parse("2026-11-25T10:00:00Z");
const inDays = (days: number) => new Date(NOW + days * 86_400_000);

describe("signed blog preview links (decision 036)", () => {
  it("accepts its own token until the expiry and names the post", () => {
    const token = previewToken(SECRET, 42, inDays(7));
    expect(checkPreviewToken(SECRET, token, NOW)).toEqual({ ok: true, postId: 42 });
    expect(checkPreviewToken(SECRET, token, inDays(7).getTime() - 1000)).toEqual({ ok: true, postId: 42 });
  });

  it("still opens a link made before the shared signer (decision 053): same format, same MAC", () => {
    const expires = Math.floor(inDays(3).getTime() / 1000);
    const before = `42.${expires}.${createHmac("sha256", SECRET).update(`blog-preview\n42\n${expires}`).digest("base64url")}`;
    expect(previewToken(SECRET, 42, inDays(3))).toBe(before);
    expect(checkPreviewToken(SECRET, before, NOW)).toEqual({ ok: true, postId: 42 });
  });

  it("refuses it as expired from the expiry on", () => {
    const token = previewToken(SECRET, 42, inDays(7));
    expect(checkPreviewToken(SECRET, token, inDays(7).getTime())).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses another secret, a changed post id or expiry, a changed signature and garbage as invalid", () => {
    const token = previewToken(SECRET, 42, inDays(7));
    const [id, expires, signature] = token.split(".") as [string, string, string];
    const flipped = signature.slice(0, -1) + (signature.endsWith("A") ? "B" : "A");
    for (const bad of [
      previewToken("another-secret-of-at-least-thirty-two-chars", 42, inDays(7)),
      `43.${expires}.${signature}`,
      `${id}.${Number(expires) + 86_400 * 365}.${signature}`,
      `${id}.${expires}.${flipped}`,
      `${id}.${expires}.${signature}x`,
      `${id}.${expires}`,
      "",
      "../../etc/passwd",
      `${id}.${expires}.${signature}\u0000`,
      "1".repeat(5000),
    ]) {
      expect(checkPreviewToken(SECRET, bad, NOW), bad.slice(0, 40)).toEqual({ ok: false, reason: "invalid" });
    }
    // A forged token claiming an expiry long past is still "invalid", not "expired".
    expect(checkPreviewToken(SECRET, `${id}.1.${signature}`, NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it("keeps the token out of request logs (page and its .data request)", () => {
    const token = previewToken(SECRET, 42, inDays(7));
    for (const url of [previewPath(token), `/ar${previewPath(token)}`, `/blog-preview.data?token=${token}&_routes=en%3Ablog-preview`]) {
      const logged = loggableUrl(url);
      expect(logged).not.toContain(token.split(".")[2]);
      expect(logged).toContain("token=[redacted]");
    }
  });
});
