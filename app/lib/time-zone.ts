/** Answers already known, by zone name; bounded, as names may come from a settings form. */
const known = new Map<string, boolean>();
const KNOWN_LIMIT = 64;

/**
 * True when the runtime knows the IANA time zone (settings check and the academy's zone fallback).
 * Building a formatter to find out is costly, and every booking asks about the same zone.
 */
export function isTimeZone(value: string): boolean {
  const answer = known.get(value);
  if (answer !== undefined) return answer;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    valid = true;
  } catch {
    valid = false;
  }
  if (known.size >= KNOWN_LIMIT) known.clear();
  known.set(value, valid);
  return valid;
}
