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

/** A safe path inside the teaching pages (/teaching... or /ar/teaching...), or null. */
export function safeTeachingPath(value: unknown): string | null {
  const path = safeLocalPath(value);
  return path && /^\/(ar\/)?teaching(?=$|[/?#])/.test(path) ? path : null;
}

/**
 * Where a staff sign-in lands (decision 074): an instructor on `next` when it is a teaching page,
 * else on /teaching (the admin area is not theirs); staff on `next` inside the admin area or the
 * teaching pages, else on /admin.
 */
export function staffLanding(role: string | undefined, next: unknown, home: { admin: string; teaching: string }): string {
  if (role === "instructor") return safeTeachingPath(next) ?? home.teaching;
  return safeAdminPath(next) ?? safeTeachingPath(next) ?? home.admin;
}
