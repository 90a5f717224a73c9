import type { ActionFunctionArgs } from "react-router";
import { revokeStaffInvite } from "~/features/accounts/staff-invite.api";
import { localizePath } from "~/i18n/lang";
import { ACCOUNT_FORMS } from "~/features/accounts/account-forms";
import { staffInviteAction } from "~/features/accounts/account-actions.server";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { withNotice } from "~/lib/forms/notice";
import { endUserSessions } from "./users.api";

/** The staff list's forms name a record by a hidden field; only a reference's own characters reach the path. */
async function postedRef(args: ActionFunctionArgs, name: string): Promise<{ form: string | null; ref: string }> {
  const fields = await args.request
    .clone()
    .formData()
    .catch(() => null);
  const form = fields?.get("form");
  const value = fields?.get(name);
  return { form: typeof form === "string" ? form : null, ref: typeof value === "string" && /^[\w-]{10,40}$/.test(value) ? value : "none" };
}

/** /admin/users without JavaScript: the invitation form, or a pending invitation's "Revoke". */
export async function usersPageAction(args: ActionFunctionArgs) {
  const { form, ref } = await postedRef(args, "inviteId");
  if (form !== ACCOUNT_FORMS.revokeInvite) return staffInviteAction(args);
  return postFormToApi(args, {
    form: `${ACCOUNT_FORMS.revokeInvite}-${ref}`,
    endpoint: revokeStaffInvite,
    params: { id: ref },
    toBody: () => ({}),
    onSuccess: (_answer, _fields, lang) => withNotice(localizePath("/admin/users", lang), "invite-revoked"),
  });
}

/** /admin/users/{id} without JavaScript: "End all sessions", the endpoint of POST /api/admin/users/{id}/sessions/end. */
export function userPageAction(args: ActionFunctionArgs) {
  const id = args.params.id ?? "";
  return postFormToApi(args, {
    form: ACCOUNT_FORMS.endAllSessions,
    endpoint: endUserSessions,
    params: { id },
    toBody: () => ({}),
    onSuccess: (_answer, _fields, lang) => withNotice(localizePath(`/admin/users/${id}`, lang), "sessions-ended"),
  });
}
