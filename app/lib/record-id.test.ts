import { describe, expect, it } from "vitest";
import { idParams, parseRecordId } from "./record-id";

describe("the one id rule of routes and pages", () => {
  it("takes a positive 32-bit integer written in digits", () => {
    expect(parseRecordId("1")).toBe(1);
    expect(parseRecordId("2147483647")).toBe(2_147_483_647);
    expect(idParams.parse({ id: "42" })).toEqual({ id: 42 });
  });

  it("refuses zero, overflow, signs, spaces, decimals, exponents, long strings and non-strings", () => {
    for (const value of ["0", "2147483648", "9999999999", "-1", "+1", " 1", "1.0", "1e3", "01234567890", "", "abc", 1, null, undefined]) {
      expect(parseRecordId(value), String(value)).toBeNull();
    }
  });
});
