import { z } from "zod";
import { PAY_METHODS, type SiteSettings } from "~/features/site/settings.schema";
import { unknownPlaceholders } from "~/features/site/followup-texts";
import { isListedTimeZone } from "./time-zones";
import { SETTINGS_GROUPS, type SettingsGroup } from "./settings-groups";
import { CURRENCY_CODES } from "~/lib/money";
import { emailField, httpUrlField, isPhoneCountry, requiredText, toE164, v } from "~/lib/validation";

/**
 * The staff rules of the site settings: the same shape as siteSettingsSchema
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

const int = (min: number, max: number) => z.number({ error: v.invalid }).int(v.invalid).min(min, v.invalid).max(max, v.invalid);

/**
 * Every setting's rule, without defaults: a setting left out of a save keeps its stored value
 * (decision 116), and the stored defaults live in siteSettingsSchema.
 */
export const settingsFields = z.object({
  address: z.object({ en: required(300), ar: text(300) }),
  openingHours: pair(500),
  email: emailField.refine((value) => value.length <= 200, v.tooLong),
  // Kept as typed (it is shown on the site); checked against the phone country on save (phoneOfCountry).
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
  waitlistHoldHours: int(1, 168),
  demoChangeCutoffHours: int(0, 168),
  demoBookingsPerFamily: int(1, 20),
  enrolmentsPerFamily: int(1, 50),
  sectionChangeCutoffHours: int(0, 720),
  // At least Stripe Checkout's 30 minutes (decision 085).
  paymentHoldMinutes: int(30, 1440),
  // Make-ups (decision 076).
  absenceNoticeHours: int(0, 168),
  makeupCreditDays: int(1, 365),
  makeupAllowance: int(0, 20),
  latePickupMinutes: int(1, 240),
  // Tax and invoices (decision 082).
  taxName: text(40),
  taxNameAr: text(40),
  taxRateBp: int(0, 10000),
  taxRegistration: text(60),
  taxInclusive: z.boolean({ error: v.invalid }),
  // How families pay (issue 42).
  payMethods: z
    .array(z.enum(PAY_METHODS, { error: v.choice }), { error: v.invalid })
    .max(PAY_METHODS.length, v.invalid)
    .refine((methods) => new Set(methods).size === methods.length, v.invalid),
  bankDetails: pair(500),
  defaultCurrency: z.enum(CURRENCY_CODES, { error: v.choice }),
  invoiceDueDays: int(0, 90),
  // Instalments (decision 091).
  instalmentReminderDays: int(0, 30),
  // Messages to families (decision 127).
  messagingQuietStart: int(0, 23),
  messagingQuietEnd: int(0, 23),
  messagingDailyCap: int(1, 50),
  messagingFallbackMinutes: int(5, 1440),
  // Broadcast estimates (decision 134): per 1,000 messages, minor units.
  messagingPriceCurrency: z.enum(CURRENCY_CODES, { error: v.choice }),
  messagingPriceWhatsappNews: int(0, 100_000_000),
  messagingPriceWhatsappService: int(0, 100_000_000),
  messagingPriceSms: int(0, 100_000_000),
  requireStaffSecondFactor: z.boolean({ error: v.invalid }),
  certificateFullName: z.boolean({ error: v.invalid }),
  familyPortfolioUploads: z.boolean({ error: v.invalid }),
});

export type SettingKey = keyof typeof settingsFields.shape;

/**
 * The body of PUT /api/admin/settings: any of the settings, each by its own rule; what is left out
 * keeps its stored value (decision 116), so each settings page saves only its own fields. The
 * academy phone is checked against the phone country after merging with the stored values.
 */
export const settingsUpdateSchema = settingsFields.partial();

export type SettingsUpdate = z.output<typeof settingsUpdateSchema>;

/** A percent as typed → basis points (18 → 1800, 5.5 → 550). */
export const percentToBp = (percent: number): number => Math.round(percent * 100);

/**
 * The tax rate as the money page types it (decision 090): a percent ("18", "5.5", at most two
 * decimals), sent as basis points (taxRateBp), the API's and the store's unit.
 */
export const taxPercentField = z
  .number({ error: v.invalid })
  .min(0, v.invalid)
  .max(100, v.invalid)
  // Two decimals at most: 5.5 and 5.25 are basis points, 5.125 is not.
  .refine((percent) => Math.abs(percent * 100 - Math.round(percent * 100)) < 1e-6, v.invalid);

/** The academy phone is a number of the phone country (the rule of a save, after merging with what is stored). */
export const phoneFitsCountry = (phone: string, country: string): boolean => toE164(phone, country) !== undefined;

/**
 * One settings page's form (/admin/settings/{group}): its own settings' rules, the money page's
 * tax rate as a percent, and the contact page's phone checked against its phone country.
 */
export function settingsPageSchema(group: SettingsGroup) {
  const keys: readonly SettingKey[] = SETTINGS_GROUPS[group];
  const mask = Object.fromEntries(keys.filter((key) => key !== "taxRateBp").map((key) => [key, true])) as Partial<Record<SettingKey, true>>;
  const picked = settingsFields.pick(mask);
  const schema = keys.includes("taxRateBp") ? picked.extend({ taxPercent: taxPercentField }) : picked.extend({});
  return schema.superRefine((values, ctx) => {
    const { phone, phoneCountry } = values as { phone?: unknown; phoneCountry?: unknown };
    if (typeof phone === "string" && typeof phoneCountry === "string" && !phoneFitsCountry(phone, phoneCountry))
      ctx.addIssue({ code: "custom", path: ["phone"], message: v.phone });
  });
}

// A full save is stored as the site settings: keep the two shapes in step.
const _sameShape: (value: z.output<typeof settingsFields>) => SiteSettings = (value) => value;
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
