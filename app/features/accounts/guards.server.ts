import { data, redirect, type AppLoadContext } from "react-router";
import { langFromPath, localizePath } from "~/i18n/lang";

/**
 * For admin page loaders and actions: anonymous visitors go to the staff sign-in page,
 * signed-in non-staff get 403. Returns the staff member.
 */
export function requireAdminPage(context: AppLoadContext, request: Request) {
  const url = new URL(request.url);
  if (!context.user) {
    const next = encodeURIComponent(url.pathname + url.search);
    throw redirect(`${localizePath("/admin/login", langFromPath(url.pathname))}?next=${next}`);
  }
  if (context.user.role !== "admin") throw data({ message: "This area is for staff only." }, { status: 403 });
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
