/** True when the runtime knows the IANA time zone (settings check and the academy's zone fallback). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
