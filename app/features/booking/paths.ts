import { localizePath, type Lang } from "~/i18n/lang";

/** Site paths of the booking pages (unprefixed for English, /ar for Arabic). */
export const bookingPagePath = (course: string, lang: Lang) => localizePath(`/courses/${encodeURIComponent(course)}/bookdemoclass`, lang);

export const confirmationPath = (course: string, reference: string, lang: Lang) =>
  localizePath(`/courses/${encodeURIComponent(course)}/bookdemoclass/book-demo-class-slot-booked-page?ref=${encodeURIComponent(reference)}`, lang);

export const cancelPath = (token: string, lang: Lang) => localizePath(`/booking/cancel?token=${encodeURIComponent(token)}`, lang);

/** The page where a parent moves their booking to another time (the e-mail's and /account's link). */
export const reschedulePath = (token: string, lang: Lang) => localizePath(`/booking/reschedule?token=${encodeURIComponent(token)}`, lang);
