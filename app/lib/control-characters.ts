/**
 * Control characters (U+0000-U+001F, U+007F) are never part of what people type into the site's
 * fields, paths or keys; NUL in particular ends a string in SQLite's LIKE and PostgreSQL refuses it
 * in text. One rule for the browser and the server.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- replacing control characters is the point
const CONTROL_ALL = /[\u0000-\u001f\u007f]/g;

export const hasControlCharacter = (text: string): boolean => CONTROL.test(text);

/** The text with each control character replaced (by a space, or U+FFFD where the place must stay visible). */
export const replaceControlCharacters = (text: string, by: string): string => text.replace(CONTROL_ALL, by);

/** True when a string anywhere in the value (keys too, 20 levels deep) holds a NUL. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 20 || value === null || typeof value !== "object") return false;
  // Bytes (an uploaded file) are not text: a NUL in them is data.
  if (ArrayBuffer.isView(value)) return false;
  return Object.entries(value).some(([key, item]) => key.includes("\u0000") || containsNul(item, depth + 1));
}
