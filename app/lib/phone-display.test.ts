import { describe, expect, it } from "vitest";
import { displayPhone, noBreak, telHref } from "./phone-display";

describe("displayPhone", () => {
  it("joins the groups of a number with no-break spaces and non-breaking hyphens", () => {
    expect(displayPhone("+91 98765 43210")).toBe("+91\u00a098765\u00a043210");
    expect(displayPhone(" +1 (555) 010-2030 ")).toBe("+1\u00a0(555)\u00a0010\u20112030");
  });

  it("leaves no ordinary space or hyphen a line could break at", () => {
    expect(displayPhone("+971  50 123-4567")).not.toMatch(/[ -]/);
  });
});

describe("telHref", () => {
  it("keeps the digits and the leading plus", () => {
    expect(telHref("+91 98765 43210")).toBe("tel:+919876543210");
    expect(telHref("+1 (555) 010-2030")).toBe("tel:+15550102030");
  });
});

describe("noBreak", () => {
  it("keeps a label on one line", () => {
    expect(noBreak("اتصل بنا")).toBe("اتصل\u00a0بنا");
  });
});
