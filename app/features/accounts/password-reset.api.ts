import { Router, type Request } from "express";
import type { EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { parseBody } from "~server/http/validate";
import { requestLang, serverT } from "~server/i18n";
import { accountAndClient, clearCounters, createRateLimit, formEmail, spendBudget } from "~server/security/rate-limit";
import { ACCOUNT_SIGN_IN_LIMITS, RESET_MAILS_PER_ACCOUNT, RESET_REQUESTS_PER_CLIENT } from "./account-limits";
import { forgotPasswordSchema, resetPasswordSchema } from "./accounts.schema";
import { findUserByEmail } from "./accounts.server";
import { createPasswordReset, resetPassword } from "./password-reset.server";

const text = (req: Request, key: string) => serverT(requestLang(req), "accounts", `api.${key}`);

/** POST /api/password/forgot and POST /api/password/reset. */
export function passwordResetApi(deps: EndpointDeps): Router {
  const { db, config } = deps;
  const router = Router();
  const tooMany = { ns: "accounts", key: "api.tooManyResets" };
  const forgotPerIp = createRateLimit(deps, { name: "reset-ip", limit: 10, windowMs: 15 * 60_000, message: tooMany });
  // Per e-mail AND client (decision 045): others asking for an e-mail never use up its owner's requests.
  const forgotPerEmail = createRateLimit(deps, {
    name: "reset-email-client",
    limit: RESET_REQUESTS_PER_CLIENT,
    windowMs: 60 * 60_000,
    keyBy: (req) => accountAndClient(formEmail(req), req),
    message: tooMany,
  });
  const resetPerIp = createRateLimit(deps, { name: "reset-use-ip", limit: 10, windowMs: 60_000, message: tooMany });

  // Always the same answer, so the form tells nobody which e-mails have accounts.
  router.post("/api/password/forgot", forgotPerIp, forgotPerEmail, async (req, res) => {
    const input = parseBody(forgotPasswordSchema, req);
    const user = await findUserByEmail(db, input.email);
    // At most RESET_MAILS_PER_ACCOUNT e-mails an hour reach one mailbox, whoever asks. Past that the
    // answer is the same and nothing changes: the last link sent stays valid for its hour.
    const mailable = user && !user.disabled && (await spendBudget(deps, { name: "reset-mail", key: String(user.id), limit: RESET_MAILS_PER_ACCOUNT, windowMs: 60 * 60_000 }));
    if (user && mailable) {
      const lang = requestLang(req);
      // The mail is queued (its link made when it is sent) for the background worker, so a slow mail
      // server never makes known e-mails answer later than unknown ones.
      await createPasswordReset(db, config.sessionSecret, user, { lang, purpose: "reset" });
    }
    res.json({ message: text(req, "resetSent") });
  });

  router.post("/api/password/reset", resetPerIp, async (req, res) => {
    const input = parseBody(resetPasswordSchema, req);
    const email = await resetPassword(db, input.token, input.password);
    if (email === undefined) throw new HttpError(400, text(req, "resetInvalid"));
    // The owner proved the mailbox: sign-in tries others used up on the account are forgiven.
    await clearCounters(db, ACCOUNT_SIGN_IN_LIMITS, email.toLowerCase());
    res.json({ message: text(req, "resetDone") });
  });

  return router;
}
