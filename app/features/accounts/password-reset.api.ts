import type { Router } from "express";
import { defineEndpoint, jsonRoutes, type Caller, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { accountAndClient, clearCounters, inputEmail, spendBudget } from "~server/security/rate-limit";
import { ACCOUNT_SIGN_IN_LIMITS, RESET_MAILS_PER_ACCOUNT, RESET_REQUESTS_PER_CLIENT } from "./account-limits";
import { forgotPasswordSchema, resetPasswordSchema } from "./accounts.schema";
import { findUserByEmail } from "./accounts.server";
import { createPasswordReset, resetPassword } from "./password-reset.server";

const text = (caller: Caller, key: string) => serverT(caller.lang, "accounts", `api.${key}`);
const tooMany = { ns: "accounts", key: "api.tooManyResets" };

/** POST /api/password/forgot: always the same answer, so the form tells nobody which e-mails have accounts. */
export const forgotPassword = defineEndpoint({
  method: "POST",
  path: "/api/password/forgot",
  access: "anyone",
  limits: [
    { name: "reset-ip", limit: 10, windowMs: 15 * 60_000, message: tooMany },
    // Per e-mail AND client (decision 045): others asking for an e-mail never use up its owner's requests.
    {
      name: "reset-email-client",
      limit: RESET_REQUESTS_PER_CLIENT,
      windowMs: 60 * 60_000,
      keyBy: (caller, input) => accountAndClient(inputEmail(input), caller),
      message: tooMany,
    },
  ],
  input: forgotPasswordSchema,
  async run({ deps, caller }, input) {
    const { db, config } = deps;
    const user = await findUserByEmail(db, input.email);
    // At most RESET_MAILS_PER_ACCOUNT e-mails an hour reach one mailbox, whoever asks. Past that the
    // answer is the same and nothing changes: the last link sent stays valid for its hour.
    const mailable =
      user && !user.disabled && (await spendBudget(deps, { name: "reset-mail", key: String(user.id), limit: RESET_MAILS_PER_ACCOUNT, windowMs: 60 * 60_000 }));
    if (user && mailable) {
      const { lang } = caller;
      // The mail is queued (its link made when it is sent) for the background worker, so a slow mail
      // server never makes known e-mails answer later than unknown ones.
      await createPasswordReset(db, config.sessionSecret, user, { lang, purpose: "reset" });
    }
    return { status: 200, body: { message: text(caller, "resetSent") } };
  },
});

/** POST /api/password/reset: the e-mailed token and the new password. */
export const resetPasswordWithToken = defineEndpoint({
  method: "POST",
  path: "/api/password/reset",
  access: "anyone",
  limits: [{ name: "reset-use-ip", limit: 10, windowMs: 60_000, message: tooMany }],
  input: resetPasswordSchema,
  async run({ deps: { db }, caller }, input) {
    const email = await resetPassword(db, input.token, input.password);
    if (email === undefined) throw new HttpError(400, text(caller, "resetInvalid"));
    // The owner proved the mailbox: sign-in tries others used up on the account are forgiven.
    await clearCounters(db, ACCOUNT_SIGN_IN_LIMITS, email.toLowerCase());
    return { status: 200, body: { message: text(caller, "resetDone") } };
  },
});

export function passwordResetApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, [forgotPassword, resetPasswordWithToken]);
}
