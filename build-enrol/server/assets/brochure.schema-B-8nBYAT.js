import { z } from "zod";
import { a as honeypotField, e as emailField, p as phoneField, r as requiredText, D as DEFAULT_PHONE_COUNTRY } from "./validation-H57Wztdq.js";
import "libphonenumber-js";
const brochureRequestSchemaFor = (phoneCountry) => z.object({
  studentName: requiredText(100),
  studentEmail: emailField,
  grade: requiredText(40),
  school: requiredText(150),
  parentContact: phoneField(phoneCountry),
  website: honeypotField
});
const brochureRequestSchema = brochureRequestSchemaFor(DEFAULT_PHONE_COUNTRY);
export {
  brochureRequestSchema,
  brochureRequestSchemaFor
};
