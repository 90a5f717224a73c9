import type { SettingKey } from "./settings.schema";

/**
 * The settings pages (/admin/settings/{group}, issue 42 step 9): which settings each page edits
 * and saves. Every setting is on exactly one page (settings-groups.test.ts), so a page's save never
 * touches another page's values (decision 116).
 */
export const SETTINGS_GROUPS = {
  contact: ["email", "phone", "phoneCountry", "timeZone", "address", "openingHours"],
  whatsapp: ["whatsappNumber", "whatsappMessage", "social"],
  money: [
    "taxName",
    "taxNameAr",
    "taxRateBp",
    "taxRegistration",
    "taxInclusive",
    "invoiceDueDays",
    "defaultCurrency",
    "instalmentReminderDays",
    "paymentHoldMinutes",
    "payMethods",
    "bankDetails",
  ],
  booking: [
    "demoBookingsPerFamily",
    "demoChangeCutoffHours",
    "waitlistHoldHours",
    "enrolmentsPerFamily",
    "sectionChangeCutoffHours",
    "absenceNoticeHours",
    "makeupCreditDays",
    "makeupAllowance",
    "latePickupMinutes",
  ],
  "follow-up": ["followupMail"],
  "summer-camp": ["campStartDate", "campRecentSignups"],
  messaging: [
    "messagingQuietStart",
    "messagingQuietEnd",
    "messagingDailyCap",
    "messagingFallbackMinutes",
    "messagingPriceCurrency",
    "messagingPriceWhatsappNews",
    "messagingPriceWhatsappService",
    "messagingPriceSms",
  ],
  security: ["requireStaffSecondFactor", "certificateFullName", "familyPortfolioUploads"],
} as const satisfies Record<string, readonly SettingKey[]>;

export type SettingsGroup = keyof typeof SETTINGS_GROUPS;

export const SETTINGS_GROUP_NAMES = Object.keys(SETTINGS_GROUPS) as SettingsGroup[];

export const isSettingsGroup = (value: unknown): value is SettingsGroup => typeof value === "string" && Object.hasOwn(SETTINGS_GROUPS, value);

/** The form's id on each settings page: a refusal rendered back belongs to it. */
export const settingsFormId = (group: SettingsGroup) => `settings-${group}`;

/** How a page posts each setting without JavaScript: a whole number, a checkbox, ticked boxes, or text (nested by dots: `address.en`). */
export const NUMBER_SETTINGS: ReadonlySet<SettingKey> = new Set([
  "campRecentSignups",
  "waitlistHoldHours",
  "demoChangeCutoffHours",
  "demoBookingsPerFamily",
  "enrolmentsPerFamily",
  "sectionChangeCutoffHours",
  "paymentHoldMinutes",
  "absenceNoticeHours",
  "makeupCreditDays",
  "makeupAllowance",
  "latePickupMinutes",
  "invoiceDueDays",
  "instalmentReminderDays",
  "messagingQuietStart",
  "messagingQuietEnd",
  "messagingDailyCap",
  "messagingFallbackMinutes",
  "messagingPriceWhatsappNews",
  "messagingPriceWhatsappService",
  "messagingPriceSms",
]);
export const CHECKBOX_SETTINGS: ReadonlySet<SettingKey> = new Set([
  "taxInclusive",
  "requireStaffSecondFactor",
  "certificateFullName",
  "familyPortfolioUploads",
]);
export const LIST_SETTINGS: ReadonlySet<SettingKey> = new Set(["payMethods"]);
