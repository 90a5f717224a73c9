import { z } from "zod";
import { emailField, honeypotField, requiredText } from "~/lib/validation";

/** The footer contact form (specification sections 3 and 5). */
export const contactMessageSchema = z.object({
  email: emailField,
  description: requiredText(5000),
  website: honeypotField,
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
