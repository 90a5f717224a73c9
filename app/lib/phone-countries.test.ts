import { getCountryCallingCode, type CountryCode } from "libphonenumber-js";
import { describe, expect, it } from "vitest";
import { PHONE_COUNTRIES, phoneCountryDefault } from "./phone-countries";
import { chosenPhoneCountry, phoneField } from "./validation";

describe("the country codes a phone field offers (decision 112)", () => {
  it("writes each dial code as libphonenumber's metadata has it", () => {
    for (const country of PHONE_COUNTRIES) expect(getCountryCallingCode(country.code as CountryCode), country.code).toBe(country.dial);
  });

  it("starts on the academy's country; when it is not offered, on the UAE in Arabic and India in English", () => {
    expect(phoneCountryDefault("IN", "en")).toBe("IN");
    expect(phoneCountryDefault("IN", "ar")).toBe("IN");
    expect(phoneCountryDefault("SA", "ar")).toBe("SA");
    expect(phoneCountryDefault("DE", "ar")).toBe("AE");
    expect(phoneCountryDefault("DE", "en")).toBe("IN");
  });

  it("reads a local number against the chosen code, and says what a number without its code lacks", () => {
    const rule = (body: { phoneCountry?: string; phone: string }) => phoneField(chosenPhoneCountry(body, "IN")).safeParse(body.phone);
    expect(rule({ phoneCountry: "AE", phone: "0501234567" })).toEqual({ success: true, data: "+971501234567" });
    expect(rule({ phoneCountry: " ae ", phone: "050 123 4567" })).toEqual({ success: true, data: "+971501234567" });
    expect(rule({ phoneCountry: "KW", phone: "+971 50 123 4567" })).toEqual({ success: true, data: "+971501234567" });
    expect(rule({ phone: "0501234567" }).error?.issues[0]?.message).toBe("phoneCode");
    expect(rule({ phoneCountry: "ZZ", phone: "0501234567" }).error?.issues[0]?.message).toBe("phoneCode");
    expect(rule({ phoneCountry: "AE", phone: "+971 12" }).error?.issues[0]?.message).toBe("phone");
    expect(rule({ phoneCountry: "AE", phone: "12345" }).error?.issues[0]?.message).toBe("phone");
  });
});
