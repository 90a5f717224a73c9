import { parsePhoneNumberFromString, isSupportedCountry } from "libphonenumber-js";
import { z } from "zod";
const DEFAULT_PHONE_COUNTRY = "IN";
z.config({ jitless: true });
const v = {
  required: "required",
  email: "email",
  phone: "phone",
  tooLong: "tooLong",
  invalid: "invalid",
  choice: "choice",
  date: "date",
  time: "time",
  pastDate: "pastDate"
};
const requiredText = (max) => z.string({ error: v.required }).trim().min(1, v.required).max(max, v.tooLong);
const optionalText = (max) => z.string({ error: v.invalid }).trim().max(max, v.tooLong).optional().default("");
const emailField = z.string({ error: v.required }).trim().min(1, v.required).max(254, v.tooLong).pipe(z.email({ error: v.email }));
const isPhoneCountry = (value) => /^[A-Z]{2}$/.test(value) && isSupportedCountry(value);
function toE164(value, defaultCountry) {
  if (!/^[+\d\s().-]+$/.test(value)) return void 0;
  const number = parsePhoneNumberFromString(value, isPhoneCountry(defaultCountry) ? defaultCountry : void 0);
  return number?.isValid() ? number.number : void 0;
}
function formatPhone(stored) {
  return parsePhoneNumberFromString(stored)?.formatInternational() ?? stored;
}
const phoneField = (defaultCountry = DEFAULT_PHONE_COUNTRY) => z.string({ error: v.required }).trim().min(1, v.required).max(30, v.tooLong).transform((value, ctx) => {
  const e164 = toE164(value, defaultCountry);
  if (e164 === void 0) ctx.addIssue({ code: "custom", message: v.phone, input: value });
  return e164 ?? value;
});
function isHttpUrl(value) {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}
const httpUrlField = (max) => z.string({ error: v.invalid }).trim().max(max, { message: v.tooLong, abort: true }).refine((value) => value === "" || isHttpUrl(value), "url");
const honeypotField = z.string().max(0, v.invalid).optional();
function fieldErrors(error) {
  const out = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "_");
    out[field] ??= issue.message;
  }
  return out;
}
export {
  DEFAULT_PHONE_COUNTRY as D,
  honeypotField as a,
  formatPhone as b,
  emailField as e,
  fieldErrors as f,
  httpUrlField as h,
  isPhoneCountry as i,
  optionalText as o,
  phoneField as p,
  requiredText as r,
  toE164 as t,
  v
};
