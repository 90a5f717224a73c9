import { hasControlCharacter } from "~/lib/control-characters";

/**
 * Where to go after signing in: only paths on this site, so a crafted `?next=` link cannot send
 * someone to another site (open redirect). Returns the normalised path, or null.
 *
 * Both the given value and the normalised result are checked: normalising can turn a harmless
 * looking path into one a browser reads as another host ("/.//evil.example" and
 * "/%2e//evil.example" both become "//evil.example").
 */
export function safeLocalPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 500 || !looksLocal(value)) return null;
  try {
    const url = new URL(value, "http://site.invalid");
    if (url.origin !== "http://site.invalid") return null;
    const path = url.pathname + url.search + url.hash;
    return looksLocal(path) ? path : null;
  } catch {
    return null;
  }
}

/** A safe path inside the admin area (/admin... or /ar/admin...), or null. */
export function safeAdminPath(value: unknown): string | null {
  const path = safeLocalPath(value);
  return path && /^\/(ar\/)?admin(?=$|[/?#])/.test(path) ? path : null;
}

// "//host" and "/\host" are read by browsers as other sites; control characters are never needed.
function looksLocal(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.includes("\\") && !hasControlCharacter(path);
}
