import { data, redirect, type AppLoadContext } from "react-router";
import { langFromPath, localizePath, stripLang } from "~/i18n/lang";
import { checkAccess } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";

/**
 * For staff page loaders and actions, by the endpoints' own rule (checkAccess): anonymous visitors
 * go to the staff sign-in page (and come back), non-staff get 403; `only: "admin"` keeps editors
 * out too (accounts, settings, the audit log); `only: "teaching"` lets instructors in as well (their
 * own groups only: assertTeaches). Returns the signed-in member.
 */
export function requireAdminPage(context: AppLoadContext, request: Request, only?: "admin" | "teaching") {
  const url = new URL(request.url);
  if (!context.user) {
    const next = encodeURIComponent(url.pathname + url.search);
    throw redirect(`${localizePath("/admin/login", langFromPath(url.pathname))}?next=${next}`);
  }
  try {
    // The role first: a missing second factor is a page to visit, not a refusal (decision 046).
    checkAccess(only ?? "staff", { user: context.user, secondFactorMissing: false });
  } catch (error) {
    if (error instanceof HttpError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
  // To the member's own security page, inside their layout (issue 42), which itself stays open.
  const security = context.user.role === "instructor" ? "/teaching/security" : "/admin/security";
  if (context.secondFactorMissing && stripLang(url.pathname) !== security) throw redirect(`${localizePath(security, langFromPath(url.pathname))}?required=1`);
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
