import { z } from "zod";
import { v, a as honeypotField, e as emailField, o as optionalText, r as requiredText, p as phoneField, D as DEFAULT_PHONE_COUNTRY } from "./validation-H57Wztdq.js";
import "libphonenumber-js";
function earliestToday(now = /* @__PURE__ */ new Date()) {
  return new Date(now.getTime() - 12 * 60 * 60 * 1e3).toISOString().slice(0, 10);
}
function isRealDate(text) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = /* @__PURE__ */ new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
const hasControl = (text) => Array.from(text).some((ch) => {
  const code = ch.charCodeAt(0);
  return code < 32 && code !== 9 && code !== 10 && code !== 13 || code === 127;
});
const clean = (schema) => schema.refine((text) => !hasControl(text), v.invalid);
const preferredDate = z.string({ error: v.required }).trim().min(1, v.required).refine(isRealDate, v.date).refine((text) => !isRealDate(text) || text >= earliestToday(), v.pastDate);
const preferredTime = z.string({ error: v.required }).trim().min(1, v.required).regex(/^([01]\d|2[0-3]):[0-5]\d$/, v.time);
const schoolEnquirySchemaFor = (phoneCountry) => z.object({
  name: clean(requiredText(120)),
  email: emailField,
  contactNumber: phoneField(phoneCountry),
  designation: clean(requiredText(120)),
  city: clean(requiredText(120)),
  schoolName: clean(requiredText(200)),
  preferredDate,
  preferredTime,
  requirements: clean(optionalText(3e3)),
  website: honeypotField
});
const schoolEnquirySchema = schoolEnquirySchemaFor(DEFAULT_PHONE_COUNTRY);
export {
  earliestToday,
  schoolEnquirySchema,
  schoolEnquirySchemaFor
};
