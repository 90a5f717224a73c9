import type { AppLoadContext } from "react-router";
import { listChildren } from "~/features/family/children.server";

/**
 * A signed-in parent's name and e-mail, and their saved children (decision 033). `?child=` (the
 * child's link, which works without script) fills in that child, when it is this account's.
 */
export async function prefillFor({ user, db }: Pick<AppLoadContext, "user" | "db">, query: URLSearchParams) {
  if (!user) return { prefill: null, savedChildren: [] };
  const savedChildren = await listChildren(db, user.id);
  const child = savedChildren.find((candidate) => String(candidate.id) === query.get("child"));
  return {
    prefill: { parentName: user.username, email: user.email, ...(child ? { childName: child.name, childAge: String(child.age) } : {}) },
    savedChildren,
  };
}
