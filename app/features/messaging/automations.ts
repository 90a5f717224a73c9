/** What the staff page and the server share about automations (decision 140). */

/**
 * The four automations of issue 43 item 5 (decision 140). `days` is the N staff set (days after
 * the demo class, days overdue); the event-driven ones (a seat offered, a child marked absent) have
 * none. `throttle` is at most one message per family per that many days (0: no limit).
 */
export const AUTOMATIONS = {
  trial_follow_up: { template: "trial_follow_up", ownMail: false, days: { default: 3, min: 0, max: 60 }, defaults: { enabled: false, throttle: 30 } },
  unpaid_invoice: { template: "unpaid_invoice", ownMail: false, days: { default: 3, min: 1, max: 90 }, defaults: { enabled: false, throttle: 7 } },
  // The offer has its own e-mail (the line's, decision 032): this is its WhatsApp or SMS copy, on by default as it was before.
  waitlist_offer: { template: "waitlist_offer", ownMail: true, days: null, defaults: { enabled: true, throttle: 0 } },
  absence_alert: { template: "absence_alert", ownMail: false, days: null, defaults: { enabled: false, throttle: 1 } },
} as const;
export type AutomationKey = keyof typeof AUTOMATIONS;
export const AUTOMATION_KEYS = ["trial_follow_up", "unpaid_invoice", "waitlist_offer", "absence_alert"] as const satisfies readonly AutomationKey[];
export const isAutomationKey = (value: unknown): value is AutomationKey => typeof value === "string" && Object.hasOwn(AUTOMATIONS, value);
export const MAX_THROTTLE_DAYS = 365;

export interface AutomationSettings {
  key: AutomationKey;
  enabled: boolean;
  days: number | null;
  throttleDays: number;
  updatedAt: string | null;
}
