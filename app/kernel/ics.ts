/**
 * A one-event iCalendar file (RFC 5545): CRLF line ends, escaped text values and lines folded
 * at 75 octets, so calendar programs accept names in any script.
 */
export interface CalendarEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location?: string;
  url?: string;
  /** When the file was made (DTSTAMP). */
  stamp?: Date;
  /** Revision of the event (SEQUENCE): a higher one makes calendars replace the event of the same UID (a moved class). */
  sequence?: number;
}

/** UTC date-time in the basic format: 20261123T043000Z. */
const utc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z");

/** TEXT value escaping (RFC 5545 section 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Folds a content line into chunks of at most 75 octets, never splitting a character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let bytes = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    // Continuation lines start with one space, which counts towards their 75 octets.
    const limit = out.length === 0 ? 75 : 74;
    if (bytes + size > limit) {
      out.push(current);
      current = "";
      bytes = 0;
    }
    current += char;
    bytes += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

export function buildIcs(event: CalendarEvent): string {
  return buildCalendarFile([event]);
}

/** Several events in one iCalendar file (a term's meetings); a cancelled one says STATUS:CANCELLED. */
export function buildCalendarFile(events: readonly (CalendarEvent & { cancelled?: boolean })[], product = "Demo class booking"): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//STEM Academy//${product}//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...events.flatMap((event) => [
      "BEGIN:VEVENT",
      `UID:${event.uid}`,
      `DTSTAMP:${utc(event.stamp ?? new Date())}`,
      ...(event.sequence ? [`SEQUENCE:${event.sequence}`] : []),
      `DTSTART:${utc(event.start)}`,
      `DTEND:${utc(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
      ...(event.url ? [`URL:${event.url}`] : []),
      event.cancelled ? "STATUS:CANCELLED" : "STATUS:CONFIRMED",
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

/** "Add to calendar" links for the same event: Google Calendar and Outlook on the web. */
export function calendarLinks(event: Omit<CalendarEvent, "uid" | "stamp">): { google: string; outlook: string } {
  const google = new URL("https://calendar.google.com/calendar/render");
  google.search = new URLSearchParams({
    action: "TEMPLATE",
    text: event.summary,
    dates: `${utc(event.start)}/${utc(event.end)}`,
    details: event.description,
    location: event.location ?? "",
  }).toString();
  const outlook = new URL("https://outlook.live.com/calendar/0/deeplink/compose");
  outlook.search = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: event.summary,
    startdt: event.start.toISOString(),
    enddt: event.end.toISOString(),
    body: event.description,
    location: event.location ?? "",
  }).toString();
  return { google: google.toString(), outlook: outlook.toString() };
}
