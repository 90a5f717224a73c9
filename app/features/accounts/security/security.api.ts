import { Router, type RequestHandler } from "express";
import { z } from "zod";
import { defineEndpoint, jsonRoutes, type Caller, type EndpointAnswer, type EndpointDeps, type SignedInCaller } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { byCallerAccount, type LimitSpec } from "~server/security/rate-limit";
import { endOtherSessions, startSession, type SessionCaller, type SessionUser } from "~server/security/session";
import { idOr404 } from "~/features/admin-kit/admin-http.server";
import { OWN_ACCOUNT, perAccount as perAccountLimit, requireAccount } from "~/features/accounts/account-space.api";
import { needsSecondFactorRole } from "~/lib/roles";
import { countFailure, currentStep, startStep, takeStep } from "./auth-steps.server";
import { codesLocked, countWrongCode } from "./code-guard.server";
import { hasSecondFactor, staffSecondFactorRequired } from "./factors.server";
import {
  authenticationOptions,
  deletePasskey,
  listPasskeys,
  MAX_PASSKEYS,
  passkeyCount,
  registrationOptions,
  renamePasskey,
  savePasskey,
  verifyPasskeySignIn,
} from "./passkeys.server";
import { addPasskeySchema, passkeyOptionsSchema, passkeySignInSchema, renamePasskeySchema, secondFactorCodeSchema, totpCodeSchema } from "./security.schema";
import { securityOverview } from "./security.server";
import { beginTotp, checkTotp, newRecoveryCodes, pendingTotp, removeTotp, totpEnabled, spendRecoveryCode } from "./totp.server";

const said = (caller: Pick<Caller, "lang">, key: string, options?: Record<string, string | number>) =>
  serverT(caller.lang, "accounts", `security.api.${key}`, options);
const publicUser = (user: { username: string; email: string; role: SessionUser["role"] }) => ({ username: user.username, email: user.email, role: user.role });
/** Wrong codes a waiting sign-in may take before the password is asked again. */
const MAX_CODE_TRIES = 5;

/**
 * Puts `secondFactorMissing` on staff and instructor requests (everyone who sees children's data) while the academy requires a second factor and the
 * account has none: requireStaff/requireAdmin answer 403, admin pages send them to set one up.
 */
export function secondFactorGate(deps: EndpointDeps): RequestHandler {
  return async (_req, res, next) => {
    const user = res.locals.user as SessionUser | null;
    res.locals.secondFactorMissing = false;
    if (user && needsSecondFactorRole(user.role) && (await staffSecondFactorRequired(deps.db)) && !(await hasSecondFactor(deps.db, user.id))) {
      res.locals.secondFactorMissing = true;
    }
    next();
  };
}

/** Signs in after every factor: the password's step is spent, the session starts. */
async function finishSignIn(
  deps: EndpointDeps,
  caller: SessionCaller & Pick<Caller, "lang">,
  userId: number,
  kind: "password" | "google" | "passkey",
): Promise<EndpointAnswer> {
  const user = await deps.db.selectFrom("users").select(["id", "username", "email", "role", "disabled"]).where("id", "=", userId).executeTakeFirst();
  if (!user || user.disabled) throw new HttpError(403, serverT(caller.lang, "accounts", "api.disabled"));
  await startSession(deps, caller, user.id, kind);
  return { status: 200, body: { message: serverT(caller.lang, "accounts", "api.loggedIn"), user: publicUser(user) } };
}

/** POST /api/login/second-factor: the app's code or a recovery code after a staff password (or Google). */
export const secondFactorSignIn = defineEndpoint({
  method: "POST",
  path: "/api/login/second-factor",
  access: "anyone",
  limits: [{ name: "second-factor-ip", limit: 10, windowMs: 60_000, message: { ns: "validation", key: "tooManySignIns" } }],
  input: secondFactorCodeSchema,
  async run({ deps, caller }, input) {
    const step = await currentStep(deps, caller, "second-factor");
    if (!step?.user_id) throw new HttpError(401, said(caller, "stepExpired"));
    // Per account, across every client (issue 39): past the limit no code is even checked; a passkey still works.
    if (await codesLocked(deps, step.user_id)) throw new HttpError(429, said(caller, "codesLocked"));
    const code = input.code.replace(/\s/g, "");
    const ok = /^\d{6}$/.test(code) ? await checkTotp(deps, step.user_id, code) : await spendRecoveryCode(deps.db, step.user_id, code);
    if (!ok) {
      await countFailure(deps, step.id, MAX_CODE_TRIES);
      await countWrongCode(deps, step.user_id, caller.ip);
      const message = said(caller, "wrongCode");
      throw new HttpError(400, message, { code: message });
    }
    const taken = await takeStep(deps, caller, "second-factor");
    if (!taken) throw new HttpError(401, said(caller, "stepExpired"));
    return finishSignIn(deps, caller, step.user_id, step.challenge === "google" ? "google" : "password");
  },
});

