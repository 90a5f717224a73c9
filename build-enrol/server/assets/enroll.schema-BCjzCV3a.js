import { z } from "zod";
import { a as honeypotField, e as emailField, o as optionalText, r as requiredText, p as phoneField, D as DEFAULT_PHONE_COUNTRY } from "./validation-H57Wztdq.js";
import "libphonenumber-js";
const enrollmentSchemaFor = (phoneCountry) => z.object({
  studentName: requiredText(100),
  parentName: requiredText(100),
  email: emailField,
  phoneNumber: phoneField(phoneCountry),
  selectedCamp: requiredText(100),
  selectedSession: requiredText(60),
  message: optionalText(2e3),
  website: honeypotField
});
const enrollmentSchema = enrollmentSchemaFor(DEFAULT_PHONE_COUNTRY);
export {
  enrollmentSchema,
  enrollmentSchemaFor
};
