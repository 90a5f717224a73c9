/**
 * CSV text for admin exports (RFC 4180): fields with a comma, quote or line break are quoted,
 * quotes doubled, lines end with CRLF. Text starting with = + - @ (or a tab / carriage return)
 * gets a leading ' so spreadsheet programs do not run it as a formula (CSV injection), except a
 * phone number as stored (E.164: "+" and digits only), which can run nothing.
 * Numbers are written as they are, so negative amounts stay numbers.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  let text = typeof value === "string" ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^\+\d{6,15}$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
