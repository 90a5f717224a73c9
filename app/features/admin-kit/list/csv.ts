/**
 * CSV text for admin exports (RFC 4180): fields with a comma, quote or line break are quoted,
 * quotes doubled, lines end with CRLF. Text starting with = + - @ (or a tab / carriage return)
 * gets a leading ' so spreadsheet programs do not run it as a formula (CSV injection), except a
 * phone number as stored (E.164: "+" and digits only) and a signed decimal ("-12.345", an exact
 * amount), which can run nothing.
 * Numbers are written as they are, so negative amounts stay numbers.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  let text = typeof value === "string" ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^\+\d{6,15}$/.test(text) && !/^-\d{1,20}(?:\.\d{1,6})?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/**
 * A stored instant as the academy's wall-clock time, "2026-11-23 19:35", the way staff read it on
 * the screen; the column header names the zone. Anything that is not an instant is left as it is.
 */
export function csvInstant(value: unknown, timeZone: string): unknown {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
