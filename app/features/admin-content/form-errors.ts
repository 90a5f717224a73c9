import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

export interface SaveAnswer {
  message?: string;
  errors?: Record<string, string>;
  id?: number;
  slug?: string;
}

/** Puts the server's per-field messages (400 / 409) on the form's fields. */
export function applyServerErrors<T extends FieldValues>(answer: SaveAnswer | null, setError: UseFormSetError<T>): void {
  for (const [field, message] of Object.entries(answer?.errors ?? {})) {
    setError(field as Path<T>, { type: "server", message });
  }
}

/** Today as YYYY-MM-DD (UTC), the default publish date. */
export const todayIso = (): string => new Date().toISOString().slice(0, 10);
