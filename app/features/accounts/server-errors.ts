import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

/** Puts the server's per-field messages (400/409 `errors: {field: message}`) on the form's fields. */
export function applyServerErrors<T extends FieldValues>(
  body: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== "object") return false;
  let any = false;
  for (const field of fields) {
    const message = (errors as Record<string, unknown>)[field];
    if (typeof message === "string") {
      setError(field, { type: "server", message }, { shouldFocus: !any });
      any = true;
    }
  }
  return any;
}
