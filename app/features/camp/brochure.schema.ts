import { z } from "zod";
import { DEFAULT_PHONE_COUNTRY, emailField, honeypotField, phoneCountryField, phoneField, requiredText } from "~/lib/validation";

/** The brochure request (specification sections 3 and 5): all five fields, a valid e-mail. */
export const brochureRequestSchemaFor = (phoneCountry: string) =>
  z.object({
    studentName: requiredText(100),
    studentEmail: emailField,
    grade: requiredText(40),
    school: requiredText(150),
    parentContact: phoneField(phoneCountry),
    phoneCountry: phoneCountryField,
    website: honeypotField,
  });
export const brochureRequestSchema = brochureRequestSchemaFor(DEFAULT_PHONE_COUNTRY);

export type BrochureRequest = z.output<typeof brochureRequestSchema>;
