import { describe, expect, it } from "vitest";
import { sectionWaitlistLink } from "./links.server";

/**
 * The waitlist place's link left booking's link-tokens for its owner (decision 153): the token is
 * the one the code before made (pinned in app/kernel/row-link.server.test.ts), so links already
 * e-mailed still open.
 */
describe("section waitlist link", () => {
  it("is the token links already sent carry", () => {
    const secret = "a-test-secret-of-some-length-0123456789";
    expect(sectionWaitlistLink.token(secret, { id: 12, created_at: "2026-11-30T01:02:03.000Z" })).toBe("12_Muk4aA88VJDbR3n0-K_FZEpgm8gESVyA8otv-nyiI9c");
  });
});
