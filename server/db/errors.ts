/**
 * Which rule a database refused a write for, on SQLite and PostgreSQL alike (the SQLite drivers
 * give their errors the same `code` values, server/db/sqlite-file.ts).
 */
const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

/** A unique index refused the row (two writers raced for the same slug, key or seat). */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

/** A unique-index violation on that index (PostgreSQL names the constraint, SQLite the column). */
export function violatesUniqueIndex(error: unknown, index: string, column: string): boolean {
  const { constraint, message } = (error ?? {}) as { constraint?: unknown; message?: unknown };
  return isUniqueViolation(error) && (constraint === index || String(message).includes(column));
}
