import type { BookingView } from "./booking.server";
import type { CalendarEvent } from "~/kernel/ics";

/**
 * The demo class as a calendar event, in the booking's language: the same texts go into the
 * e-mail's .ics file and the "Add to Google Calendar" / "Outlook" links of the e-mail and the page.
 * Online classes take place at their meeting link, the others at the academy's address. `t` reads
 * the "booking" texts (the server's for the e-mail, the page's for the confirmation page).
 */
export function bookingEvent(
  booking: BookingView,
  options: { t: (key: string, values?: Record<string, string | number>) => string; address: string; confirmationUrl: string },
): Omit<CalendarEvent, "uid" | "stamp"> {
  const { t } = options;
  const start = new Date(booking.startsAt);
  const lines = [
    t("ics.description", { name: booking.childName }),
    ...(booking.code ? [`${t("details.code")}: ${booking.code}`] : []),
    ...(booking.mode === "online" && booking.meetingUrl ? [`${t("details.meeting")}: ${booking.meetingUrl}`] : []),
    options.confirmationUrl,
  ];
  return {
    start,
    end: new Date(start.getTime() + booking.durationMinutes * 60_000),
    summary: t("ics.summary", { course: booking.courseName }),
    description: lines.join("\n"),
    location: booking.mode === "online" ? booking.meetingUrl : options.address,
    url: options.confirmationUrl,
  };
}
