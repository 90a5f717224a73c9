import { z } from "zod";
import { PAY_METHODS, type SiteSettings } from "~/features/site/settings.schema";
import { unknownPlaceholders } from "~/features/site/followup-texts";
import { isListedTimeZone } from "./time-zones";
import { CURRENCY_CODES } from "~/lib/money";
import { emailField, httpUrlField, isPhoneCountry, requiredText, toE164, v } from "~/lib/validation";

/**
 * The staff form of the site settings: the same shape as siteSettingsSchema
 * (app/features/site/settings.schema.ts), with the validation message keys forms and the server
 * translate, a real time-zone check and http(s)-only social links.
 */


// A NUL character cannot be stored in PostgreSQL text: refuse it as an invalid value.
const noNul = (value: string) => !value.includes("\u0000");
const text = (max: number) => z.string({ error: v.invalid }).trim().max(max, v.tooLong).refine(noNul, v.invalid);
const required = (max: number) => requiredText(max).refine(noNul, v.invalid);
/** A follow-up e-mail text: required, and only the known {placeholders} in braces. */
const mailText = (max: number) => required(max).refine((value) => unknownPlaceholders(value).length === 0, "placeholder");
const pair = (max: number) => z.object({ en: text(max), ar: text(max) });
const socialLink = httpUrlField(300);

const settingsFields = z.object({
    address: z.object({ en: required(300), ar: text(300) }),
    openingHours: pair(500),
    email: emailField.refine((value) => value.length <= 200, v.tooLong),
    // Kept as typed (it is shown on the site); checked against the default phone country below.
    phone: requiredText(30),
    whatsappNumber: z
      .string({ error: v.required })
      .trim()
      .regex(/^\d{8,15}$/, v.phone),
    whatsappMessage: pair(300),
    social: z.object({ facebook: socialLink, instagram: socialLink, linkedin: socialLink, youtube: socialLink, twitter: socialLink }),
    // One of the picker's zones (time-zones.ts), the list the page's <select> shows.
    timeZone: requiredText(60).refine(isListedTimeZone, "timeZone"),
    phoneCountry: z.string({ error: v.required }).trim().toUpperCase().refine(isPhoneCountry, "country"),
    campStartDate: z.iso.date({ error: v.date }),
    campRecentSignups: z.number({ error: v.invalid }).int(v.invalid).min(0, v.invalid).max(10_000_000, v.tooLong),
    followupMail: z.object({
      subject: z.object({ en: mailText(200), ar: mailText(200) }),
      body: z.object({ en: mailText(4000), ar: mailText(4000) }),
    }),
    // Optional so clients that predate it keep saving; the stored default is 12 hours.
    waitlistHoldHours: z.number({ error: v.invalid }).int(v.invalid).min(1, v.invalid).max(168, v.invalid).optional().default(12),
    // Optional like the hold hours: clients that predate them keep saving (12 hours, 3 classes).
    demoChangeCutoffHours: z.number({ error: v.invalid }).int(v.invalid).min(0, v.invalid).max(168, v.invalid).optional().default(12),
    demoBookingsPerFamily: z.number({ error: v.invalid }).int(v.invalid).min(1, v.invalid).max(20, v.invalid).optional().default(3),
    enrolmentsPerFamily: z.number({ error: v.invalid }).int(v.invalid).min(1, v.invalid).max(50, v.invalid).optional().default(6),
    // Optional like the others: clients that predate it keep saving (48 hours).
    sectionChangeCutoffHours: z.number({ error: v.invalid }).int(v.invalid).min(0, v.invalid).max(720, v.invalid).optional().default(48),
    // Optional like the hold hours: clients that predate it keep saving (30 minutes, decision 085).
    paymentHoldMinutes: z.number({ error: v.invalid }).int(v.invalid).min(30, v.invalid).max(1440, v.invalid).optional().default(30),
    // Make-ups (decision 076), optional like the others: 24 hours' notice, 60 days, 2 guests a class.
    absenceNoticeHours: z.number({ error: v.invalid }).int(v.invalid).min(0, v.invalid).max(168, v.invalid).optional().default(24),
    makeupCreditDays: z.number({ error: v.invalid }).int(v.invalid).min(1, v.invalid).max(365, v.invalid).optional().default(60),
    makeupAllowance: z.number({ error: v.invalid }).int(v.invalid).min(0, v.invalid).max(20, v.invalid).optional().default(2),
    // Tax and invoices (decision 082), optional like the others: no tax, prices inclusive, due in 7 days.
    taxName: text(40).optional().default(""),
    taxNameAr: text(40).optional().default(""),
    taxRateBp: z.number({ error: v.invalid }).int(v.invalid).min(0, v.invalid).max(10000, v.invalid).optional().default(0),
    taxRegistration: text(60).optional().default(""),
    taxInclusive: z.boolean({ error: v.invalid }).optional().default(true),
    // How families pay (issue 42), optional like the others: every desk method, no bank details.
    payMethods: z.array(z.enum(PAY_METHODS, { error: v.choice }), { error: v.invalid }).max(PAY_METHODS.length, v.invalid).refine((methods) => new Set(methods).size === methods.length, v.invalid).optional().default([...PAY_METHODS]),
    bankDetails: pair(500).optional().default({ en: "", ar: "" }),
    // Optional like the others: clients that predate it keep saving (US dollars, decision 101).
    defaultCurrency: z.enum(CURRENCY_CODES, { error: v.choice }).optional().default("USD"),
    invoiceDueDays: z.number({ error: v.invalid }).int(v.invalid).min(0, v.invalid).max(90, v.invalid).optional().default(7),
    // Instalments (decision 091), optional like the others: reminded 3 days before each due date.
    instalmentReminderDays: z.number({ error: v.invalid }).int(v.invalid).min(0, v.invalid).max(30, v.invalid).optional().default(3),
    // Optional like the hold hours: clients that predate it keep saving (off).
    requireStaffSecondFactor: z.boolean({ error: v.invalid }).optional().default(false),
    // Optional like the one above: off, the public certificate page names the child by first name and initial (issue 39).
    certificateFullName: z.boolean({ error: v.invalid }).optional().default(false),
});

