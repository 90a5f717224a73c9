/**
 * The earliest calendar date that is still "today" somewhere on Earth (UTC-12). Comparing with it
 * keeps "not in the past" fair to every visitor's time zone, in the browser and on the server.
 * Its own module: the form's date field reads it without loading the schema (zod).
 */
export function earliestToday(now: Date = new Date()): string {
  return new Date(now.getTime() - 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
