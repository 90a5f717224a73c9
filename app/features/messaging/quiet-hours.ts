/** The academy's local hour and minute at an instant. */
function localTime(at: Date, timeZone: string): { hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { hour: part("hour"), minute: part("minute") };
}

/** Whether an hour of the day is inside quiet hours from `start` to `end` (start = end: none; start > end: across midnight). */
export function isQuietHour(hour: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? hour >= start && hour < end : hour >= start || hour < end;
}

/**
 * During quiet hours in the academy's time zone: when they end (the next instant the academy's
 * clock reads `end`:00); otherwise null. Searched in quarter hours, since zones differ from UTC by
 * 15, 30 or 45 minutes (India is UTC+5:30).
 */
export function quietUntil(now: Date, timeZone: string, start: number, end: number): Date | null {
  if (!isQuietHour(localTime(now, timeZone).hour, start, end)) return null;
  const quarter = 15 * 60_000;
  let at = Math.ceil(now.getTime() / quarter) * quarter;
  for (let i = 0; i < 4 * 48; i++, at += quarter) {
    const local = localTime(new Date(at), timeZone);
    if (local.hour === end && local.minute === 0) return new Date(at);
  }
  return new Date(now.getTime() + 60 * 60_000);
}
