import { localizePath, type Lang } from "~/i18n/lang";

/** Site paths of the booking pages (unprefixed for English, /ar for Arabic). */
export const bookingPagePath = (course: string, lang: Lang) => localizePath(`/courses/${encodeURIComponent(course)}/bookdemoclass`, lang);

export const confirmationPath = (course: string, reference: string, lang: Lang) =>
  localizePath(`/courses/${encodeURIComponent(course)}/bookdemoclass/book-demo-class-slot-booked-page?ref=${encodeURIComponent(reference)}`, lang);

export const cancelPath = (token: string, lang: Lang) => localizePath(`/booking/cancel?token=${encodeURIComponent(token)}`, lang);

/** The page where a parent moves their booking to another time (the e-mail's and /account's link). */
export const reschedulePath = (token: string, lang: Lang) => localizePath(`/booking/reschedule?token=${encodeURIComponent(token)}`, lang);

/** A waitlist entry's page: its place in line, the offer to accept, leaving (decision 032). */
export const waitlistPath = (token: string, lang: Lang) => localizePath(`/booking/waitlist?token=${encodeURIComponent(token)}`, lang);

/** The offer e-mail's link: the same entry's page, named for what the parent came to do. */
export const waitlistAcceptPath = (token: string, lang: Lang) => localizePath(`/booking/waitlist/accept?token=${encodeURIComponent(token)}`, lang);

/** The page where a parent joins the line of a full time (?slot=). */
export const waitlistJoinPath = (course: string, slotId: number, lang: Lang) =>
  localizePath(`/courses/${encodeURIComponent(course)}/bookdemoclass/waitlist?slot=${slotId}`, lang);
