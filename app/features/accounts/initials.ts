/**
 * The navbar label (specification section 3): the first character of each space-separated word
 * of the username, joined; the e-mail when there is no username; empty when neither exists.
 */
export function navbarName(user: { username?: string | null; email?: string | null } | null): string {
  const name = user?.username?.trim();
  if (name)
    return name
      .split(/\s+/)
      .map((word) => Array.from(word)[0] ?? "")
      .join("");
  return user?.email ?? "";
}
