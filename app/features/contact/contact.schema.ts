import { z } from "zod";
import { emailField, honeypotField, requiredText } from "~/lib/validation";

export { CONTACT_FORM } from "~/features/contact/contact-form-id";

/** The footer contact form (specification sections 3 and 5). */
export const contactMessageSchema = z.object({
  email: emailField,
  description: requiredText(5000),
  website: honeypotField,
});
