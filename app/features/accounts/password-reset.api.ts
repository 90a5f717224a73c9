import { Router, type Request } from "express";
import type { ApiDeps } from "~server/features";
import { HttpError } from "~server/http/errors";
import { parseBody } from "~server/http/validate";
import { requestLang, serverT } from "~server/i18n";
import { createRateLimit } from "~server/security/rate-limit";
import { localizePath } from "~/i18n/lang";
import { forgotPasswordSchema, resetPasswordSchema } from "./accounts.schema";
import { findUserByEmail } from "./accounts.server";
import { createPasswordReset, resetPassword } from "./password-reset.server";

const text = (req: Request, key: string) => serverT(requestLang(req), "accounts", `api.${key}`);

/** POST /api/password/forgot and POST /api/password/reset. */
export function passwordResetApi(deps: ApiDeps): Router {
  const { db, config } = deps;
  const router = Router();
  const tooMany = { ns: "accounts", key: "api.tooManyResets" };
  const forgotPerIp = createRateLimit(deps, { name: "reset-ip", limit: 10, windowMs: 15 * 60_000, message: tooMany });
  const forgotPerEmail = createRateLimit(deps, {
    name: "reset-email",
    limit: 3,
    windowMs: 60 * 60_000,
    keyBy: (req) => String((req.body as { email?: unknown } | undefined)?.email ?? "").trim().toLowerCase().slice(0, 254),
    message: tooMany,
  });
  const resetPerIp = createRateLimit(deps, { name: "reset-use-ip", limit: 10, windowMs: 60_000, message: tooMany });

  // Always the same answer, so the form tells nobody which e-mails have accounts.
  router.post("/api/password/forgot", forgotPerIp, forgotPerEmail, async (req, res) => {
    const input = parseBody(forgotPasswordSchema, req);
    const user = await findUserByEmail(db, input.email);
    if (user && !user.disabled) {
      const lang = requestLang(req);
      // The mail is queued with the token and sent by the background worker, so a slow mail
      // server never makes known e-mails answer later than unknown ones.
      await createPasswordReset(db, user.id, (token) => ({
        to: user.email,
        subject: serverT(lang, "accounts", "mail.resetSubject"),
        text: serverT(lang, "accounts", "mail.resetBody", { name: user.username, link: `${config.publicUrl}${localizePath("/reset-password", lang)}?token=${token}` }),
      }));
    }
    res.json({ message: text(req, "resetSent") });
  });

  router.post("/api/password/reset", resetPerIp, async (req, res) => {
    const input = parseBody(resetPasswordSchema, req);
    if (!(await resetPassword(db, input.token, input.password))) throw new HttpError(400, text(req, "resetInvalid"));
    res.json({ message: text(req, "resetDone") });
  });

  return router;
}