const phoneOfCountry = (settings: { phone: string; phoneCountry: string }, ctx: z.RefinementCtx) => {
  if (!toE164(settings.phone, settings.phoneCountry)) ctx.addIssue({ code: "custom", path: ["phone"], message: v.phone });
};

export const settingsFormSchema = settingsFields.superRefine(phoneOfCountry);

/**
 * The staff screen's form (decision 090): the tax rate typed as a percent ("18", "5.5", at most
 * two decimals), which the page sends as basis points (taxRateBp), the API's and the store's unit.
 */
export const settingsPageSchema = settingsFields
  .omit({ taxRateBp: true })
  .extend({
    taxPercent: z
      .number({ error: v.invalid })
      .min(0, v.invalid)
      .max(100, v.invalid)
      // Two decimals at most: 5.5 and 5.25 are basis points, 5.125 is not.
      .refine((percent) => Math.abs(percent * 100 - Math.round(percent * 100)) < 1e-6, v.invalid),
  })
  .superRefine(phoneOfCountry);

/** A percent as typed → basis points (18 → 1800, 5.5 → 550). */
export const percentToBp = (percent: number): number => Math.round(percent * 100);

// The form's output is stored as the site settings: keep the two shapes in step.
const _sameShape: (value: z.output<typeof settingsFormSchema>) => SiteSettings = (value) => value;
void _sameShape;

const pairRequired = (max: number) => z.object({ en: required(max), ar: required(max) });

/** A summer camp as staff edit it: both languages, prices, features, batches, ten sessions. */
export const campFormSchema = z.object({
  title: pairRequired(100),
  grades: pairRequired(100),
  duration: pairRequired(100),
  price: z.number({ error: v.invalid }).int(v.invalid).min(0, v.invalid).max(100_000_000, v.tooLong),
  // Optional so clients that predate it keep saving: the camp keeps its currency (decision 101).
  currency: z.enum(CURRENCY_CODES, { error: v.choice }).optional(),
  oldPrice: z.number({ error: v.invalid }).int(v.invalid).min(0, v.invalid).max(100_000_000, v.tooLong),
  discount: z.number({ error: v.invalid }).int(v.invalid).min(0, v.invalid).max(100, v.invalid),
  features: z.array(pairRequired(200), { error: v.invalid }).max(20, v.tooLong),
  batches: z
    .array(z.object({ value: required(100), en: required(100), ar: required(100) }), { error: v.invalid })
    .min(1, v.required)
    .max(10, v.tooLong)
    .refine((batches) => new Set(batches.map((b) => b.value)).size === batches.length, v.invalid),
  curriculum: z
    .array(z.object({ topic: pairRequired(200), activities: pairRequired(1000), outcome: pairRequired(500) }), { error: v.invalid })
    .length(10, v.invalid),
});

export type CampForm = z.output<typeof campFormSchema>;
