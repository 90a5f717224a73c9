/** The /account forms of the calendar feed (each names itself in a hidden `form` field). */
export const CALENDAR_FORMS = {
  renew: "account-calendar-feed-form",
  revoke: "account-calendar-feed-revoke-form",
} as const;
