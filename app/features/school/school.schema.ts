import { z } from "zod";
import { earliestToday } from "~/features/school/earliest-today";
import { DEFAULT_PHONE_COUNTRY, emailField, honeypotField, optionalText, phoneCountryField, phoneField, requiredText, v } from "~/lib/validation";

export { earliestToday };

/** yyyy-mm-dd that names a real day (rejects 2026-02-30). */
function isRealDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

// PostgreSQL text cannot hold NUL, and no one types control characters (but tab and newlines) into a form.
const hasControl = (text: string) =>
  Array.from(text).some((ch) => {
    const code = ch.charCodeAt(0);
    return (code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127;
  });
const clean = <S extends z.ZodType<string>>(schema: S) => schema.refine((text) => !hasControl(text), v.invalid);

const preferredDate = z
  .string({ error: v.required })
  .trim()
  .min(1, v.required)
  .refine(isRealDate, v.date)
  .refine((text) => !isRealDate(text) || text >= earliestToday(), v.pastDate);

const preferredTime = z
  .string({ error: v.required })
  .trim()
  .min(1, v.required)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, v.time);

/** The for-schools enquiry (specification sections 3 and 5): all required but requirements. */
export const schoolEnquirySchemaFor = (phoneCountry: string) =>
  z.object({
    name: clean(requiredText(120)),
    email: emailField,
    contactNumber: phoneField(phoneCountry),
    phoneCountry: phoneCountryField,
    designation: clean(requiredText(120)),
    city: clean(requiredText(120)),
    schoolName: clean(requiredText(200)),
    preferredDate,
    preferredTime,
    requirements: clean(optionalText(3000)),
    website: honeypotField,
  });
export const schoolEnquirySchema = schoolEnquirySchemaFor(DEFAULT_PHONE_COUNTRY);

export type SchoolEnquiryInput = z.input<typeof schoolEnquirySchema>;
export type SchoolEnquiry = z.output<typeof schoolEnquirySchema>;
