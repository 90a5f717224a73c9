import { describe, expect, it } from "vitest";
import * as browser from "./phone-rule.browser";
import * as server from "./phone-rule";

/**
 * The browser's phone check (decision 070) is the server's rule minus libphonenumber's metadata:
 * it must never refuse a number the server takes (the server's answer is the one that counts),
 * and it still refuses what no phone number looks like.
 */
describe("the browser's stand-in for the phone rule", () => {
  const valid = ["9876543210", "+91 98765 43210", "+971 50 123 4567", "+44 20 7946 0958", "(987) 654-3210", "+1 415 555 2671"];
  it("takes every number the server takes", () => {
    for (const value of valid) {
      expect(server.toE164(value, "IN"), value).toBeDefined();
      expect(browser.toE164(value, "IN"), value).toBeDefined();
    }
  });
  it("refuses what is no number at all, as the server does", () => {
    for (const value of ["abc", "98765x43210", "12", "+1234567890123456789", "<script>"]) {
      expect(browser.toE164(value, "IN"), value).toBeUndefined();
      expect(server.toE164(value, "IN"), value).toBeUndefined();
    }
  });
  it("leaves country codes and formatting to the server", () => {
    expect(browser.isPhoneCountry("IN")).toBe(true);
    expect(server.isPhoneCountry("ZZ")).toBe(false);
    expect(browser.formatPhone("+919876511111")).toBe("+919876511111");
    expect(server.formatPhone("+919876511111")).toBe("+91 98765 11111");
  });
});