// One counter per kind of change (as for saved children), so a burst of one leaves the others usable.
const changes = (name: string): LimitSpec[] => [perAccountLimit(`account-security-${name}`, 30, 10 * 60_000)];
// Code checks: a stolen session cannot try the app's codes quickly.
const codes = (name: string): LimitSpec[] => [perAccountLimit(`account-security-${name}`, 10, 60_000)];
/** A passkey's id: checked inside, as idOr404 answers for the Express routes. */
const passkeyParams = z.object({ id: z.string() });

/** PATCH /api/account/passkeys/{id}: a new name. */
export const renameOwnPasskey = defineEndpoint({
  method: "PATCH",
  path: "/api/account/passkeys/:id",
  ...OWN_ACCOUNT,
  limits: changes("passkey-rename"),
  params: passkeyParams,
  input: renamePasskeySchema,
  async run({ deps: { db }, caller, params }, input) {
    if (!(await renamePasskey(db, caller.user.id, idOr404(params.id), input.name))) throw new HttpError(404, said(caller, "passkeyNotFound"));
    return { status: 200, body: { message: said(caller, "passkeyRenamed") } };
  },
});

/** Refuses to take away a staff account's last second factor while the academy requires one. */
async function keepsRequiredFactor(deps: EndpointDeps, caller: SignedInCaller, after: { passkeys: number; totp: boolean }) {
  if (needsSecondFactorRole(caller.user.role) && after.passkeys === 0 && !after.totp && (await staffSecondFactorRequired(deps.db)))
    throw new HttpError(409, said(caller, "lastFactor"));
}

/** DELETE /api/account/passkeys/{id}: every other session ends with it. */
export const removeOwnPasskey = defineEndpoint({
  method: "DELETE",
  path: "/api/account/passkeys/:id",
  ...OWN_ACCOUNT,
  limits: changes("passkey-remove"),
  params: passkeyParams,
  input: z.object({}),
  async run({ deps, caller, params }) {
    const { db } = deps;
    const user = caller.user;
    const id = idOr404(params.id);
    const mine = (await listPasskeys(db, user.id)).some((row) => row.id === id);
    if (!mine) throw new HttpError(404, said(caller, "passkeyNotFound"));
    await keepsRequiredFactor(deps, caller, { passkeys: (await passkeyCount(db, user.id)) - 1, totp: await totpEnabled(db, user.id) });
    await deletePasskey(db, user.id, id);
    await endOtherSessions(deps, caller, user.id);
    return { status: 200, body: { message: said(caller, "passkeyRemoved") } };
  },
});

/** The authenticator app is for staff and instructors (parents sign in with a password, Google or a passkey). */
function staffAccount(caller: SignedInCaller): SessionUser {
  const user = caller.user;
  if (!needsSecondFactorRole(user.role)) throw new HttpError(403, said(caller, "staffOnly"));
  return user;
}

/** The code the app shows now, or 400 on the code field. */
async function appCode(deps: EndpointDeps, caller: Caller, userId: number, code: string, which?: "pending") {
  if (!(await checkTotp(deps, userId, code, which))) {
    const message = said(caller, "wrongCode");
    throw new HttpError(400, message, { code: message });
  }
}

/** POST /api/account/totp/setup: a new secret, pending until a code confirms it. */
export const startTotpSetup = defineEndpoint({
  method: "POST",
  path: "/api/account/totp/setup",
  ...OWN_ACCOUNT,
  noBody: true,
  limits: changes("totp-setup"),
  input: z.object({}),
  async run({ deps, caller }) {
    const user = staffAccount(caller);
    if ((await beginTotp(deps, user.id)) === "enabled") throw new HttpError(409, said(caller, "totpAlreadyOn"));
    return { status: 200, body: { message: said(caller, "totpStarted"), setup: await pendingTotp(deps, user) } };
  },
});

