/**
 * The one place where values change shape between JavaScript and the database.
 * Both SQLite and PostgreSQL store: dates as ISO-8601 UTC text, booleans as 0/1 integers,
 * structured values as JSON text. Rows go through these helpers on the way in and out.
 */

export const nowIso = (): string => new Date().toISOString();

export const toDbBool = (value: boolean): number => (value ? 1 : 0);
export const toDbJson = (value: unknown): string => JSON.stringify(value);
export function fromDbJson<T>(text: string | null | undefined, fallback: T): T {
  if (text == null || text === "") return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
