/**
 * Where to go after signing in: only paths on this site, so a crafted `?next=` link cannot send
 * someone to another site (open redirect). Returns the normalised path, or null.
 */
export function safeLocalPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 500) return null;
  // "//host" and "/\host" are read by browsers as other sites; control characters are never needed.
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\") || hasControlCharacter(value)) return null;
  try {
    const url = new URL(value, "http://site.invalid");
    if (url.origin !== "http://site.invalid") return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/** A safe path inside the admin area (/admin... or /ar/admin...), or null. */
export function safeAdminPath(value: unknown): string | null {
  const path = safeLocalPath(value);
  return path && /^\/(ar\/)?admin(?=$|[/?#])/.test(path) ? path : null;
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