/** POST /api/account/totp/enable: the first code confirms the app; recovery codes come back once. */
export const enableTotp = defineEndpoint({
  method: "POST",
  path: "/api/account/totp/enable",
  ...OWN_ACCOUNT,
  limits: codes("totp-enable"),
  input: totpCodeSchema,
  async run({ deps, caller }, input) {
    const user = staffAccount(caller);
    await appCode(deps, caller, user.id, input.code, "pending");
    const recoveryCodes = await newRecoveryCodes(deps.db, user.id);
    await endOtherSessions(deps, caller, user.id);
    return { status: 200, body: { message: said(caller, "totpOn"), recoveryCodes } };
  },
});

/** POST /api/account/totp/disable */
export const disableTotp = defineEndpoint({
  method: "POST",
  path: "/api/account/totp/disable",
  ...OWN_ACCOUNT,
  limits: codes("totp-disable"),
  input: totpCodeSchema,
  async run({ deps, caller }, input) {
    const user = staffAccount(caller);
    await appCode(deps, caller, user.id, input.code);
    await keepsRequiredFactor(deps, caller, { passkeys: await passkeyCount(deps.db, user.id), totp: false });
    await removeTotp(deps.db, user.id);
    await endOtherSessions(deps, caller, user.id);
    return { status: 200, body: { message: said(caller, "totpOff") } };
  },
});

/** POST /api/account/recovery-codes: a new set, the old ones void. */
export const renewRecoveryCodes = defineEndpoint({
  method: "POST",
  path: "/api/account/recovery-codes",
  ...OWN_ACCOUNT,
  limits: codes("recovery-codes"),
  input: totpCodeSchema,
  async run({ deps, caller }, input) {
    const user = staffAccount(caller);
    await appCode(deps, caller, user.id, input.code);
    return { status: 200, body: { message: said(caller, "recoveryRenewed"), recoveryCodes: await newRecoveryCodes(deps.db, user.id) } };
  },
});

/** The site's WebAuthn relying party, else 503 (passkeys need PUBLIC_URL's origin). */
function relyingParty(deps: EndpointDeps, caller: Pick<Caller, "lang">) {
  if (!deps.config.webauthn) throw new HttpError(503, said(caller, "passkeysUnavailable"));
  return deps.config.webauthn;
}

const ceremonyPerIp: LimitSpec = { name: "passkey-ip", limit: 30, windowMs: 60_000, message: { ns: "validation", key: "tooManySignIns" } };
const perAccountSecurity = (name: string, limit: number, windowMs: number): LimitSpec => ({
  name: `account-security-${name}`,
  limit,
  windowMs,
  keyBy: byCallerAccount,
});
const NOT_SIGNED_IN = { ns: "accounts", key: "api.notSignedIn" };

/** POST /api/passkeys/login/options ({ secondStep? } or no body): WebAuthn request options and a step cookie. */
export const passkeySignInOptions = defineEndpoint({
  method: "POST",
  path: "/api/passkeys/login/options",
  access: "anyone",
  optionalBody: true,
  limits: [ceremonyPerIp],
  input: passkeyOptionsSchema,
  async run({ deps, caller }, input) {
    const rp = relyingParty(deps, caller);
    // The second step after a staff password offers only that account's passkeys.
    const waiting = input.secondStep ? await currentStep(deps, caller, "second-factor") : undefined;
    if (input.secondStep && !waiting) throw new HttpError(401, said(caller, "stepExpired"));
    const options = await authenticationOptions(deps, rp, waiting?.user_id ?? null);
    await startStep(deps, caller, "passkey-login", { userId: waiting?.user_id ?? null, challenge: options.challenge });
    return { status: 200, body: { options } };
  },
});

