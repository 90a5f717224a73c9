import { buildCalendarFile, escapeText, foldLine } from "~/kernel/ics";
import type { FeedEvent } from "./timetable.server";

/** The words of a feed, in its language (taken from the locale files by the caller). */
export interface FeedWords {
  /** The calendar's name in the app: "STEM Academy: family timetable". */
  name: string;
  meeting: (event: FeedEvent) => string;
  demo: (event: FeedEvent) => string;
  cancelled: (summary: string) => string;
  description: (event: FeedEvent) => string;
}

/**
 * A family's feed as one iCalendar file (RFC 5545, with the calendar name and refresh hint of
 * RFC 7986 and their common X- forms): one VEVENT per meeting or demo class, the enrolment
 * e-mail's UIDs, SEQUENCE from the row's revisions, STATUS:CANCELLED for a cancelled meeting.
 */
export function buildFeed(events: readonly FeedEvent[], words: FeedWords): string {
  const file = buildCalendarFile(
    events.map((event) => {
      const summary = event.kind === "demo" ? words.demo(event) : words.meeting(event);
      return {
        uid: event.uid,
        start: event.start,
        end: event.end,
        stamp: event.stamp,
        sequence: event.sequence,
        cancelled: event.cancelled,
        summary: event.cancelled ? words.cancelled(summary) : summary,
        description: words.description(event),
        ...(event.location ? { location: event.location } : {}),
        url: event.url,
      };
    }),
    "Family timetable",
  );
  const header = [`NAME:${escapeText(words.name)}`, `X-WR-CALNAME:${escapeText(words.name)}`, "REFRESH-INTERVAL;VALUE=DURATION:PT6H", "X-PUBLISHED-TTL:PT6H"]
    .map(foldLine)
    .join("\r\n");
  return file.replace("METHOD:PUBLISH\r\n", `METHOD:PUBLISH\r\n${header}\r\n`);
}
