import { data, type ActionFunctionArgs } from "react-router";
import { langFromPath, localizePath } from "~/i18n/lang";
import { postFormToApi } from "~/lib/forms/form-action.server";
import type { FormState } from "~/lib/forms/form-state";
import { requireAccountPage } from "~/lib/page-guards.server";
import { disableTotp, enableTotp, removeOwnPasskey, renameOwnPasskey, renewRecoveryCodes, startTotpSetup } from "./security.api";
import { SECURITY_FORMS, type CodesShown } from "./security-forms";
import { withNotice } from "~/lib/forms/notice";
import { ACCOUNT_FORMS } from "~/features/accounts/account-forms";
import { changeOwnPassword, sendPasswordLink } from "~/features/accounts/account-space.api";
import { endDeviceSession } from "~/features/accounts/devices.api";

const passkeyIdOf = (fields: Record<string, string>) => (/^\d{1,10}$/.test(fields.passkeyId ?? "") ? fields.passkeyId! : "0");

export async function securityPageAction(args: ActionFunctionArgs) {
  requireAccountPage(args.context, args.request);
  const lang = langFromPath(new URL(args.request.url).pathname);
  const posted = await args.request
    .clone()
    .formData()
    .catch(() => null);
  const fields: Record<string, string> = {};
  for (const [name, value] of posted ?? []) if (typeof value === "string" && !(name in fields)) fields[name] = value;
  // Back to the page that posted: /account/security, or the staff or teaching layout's (issue 42).
  const page = new URL(args.request.url).pathname;
  const back = (hash: string) => () => `${page}#${hash}`;
  const sessionRef = /^[\w-]{10,40}$/.test(fields.sessionId ?? "") ? fields.sessionId! : "none";
  switch (fields.form) {
    // The password and the signed-in devices, shown here to staff and instructors (issue 42, step 10).
    case ACCOUNT_FORMS.password:
      return postFormToApi(args, {
        form: ACCOUNT_FORMS.password,
        endpoint: changeOwnPassword,
        toBody: ({ currentPassword, password }) => ({ currentPassword, password }),
        onSuccess: () => withNotice(page, "password-updated"),
      });
    case ACCOUNT_FORMS.passwordLink:
      return postFormToApi(args, {
        form: ACCOUNT_FORMS.passwordLink,
        endpoint: sendPasswordLink,
        toBody: () => ({}),
        onSuccess: () => withNotice(page, "password-link-sent"),
      });
    case ACCOUNT_FORMS.endSession:
      return postFormToApi(args, {
        form: `${ACCOUNT_FORMS.endSession}-${sessionRef}`,
        endpoint: endDeviceSession,
        params: { id: sessionRef },
        toBody: () => ({}),
        onSuccess: (answer) =>
          answer.body.signedOut === true ? withNotice(localizePath("/admin/login", lang), "logged-out") : withNotice(page, "device-ended"),
      });
    case SECURITY_FORMS.rename:
      return postFormToApi(args, {
        form: `${SECURITY_FORMS.rename}-${passkeyIdOf(fields)}`,
        endpoint: renameOwnPasskey,
        params: { id: passkeyIdOf(fields) },
        toBody: ({ name }) => ({ name }),
        onSuccess: back("passkeys-title"),
      });
    case SECURITY_FORMS.remove:
      return postFormToApi(args, {
        form: SECURITY_FORMS.remove,
        endpoint: removeOwnPasskey,
        params: { id: passkeyIdOf(fields) },
        toBody: () => ({}),
        onSuccess: back("passkeys-title"),
      });
    case SECURITY_FORMS.totpSetup:
      return postFormToApi(args, { form: SECURITY_FORMS.totpSetup, endpoint: startTotpSetup, toBody: () => ({}), onSuccess: back("totp-title") });
    case SECURITY_FORMS.totpDisable:
      return postFormToApi(args, { form: SECURITY_FORMS.totpDisable, endpoint: disableTotp, toBody: ({ code }) => ({ code }), onSuccess: back("totp-title") });
    case SECURITY_FORMS.totpEnable:
    case SECURITY_FORMS.recovery: {
      // The codes are shown once, on this page: not the redirect postFormToApi makes.
      const endpoint = fields.form === SECURITY_FORMS.totpEnable ? enableTotp : renewRecoveryCodes;
      const answer = await args.context.run(endpoint, { input: { code: fields.code ?? "" }, lang });
      const message = answer.body.message ?? "";
      if (answer.ok && answer.status === 200 && answer.body.recoveryCodes) {
        return data({ form: fields.form, recoveryCodes: answer.body.recoveryCodes, message } satisfies CodesShown, {
          headers: { "Cache-Control": "private, no-store" },
        });
      }
      const state: FormState = { form: fields.form, values: {}, errors: answer.body.errors ?? {}, message };
      return data(state, { status: answer.status, headers: { "Cache-Control": "private, no-store" } });
    }
    default:
      throw data({ message: "Bad request." }, { status: 400 });
  }
}
