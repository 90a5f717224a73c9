import { describe, expect, it } from "vitest";
import { navbarName } from "./initials";

describe("navbarName", () => {
  it("joins the first letter of each word of the username", () => {
    expect(navbarName({ username: "Asha Kumari Rao", email: "a@b.co" })).toBe("AKR");
    expect(navbarName({ username: "  Omar   Ali ", email: "a@b.co" })).toBe("OA");
    expect(navbarName({ username: "سارة أحمد" })).toBe("سأ");
  });
  it("falls back to the e-mail, then to nothing", () => {
    expect(navbarName({ username: "", email: "parent@example.com" })).toBe("parent@example.com");
    expect(navbarName({ username: null, email: null })).toBe("");
    expect(navbarName(null)).toBe("");
  });
});
