import { z } from "zod";
import { FOLLOWUP_DEFAULTS } from "./followup-texts";
import { CURRENCY_CODES } from "~/lib/money";

/** The ways the desk takes a payment (the desk's own methods, billing's DESK_METHODS). */
export const PAY_METHODS = ["cash", "bank_transfer", "cheque"] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/** Staff-editable site settings; stored one key per row in `site_settings` (value as JSON). */
export const siteSettingsSchema = z.object({
  address: z.object({ en: z.string().max(300), ar: z.string().max(300) }),
  /** Shown on the contact page, one line per group of days. */
  openingHours: z.object({ en: z.string().max(500), ar: z.string().max(500) }),
  email: z.email().max(200),
  phone: z.string().min(5).max(30),
  /** International number, digits only, as wa.me expects (e.g. 919999999999). */
  whatsappNumber: z.string().regex(/^\d{8,15}$/),
  whatsappMessage: z.object({ en: z.string().max(300), ar: z.string().max(300) }),
  social: z.object({
    facebook: z.url().or(z.literal("")),
    instagram: z.url().or(z.literal("")),
    linkedin: z.url().or(z.literal("")),
    youtube: z.url().or(z.literal("")),
    twitter: z.url().or(z.literal("")),
  }),
  /** IANA time zone in which slots and dates are shown. */
  timeZone: z.string().min(1).max(60),
  /** ISO country whose national numbers phone fields accept without +code (rows from before it existed: India). */
  phoneCountry: z.string().length(2).default("IN"),
  /** Summer camp: ISO date of the first day, and the "Spots Filling Fast" claim. */
  campStartDate: z.iso.date(),
  campRecentSignups: z.number().int().min(0),
  /** The e-mail after an attended demo class (decision 033); the defaults until staff edit it. */
  followupMail: z
    .object({
      subject: z.object({ en: z.string().max(200), ar: z.string().max(200) }),
      body: z.object({ en: z.string().max(4000), ar: z.string().max(4000) }),
    })
    .default(FOLLOWUP_DEFAULTS),
  /** How many hours a waitlist offer holds a freed demo seat for the parent (decision 032). */
  waitlistHoldHours: z.number().int().min(1).max(168).default(12),
  /** Hours before a demo class after which parents can no longer cancel or move it online (issue 29). */
  demoChangeCutoffHours: z.number().int().min(0).max(168).default(12),
  /** Hours before a term's first class after which parents can no longer move or drop an enrolment online (decision 066). */
  sectionChangeCutoffHours: z.number().int().min(0).max(720).default(48),
  /**
   * Minutes a course seat is held while the family pays online (decision 085); an unpaid hold then
   * frees the seat for the waitlist. At least 30: Stripe Checkout sessions last 30 minutes to 24 hours.
   */
  paymentHoldMinutes: z.number().int().min(30).max(1440).default(30),
  /** Hours before a class after which a reported absence no longer earns a make-up credit (decision 076). */
  absenceNoticeHours: z.number().int().min(0).max(168).default(24),
  /** Days a make-up credit stays valid after it is earned (decision 076). */
  makeupCreditDays: z.number().int().min(1).max(365).default(60),
  /** Make-up guests one class takes on top of its group's capacity (decision 076). */
  makeupAllowance: z.number().int().min(0).max(20).default(2),
  /** Minutes after a class ends before staff hear that a child present at it was not collected (decision 142). */
  latePickupMinutes: z.number().int().min(1).max(240).default(15),
  /**
   * Tax shown on invoices (issue 31, decision 082): its name ("GST", "VAT"; empty for none), rate in
   * basis points (1800 = 18 %), the academy's registration number, and whether prices include it.
   */
  taxName: z.string().trim().max(40).default(""),
  /** The tax's name on Arabic invoices ("ضريبة القيمة المضافة"); empty: the name above (issue 42: UAE and KSA rules name the tax). */
  taxNameAr: z.string().trim().max(40).default(""),
  taxRateBp: z.number().int().min(0).max(10000).default(0),
  taxRegistration: z.string().trim().max(60).default(""),
  taxInclusive: z.boolean().default(true),
  /**
   * How families pay (issue 42): the methods the desk takes, and the bank details for a transfer in
   * each language (empty: no transfer offered). Shown after enrolling, on the family's invoices and
   * in the invoice e-mail, beside the address, opening hours and phone above.
   */
  payMethods: z
    .array(z.enum(PAY_METHODS))
    .max(PAY_METHODS.length)
    .default([...PAY_METHODS]),
  bankDetails: z.object({ en: z.string().max(500), ar: z.string().max(500) }).default({ en: "", ar: "" }),
  /** The currency a new course or camp is priced in until staff choose another (decision 101). */
  defaultCurrency: z.enum(CURRENCY_CODES).default("USD"),
  /** Days after issue an invoice without instalments is due (issue 31). */
  invoiceDueDays: z.number().int().min(0).max(90).default(7),
  /** Days before an instalment's due date its reminder e-mail goes (decision 091; 0: on the day). */
  instalmentReminderDays: z.number().int().min(0).max(30).default(3),
  /** How many demo classes still ahead one family may hold at once (issue 29). */
  demoBookingsPerFamily: z.number().int().min(1).max(20).default(3),
  /** How many enrolments (groups not yet over and camps, held seats included) one family may hold through the public forms (decision 104). */
  enrolmentsPerFamily: z.number().int().min(1).max(50).default(6),
  /** Staff must have a passkey or an authenticator app before using the staff area (decision 046). */
  requireStaffSecondFactor: z.boolean().default(false),
  /** Messages to families (decision 127): quiet hours in academy time (start = end: none), daily cap per family, minutes before the next channel. */
  messagingQuietStart: z.number().int().min(0).max(23).default(21),
  messagingQuietEnd: z.number().int().min(0).max(23).default(8),
  messagingDailyCap: z.number().int().min(1).max(50).default(5),
  messagingFallbackMinutes: z.number().int().min(5).max(1440).default(30),
  /**
   * What a message costs, for the broadcasts' estimate (decision 134): per 1,000 messages in minor
   * units of the currency below (a WhatsApp message costs a fraction of a cent), WhatsApp by its
   * category as Meta bills it (news and offers are "marketing", service "utility"), SMS one price;
   * e-mail counts as free.
   */
  messagingPriceCurrency: z.enum(CURRENCY_CODES).default("USD"),
  messagingPriceWhatsappNews: z.number().int().min(0).max(100_000_000).default(2500),
  messagingPriceWhatsappService: z.number().int().min(0).max(100_000_000).default(500),
  messagingPriceSms: z.number().int().min(0).max(100_000_000).default(5000),
  /** The public certificate page shows the child's full name; off: first name and initial (issue 39). */
  certificateFullName: z.boolean().default(false),
  /** Families may add their own children's portfolio projects on /account (decision 135); off: only staff and instructors add them. */
  familyPortfolioUploads: z.boolean().default(false),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
