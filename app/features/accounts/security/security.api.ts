import { Router, type Request, type RequestHandler, type Response } from "express";
import type { EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { parseBody } from "~server/http/validate";
import { requestLang, serverT } from "~server/i18n";
import { createRateLimit } from "~server/security/rate-limit";
import { endOtherSessions, startSession, type SessionUser } from "~server/security/session";
import { idOr404 } from "~/features/admin/admin-http.server";
import { isStaffRole } from "~/lib/roles";
import { countFailure, currentStep, startStep, takeStep } from "./auth-steps.server";
import { hasSecondFactor, staffSecondFactorRequired } from "./factors.server";
import { authenticationOptions, deletePasskey, listPasskeys, MAX_PASSKEYS, passkeyCount, registrationOptions, renamePasskey, savePasskey, verifyPasskeySignIn } from "./passkeys.server";
import { addPasskeySchema, passkeyOptionsSchema, passkeySignInSchema, renamePasskeySchema, secondFactorCodeSchema, totpCodeSchema } from "./security.schema";
import { securityOverview } from "./security.server";
import { beginTotp, checkTotp, newRecoveryCodes, pendingTotp, removeTotp, totpEnabled, useRecoveryCode } from "./totp.server";

const text = (req: Request, key: string, options?: Record<string, string | number>) => serverT(requestLang(req), "accounts", `security.api.${key}`, options);
const signedIn = (res: Response) => res.locals.user as SessionUser;
const publicUser = (user: { username: string; email: string; role: SessionUser["role"] }) => ({ username: user.username, email: user.email, role: user.role });
/** Wrong codes a waiting sign-in may take before the password is asked again. */
const MAX_CODE_TRIES = 5;

const requireAccount: RequestHandler = (req, res, next) => {
  if (!res.locals.user) {
    res.status(401).json({ message: serverT(requestLang(req), "accounts", "api.notSignedIn") });
    return;
  }
  next();
};
const byAccount = (req: Request) => `account:${(req.res?.locals.user as SessionUser | null | undefined)?.id ?? 0}`;

/**
 * Puts `secondFactorMissing` on staff requests while the academy requires a second factor and the
 * account has none: requireStaff/requireAdmin answer 403, admin pages send them to set one up.
 */
export function secondFactorGate(deps: EndpointDeps): RequestHandler {
  return async (_req, res, next) => {
    const user = res.locals.user as SessionUser | null;
    res.locals.secondFactorMissing = false;
    if (user && isStaffRole(user.role) && (await staffSecondFactorRequired(deps.db)) && !(await hasSecondFactor(deps.db, user.id))) {
      res.locals.secondFactorMissing = true;
    }
    next();
  };
}

/**
 * Passkeys and the staff's second factor (issue 25, decision 046): passkey sign-in, the second
 * step after a staff password, and the account's own passkeys, authenticator app and recovery codes.
 */
export function securityApi(deps: EndpointDeps): Router {
  const { db, config } = deps;
  const router = Router();
  const ceremonyPerIp = createRateLimit(deps, { name: "passkey-ip", limit: 30, windowMs: 60_000, message: { ns: "validation", key: "tooManySignIns" } });
  const codePerIp = createRateLimit(deps, { name: "second-factor-ip", limit: 10, windowMs: 60_000, message: { ns: "validation", key: "tooManySignIns" } });
  // One counter per kind of change (as for saved children), so a burst of one leaves the others usable.
  const perAccount = (name: string, limit: number, windowMs: number) => createRateLimit(deps, { name: `account-security-${name}`, limit, windowMs, keyBy: byAccount });
  const changes = (name: string) => perAccount(name, 30, 10 * 60_000);
  const [passkeyOptionsLimit, passkeyAddLimit, passkeyRenameLimit, passkeyRemoveLimit, totpSetupLimit] = [changes("passkey-options"), changes("passkey-add"), changes("passkey-rename"), changes("passkey-remove"), changes("totp-setup")];
  // Code checks: a stolen session cannot try the app's codes quickly.
  const codes = (name: string) => perAccount(name, 10, 60_000);
  const [totpEnableLimit, totpDisableLimit, recoveryLimit] = [codes("totp-enable"), codes("totp-disable"), codes("recovery-codes")];

  const relyingParty = (req: Request) => {
    if (!config.webauthn) throw new HttpError(503, text(req, "passkeysUnavailable"));
    return config.webauthn;
  };

  /** Signs in after every factor: the password's step is spent, the session starts. */
  const finishSignIn = async (req: Request, res: Response, userId: number, kind: "password" | "google" | "passkey") => {
    const user = await db.selectFrom("users").select(["id", "username", "email", "role", "disabled"]).where("id", "=", userId).executeTakeFirst();
    if (!user || user.disabled) throw new HttpError(403, serverT(requestLang(req), "accounts", "api.disabled"));
    await startSession(deps, req, res, user.id, kind);
    res.json({ message: serverT(requestLang(req), "accounts", "api.loggedIn"), user: publicUser(user) });
  };

  router.post("/api/passkeys/login/options", ceremonyPerIp, async (req, res) => {
    const rp = relyingParty(req);
    // Sent with or without a JSON body ({} is the same as none).
    const input = req.is("application/json") ? parseBody(passkeyOptionsSchema, req) : {};
    // The second step after a staff password offers only that account's passkeys.
    const waiting = input.secondStep ? await currentStep(deps, req, "second-factor") : undefined;
    if (input.secondStep && !waiting) throw new HttpError(401, text(req, "stepExpired"));
    const options = await authenticationOptions(deps, rp, waiting?.user_id ?? null);
    await startStep(deps, req, res, "passkey-login", { userId: waiting?.user_id ?? null, challenge: options.challenge });
    res.set("Cache-Control", "no-store").json({ options });
  });

  router.post("/api/passkeys/login", ceremonyPerIp, async (req, res) => {
    const rp = relyingParty(req);
    const input = parseBody(passkeySignInSchema, req);
    const step = await takeStep(deps, req, res, "passkey-login");
    if (!step) throw new HttpError(401, text(req, "stepExpired"));
    const userId = await verifyPasskeySignIn(deps, rp, input.response, step.challenge, step.user_id);
    if (userId === null) throw new HttpError(401, text(req, "passkeyRefused"));
    // A passkey with user verification is two factors in itself: no code after it.
    await takeStep(deps, req, res, "second-factor");
    await finishSignIn(req, res, userId, "passkey");
  });

  router.post("/api/login/second-factor", codePerIp, async (req, res) => {
    const input = parseBody(secondFactorCodeSchema, req);
    const step = await currentStep(deps, req, "second-factor");
    if (!step?.user_id) throw new HttpError(401, text(req, "stepExpired"));
    const code = input.code.replace(/\s/g, "");
    const ok = /^\d{6}$/.test(code) ? await checkTotp(deps, step.user_id, code) : await useRecoveryCode(db, step.user_id, code);
    if (!ok) {
      await countFailure(deps, step.id, MAX_CODE_TRIES);
      const message = text(req, "wrongCode");
      throw new HttpError(400, message, { code: message });
    }
    const taken = await takeStep(deps, req, res, "second-factor");
    if (!taken) throw new HttpError(401, text(req, "stepExpired"));
    await finishSignIn(req, res, step.user_id, step.challenge === "google" ? "google" : "password");
  });

  router.use(["/api/account/security", "/api/account/passkeys", "/api/account/totp", "/api/account/recovery-codes"], requireAccount);

  router.get("/api/account/security", async (_req, res) => {
    res.set("Cache-Control", "private, no-store").json(await securityOverview(deps, signedIn(res)));
  });

  router.post("/api/account/passkeys/options", passkeyOptionsLimit, async (req, res) => {
    const rp = relyingParty(req);
    const user = signedIn(res);
    if ((await passkeyCount(db, user.id)) >= MAX_PASSKEYS) throw new HttpError(409, text(req, "tooManyPasskeys", { max: MAX_PASSKEYS }));
    const options = await registrationOptions(deps, rp, user);
    await startStep(deps, req, res, "passkey-register", { userId: user.id, challenge: options.challenge });
    res.set("Cache-Control", "no-store").json({ options });
  });

  router.post("/api/account/passkeys", passkeyAddLimit, async (req, res) => {
    const rp = relyingParty(req);
    const input = parseBody(addPasskeySchema, req);
    const user = signedIn(res);
    const step = await takeStep(deps, req, res, "passkey-register");
    if (!step || step.user_id !== user.id) throw new HttpError(401, text(req, "stepExpired"));
    if ((await passkeyCount(db, user.id)) >= MAX_PASSKEYS) throw new HttpError(409, text(req, "tooManyPasskeys", { max: MAX_PASSKEYS }));
    const name = input.name ?? text(req, "defaultName", { n: (await passkeyCount(db, user.id)) + 1 });
    const passkey = await savePasskey(deps, rp, user.id, input.response, step.challenge, name);
    if (!passkey) throw new HttpError(400, text(req, "passkeyRefused"));
    // A new way in: every other session of the account ends.
    await endOtherSessions(deps, req, user.id);
    res.status(201).json({ message: text(req, "passkeyAdded"), passkey: { id: passkey.id, name: passkey.name, createdAt: passkey.created_at, lastUsedAt: passkey.last_used_at } });
  });

  router.patch("/api/account/passkeys/:id", passkeyRenameLimit, async (req, res) => {
    const input = parseBody(renamePasskeySchema, req);
    if (!(await renamePasskey(db, signedIn(res).id, idOr404(req.params.id as string), input.name))) throw new HttpError(404, text(req, "passkeyNotFound"));
    res.json({ message: text(req, "passkeyRenamed") });
  });

  /** Refuses to take away a staff account's last second factor while the academy requires one. */
  const keepsRequiredFactor = async (req: Request, user: SessionUser, after: { passkeys: number; totp: boolean }) => {
    if (isStaffRole(user.role) && after.passkeys === 0 && !after.totp && (await staffSecondFactorRequired(db))) throw new HttpError(409, text(req, "lastFactor"));
  };

  router.delete("/api/account/passkeys/:id", passkeyRemoveLimit, async (req, res) => {
    const user = signedIn(res);
    const id = idOr404(req.params.id as string);
    const mine = (await listPasskeys(db, user.id)).some((row) => row.id === id);
    if (!mine) throw new HttpError(404, text(req, "passkeyNotFound"));
    await keepsRequiredFactor(req, user, { passkeys: (await passkeyCount(db, user.id)) - 1, totp: await totpEnabled(db, user.id) });
    await deletePasskey(db, user.id, id);
    await endOtherSessions(deps, req, user.id);
    res.json({ message: text(req, "passkeyRemoved") });
  });

  // The authenticator app is the staff's (parents sign in with a password, Google or a passkey).
  const staffOnly: RequestHandler = (req, res, next) => (isStaffRole(signedIn(res).role) ? next() : next(new HttpError(403, text(req, "staffOnly"))));

  router.post("/api/account/totp/setup", staffOnly, totpSetupLimit, async (req, res) => {
    const user = signedIn(res);
    if ((await beginTotp(deps, user.id)) === "enabled") throw new HttpError(409, text(req, "totpAlreadyOn"));
    res.set("Cache-Control", "no-store").json({ message: text(req, "totpStarted"), setup: await pendingTotp(deps, user) });
  });

  router.post("/api/account/totp/enable", staffOnly, totpEnableLimit, async (req, res) => {
    const input = parseBody(totpCodeSchema, req);
    const user = signedIn(res);
    if (!(await checkTotp(deps, user.id, input.code, "pending"))) {
      const message = text(req, "wrongCode");
      throw new HttpError(400, message, { code: message });
    }
    const recoveryCodes = await newRecoveryCodes(db, user.id);
    await endOtherSessions(deps, req, user.id);
    res.set("Cache-Control", "no-store").json({ message: text(req, "totpOn"), recoveryCodes });
  });

  router.post("/api/account/totp/disable", staffOnly, totpDisableLimit, async (req, res) => {
    const input = parseBody(totpCodeSchema, req);
    const user = signedIn(res);
    if (!(await checkTotp(deps, user.id, input.code))) {
      const message = text(req, "wrongCode");
      throw new HttpError(400, message, { code: message });
    }
    await keepsRequiredFactor(req, user, { passkeys: await passkeyCount(db, user.id), totp: false });
    await removeTotp(db, user.id);
    await endOtherSessions(deps, req, user.id);
    res.json({ message: text(req, "totpOff") });
  });

  router.post("/api/account/recovery-codes", staffOnly, recoveryLimit, async (req, res) => {
    const input = parseBody(totpCodeSchema, req);
    const user = signedIn(res);
    if (!(await checkTotp(deps, user.id, input.code))) {
      const message = text(req, "wrongCode");
      throw new HttpError(400, message, { code: message });
    }
    res.set("Cache-Control", "no-store").json({ message: text(req, "recoveryRenewed"), recoveryCodes: await newRecoveryCodes(db, user.id) });
  });

  return router;
}
