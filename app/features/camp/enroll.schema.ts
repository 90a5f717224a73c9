import { z } from "zod";
import { DEFAULT_PHONE_COUNTRY, emailField, honeypotField, optionalText, phoneCountryField, phoneField, requiredText } from "~/lib/validation";

/**
 * A summer camp enrollment (specification sections 3 and 5). The server also checks that the
 * camp exists and that the session is one of its batches (enroll.server.ts).
 */
export const enrollmentSchemaFor = (phoneCountry: string) =>
  z.object({
    studentName: requiredText(100),
    parentName: requiredText(100),
    email: emailField,
    phoneNumber: phoneField(phoneCountry),
    phoneCountry: phoneCountryField,
    selectedCamp: requiredText(100),
    selectedSession: requiredText(60),
    message: optionalText(2000),
    /** A promo code (issue 31 part 5), used in the enrollment's transaction. */
    promoCode: optionalText(64),
    website: honeypotField,
  });
export const enrollmentSchema = enrollmentSchemaFor(DEFAULT_PHONE_COUNTRY);

export type Enrollment = z.output<typeof enrollmentSchema>;