/** POST /api/passkeys/login { response }: the browser's AuthenticationResponseJSON → signed in. */
export const passkeySignIn = defineEndpoint({
  method: "POST",
  path: "/api/passkeys/login",
  access: "anyone",
  limits: [ceremonyPerIp],
  input: passkeySignInSchema,
  async run({ deps, caller }, input) {
    const rp = relyingParty(deps, caller);
    const step = await takeStep(deps, caller, "passkey-login");
    if (!step) throw new HttpError(401, said(caller, "stepExpired"));
    const userId = await verifyPasskeySignIn(deps, rp, input.response, step.challenge, step.user_id);
    if (userId === null) throw new HttpError(401, said(caller, "passkeyRefused"));
    // A passkey with user verification is two factors in itself: no code after it.
    await takeStep(deps, caller, "second-factor");
    return finishSignIn(deps, caller, userId, "passkey");
  },
});

/** POST /api/account/passkeys/options (no body): options to add a passkey, and a step cookie. */
export const ownPasskeyOptions = defineEndpoint({
  method: "POST",
  path: "/api/account/passkeys/options",
  access: "signed-in",
  signedOut: NOT_SIGNED_IN,
  noBody: true,
  limits: [perAccountSecurity("passkey-options", 30, 10 * 60_000)],
  input: z.object({}),
  async run({ deps, caller }) {
    const rp = relyingParty(deps, caller);
    if ((await passkeyCount(deps.db, caller.user.id)) >= MAX_PASSKEYS) throw new HttpError(409, said(caller, "tooManyPasskeys", { max: MAX_PASSKEYS }));
    const options = await registrationOptions(deps, rp, caller.user);
    await startStep(deps, caller, "passkey-register", { userId: caller.user.id, challenge: options.challenge });
    return { status: 200, body: { options } };
  },
});

/** POST /api/account/passkeys { response, name? }: adds a passkey; every other session of the account ends. */
export const addOwnPasskey = defineEndpoint({
  method: "POST",
  path: "/api/account/passkeys",
  access: "signed-in",
  signedOut: NOT_SIGNED_IN,
  limits: [perAccountSecurity("passkey-add", 30, 10 * 60_000)],
  input: addPasskeySchema,
  async run({ deps, caller }, input) {
    const rp = relyingParty(deps, caller);
    const user = caller.user;
    const step = await takeStep(deps, caller, "passkey-register");
    if (!step || step.user_id !== user.id) throw new HttpError(401, said(caller, "stepExpired"));
    if ((await passkeyCount(deps.db, user.id)) >= MAX_PASSKEYS) throw new HttpError(409, said(caller, "tooManyPasskeys", { max: MAX_PASSKEYS }));
    const name = input.name ?? said(caller, "defaultName", { n: (await passkeyCount(deps.db, user.id)) + 1 });
    const passkey = await savePasskey(deps, rp, user.id, input.response, step.challenge, name);
    if (!passkey) throw new HttpError(400, said(caller, "passkeyRefused"));
    // A new way in: every other session of the account ends.
    await endOtherSessions(deps, caller, user.id);
    return {
      status: 201,
      body: {
        message: said(caller, "passkeyAdded"),
        passkey: { id: passkey.id, name: passkey.name, createdAt: passkey.created_at, lastUsedAt: passkey.last_used_at },
      },
    };
  },
});

/** GET /api/account/security: the account's passkeys, authenticator app and recovery codes left. */
export const readOwnSecurity = defineEndpoint({
  method: "GET",
  path: "/api/account/security",
  ...OWN_ACCOUNT,
  input: z.object({}),
  run: async ({ deps, caller }) => ({ status: 200, body: await securityOverview(deps, caller.user) }),
});

/**
 * Passkeys and the staff's second factor (issue 25, decision 046): passkey sign-in, the second
 * step after a staff password, and the account's own passkeys, authenticator app and recovery codes.
 */
export function securityApi(deps: EndpointDeps): Router {
  const router = Router();
  router.use(jsonRoutes(deps, [passkeySignInOptions, passkeySignIn, secondFactorSignIn]));

  router.use(["/api/account/security", "/api/account/passkeys", "/api/account/totp", "/api/account/recovery-codes"], requireAccount);

  router.use(
    jsonRoutes(deps, [
      readOwnSecurity,
      ownPasskeyOptions,
      addOwnPasskey,
      renameOwnPasskey,
      removeOwnPasskey,
      startTotpSetup,
      enableTotp,
      disableTotp,
      renewRecoveryCodes,
    ]),
  );
  return router;
}
