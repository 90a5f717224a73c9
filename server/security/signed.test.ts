import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { mac, sameMac, signToken, verifyToken } from "./signed";

const SECRET = "a-test-secret-of-at-least-thirty-two-characters";
const NOW = Date.parse("2026-11-27T10:00:00Z");

describe("the one signer (decision 053)", () => {
  it("is HMAC-SHA256 of the purpose and the parts, one per line, base64url", () => {
    const expected = createHmac("sha256", SECRET).update("booking-link\n12\nREF").digest("base64url");
    expect(mac(SECRET, "booking-link", 12, "REF")).toBe(expected);
    expect(expected).toHaveLength(43);
  });

  it("opens its own token until the expiry, then calls it expired", () => {
    const token = signToken(SECRET, "test", [7, "abc"], NOW + 60_000);
    expect(verifyToken(SECRET, "test", token, 2, NOW)).toEqual({ ok: true, fields: ["7", "abc"] });
    expect(verifyToken(SECRET, "test", token, 2, NOW + 60_000)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses another purpose, another secret, a changed field, expiry or MAC, the wrong field count and garbage", () => {
    const token = signToken(SECRET, "test", [7], NOW + 60_000);
    const [field, expires, signature] = token.split(".") as [string, string, string];
    for (const [purpose, secret, bad, count] of [
      ["other", SECRET, token, 1],
      ["test", "another-secret-of-at-least-thirty-two-chars", token, 1],
      ["test", SECRET, `8.${expires}.${signature}`, 1],
      ["test", SECRET, `${field}.${Number(expires) + 1}.${signature}`, 1],
      ["test", SECRET, `${field}.${expires}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`, 1],
      ["test", SECRET, token, 2],
      ["test", SECRET, `${field}.${expires}.${signature}\u0000`, 1],
      ["test", SECRET, "", 1],
      ["test", SECRET, "x".repeat(5000), 1],
    ] as const) {
      expect(verifyToken(secret, purpose, bad, count, NOW), `${purpose} ${bad.slice(0, 30)} ${count}`).toEqual({ ok: false, reason: "invalid" });
    }
    // A forged token claiming a past expiry is invalid, not expired.
    expect(verifyToken(SECRET, "test", `${field}.1.${signature}`, 1, NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it("will not sign a field that could be read back as two", () => {
    expect(() => signToken(SECRET, "test", ["a.b"], NOW)).toThrow();
    expect(() => signToken(SECRET, "test", [""], NOW)).toThrow();
  });

  it("compares MACs of any length without throwing", () => {
    expect(sameMac("abc", "abc")).toBe(true);
    expect(sameMac("abc", "abd")).toBe(false);
    expect(sameMac("abc", "abcd")).toBe(false);
  });
});
