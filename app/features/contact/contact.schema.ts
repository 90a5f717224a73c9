import { z } from "zod";
import { emailField, honeypotField, requiredText } from "~/lib/validation";

/** Names the footer form in a page's form state and its HTML id (the no-JavaScript post comes back to it). */
export const CONTACT_FORM = "contact-form";

/** The footer contact form (specification sections 3 and 5). */
export const contactMessageSchema = z.object({
  email: emailField,
  description: requiredText(5000),
  website: honeypotField,
});

