import { data, redirect, type AppLoadContext } from "react-router";
import { langFromPath, localizePath } from "~/i18n/lang";
import { isStaffRole } from "~/lib/roles";

/**
 * For staff page loaders and actions: anonymous visitors go to the staff sign-in page (and come
 * back), non-staff get 403; `only: "admin"` keeps editors out too (accounts, settings, the audit
 * log). Returns the staff member.
 */
export function requireAdminPage(context: AppLoadContext, request: Request, only?: "admin") {
  const url = new URL(request.url);
  if (!context.user) {
    const next = encodeURIComponent(url.pathname + url.search);
    throw redirect(`${localizePath("/admin/login", langFromPath(url.pathname))}?next=${next}`);
  }
  if (!isStaffRole(context.user.role)) throw data({ message: "This area is for staff only." }, { status: 403 });
  if (only === "admin" && context.user.role !== "admin") throw data({ message: "This part of the staff area is for administrators only." }, { status: 403 });
  // The academy requires a second factor and this account has none yet: set one up first (decision 046).
  if (context.secondFactorMissing) throw redirect(`${localizePath("/account/security", langFromPath(url.pathname))}?required=1`);
  return context.user;
}

/**
 * For the parent's own pages (/account): anonymous visitors go to the sign-in page, which brings
 * them back here afterwards (`next`, checked by safeLocalPath there). Returns the account.
 */
export function requireAccountPage(context: AppLoadContext, request: Request) {
  if (context.user) return context.user;
  const url = new URL(request.url);
  const next = encodeURIComponent(url.pathname + url.search);
  throw redirect(`${localizePath("/login", langFromPath(url.pathname))}?next=${next}`);
}
