import { z } from "zod";
import { DEFAULT_PHONE_COUNTRY, emailField, honeypotField, optionalText, phoneCountryField, phoneField, requiredText } from "~/lib/validation";

/**
 * A summer camp enrolment (specification sections 3 and 5). The server also checks that the
 * camp exists and that the session is one of its batches (enrol.server.ts).
 */
export const campEnrolmentSchemaFor = (phoneCountry: string) =>
  z.object({
    studentName: requiredText(100),
    parentName: requiredText(100),
    email: emailField,
    phoneNumber: phoneField(phoneCountry),
    phoneCountry: phoneCountryField,
    selectedCamp: requiredText(100),
    selectedSession: requiredText(60),
    message: optionalText(2000),
    /** A promo code (issue 31 part 5), used in the enrolment's transaction. */
    promoCode: optionalText(64),
    website: honeypotField,
  });
export const campEnrolmentSchema = campEnrolmentSchemaFor(DEFAULT_PHONE_COUNTRY);

export type CampEnrolmentRequest = z.output<typeof campEnrolmentSchema>;
