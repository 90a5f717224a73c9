/** The booking form's name in a page's form state (a refused post without JavaScript comes back under it). */
export const BOOKING_FORM = "booking-form";

/** The little GET form the day, time and month buttons submit before script runs (?date=, ?slot=, ?month=). */
export const PICK_FORM = "booking-pick";

/** The reschedule page's form (/booking/reschedule). */
export const RESCHEDULE_FORM = "reschedule-form";

/** The waitlist page's join form (/courses/{course}/bookdemoclass/waitlist?slot=). */
export const WAITLIST_FORM = "waitlist-form";

/** The waitlist entry page's accept and leave buttons (/booking/waitlist). */
export const WAITLIST_ENTRY_FORM = "waitlist-entry";
