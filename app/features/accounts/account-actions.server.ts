import type { ActionFunctionArgs } from "react-router";
import { localizePath, type Lang } from "~/i18n/lang";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { withNotice, type NoticeName } from "~/lib/forms/notice";
import { ACCOUNT_FORMS } from "./account-forms";
import { safeAdminPath, safeLocalPath } from "./next-path";

/**
 * The account pages' actions: their forms posted without JavaScript (decision 019). Each runs the
 * JSON endpoint the enhanced form calls and, on success, redirects where that form navigates,
 * with the same message as a notice. Only the fields each endpoint takes are passed on.
 */

const to = (path: string, lang: Lang, notice: NoticeName) => withNotice(localizePath(path, lang), notice);

export const loginAction = (args: ActionFunctionArgs) =>
  postFormToApi(args, {
    form: ACCOUNT_FORMS.login,
    path: "/login",
    toBody: ({ email, password }) => ({ email, password }),
    // `next` is checked after normalisation (next-path.ts); anything else goes home.
    onSuccess: (_answer, fields, lang) => withNotice(safeLocalPath(fields.next) ?? localizePath("/", lang), "login-ok"),
  });

export const adminLoginAction = (args: ActionFunctionArgs) =>
  postFormToApi(args, {
    form: ACCOUNT_FORMS.adminLogin,
    path: "/api/admin/login",
    toBody: ({ email, password }) => ({ email, password }),
    onSuccess: (_answer, fields, lang) => withNotice(safeAdminPath(fields.next) ?? localizePath("/admin", lang), "login-ok"),
  });

export const signupAction = (args: ActionFunctionArgs) =>
  postFormToApi(args, {
    form: ACCOUNT_FORMS.signup,
    path: "/register",
    toBody: ({ username, email, password, contactNumber }) => ({ username, email, password, contactNumber }),
    onSuccess: (_answer, _fields, lang) => to("/login", lang, "signed-up"),
  });

export const forgotPasswordAction = (args: ActionFunctionArgs) =>
  postFormToApi(args, {
    form: ACCOUNT_FORMS.forgot,
    path: "/api/password/forgot",
    toBody: ({ email, website }) => ({ email, website }),
    onSuccess: (_answer, _fields, lang) => to("/forgot-password", lang, "reset-link-sent"),
  });

export const resetPasswordAction = (args: ActionFunctionArgs) =>
  postFormToApi(args, {
    form: ACCOUNT_FORMS.reset,
    path: "/api/password/reset",
    toBody: ({ token, password }) => ({ token, password }),
    onSuccess: (_answer, _fields, lang) => to("/login", lang, "password-changed"),
  });

export const adminSetupAction = (args: ActionFunctionArgs) =>
  postFormToApi(args, {
    form: ACCOUNT_FORMS.setup,
    path: "/api/first-admin",
    toBody: ({ token, username, email, password }) => ({ token, username, email, password }),
    onSuccess: (_answer, _fields, lang) => to("/admin", lang, "staff-created"),
  });

/**
 * Password and Google sessions end the same way (POST /logout and /api/logout-user share a
 * handler). The admin area's button says `from=admin` and comes back to the staff sign-in.
 */
export const logoutAction = (args: ActionFunctionArgs) =>
  postFormToApi(args, {
    form: ACCOUNT_FORMS.logout,
    path: "/logout",
    toBody: () => ({}),
    onSuccess: (_answer, fields, lang) => to(fields.from === "admin" ? "/admin/login" : "/login", lang, "logged-out"),
  });
