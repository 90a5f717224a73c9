import { z } from "zod";
import { a as honeypotField, e as emailField, r as requiredText } from "./validation-H57Wztdq.js";
import "libphonenumber-js";
const CONTACT_FORM = "contact-form";
const contactMessageSchema = z.object({
  email: emailField,
  description: requiredText(5e3),
  website: honeypotField
});
export {
  CONTACT_FORM,
  contactMessageSchema
};
