import { isTeachingRole } from "~/lib/roles";
import { Router } from "express";
import { z } from "zod";
import { defineEndpoint, jsonRoutes, type Caller, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { accountAndClient, inputEmail, type LimitSpec } from "~server/security/rate-limit";
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_CLIENT } from "./account-limits";
import { endSession, startSession, type SessionUser } from "~server/security/session";
import { sitePhoneCountry } from "~/features/site/site.server";
import { registerSchemaFor, loginSchema } from "./accounts.schema";
import { adminSetupApi } from "./admin-setup.api";
import { staffInviteApi } from "./staff-invite.api";
import { authenticate, createUser } from "./accounts.server";
import { googleAuthApi } from "./google.api";
import { passwordResetApi } from "./password-reset.api";
import { startStep } from "./security/auth-steps.server";
import { secondStepNeeded } from "./security/factors.server";
import { secondFactorGate, securityApi } from "./security/security.api";
import { queueEmailProof } from "./email-proof.server";

const text = (caller: Caller, key: string) => serverT(caller.lang, "accounts", `api.${key}`);
const publicUser = (user: SessionUser) => ({ username: user.username, email: user.email, role: user.role });

// Decision 045: a client's own tries are limited per client and per account from that client, so
// its failures never lock the owner out; all clients together get a far higher, hourly limit.
// /login and /api/admin/login share these counters.
const tooManySignIns = { ns: "validation", key: "tooManySignIns" };
const signInLimits: readonly LimitSpec[] = [
  { name: "login-ip", limit: 10, windowMs: 60_000, message: tooManySignIns },
  {
    name: "login-account-client",
    limit: LOGIN_FAILURES_PER_CLIENT,
    windowMs: 15 * 60_000,
    keyBy: (caller, input) => accountAndClient(inputEmail(input), caller),
    failuresOnly: true,
    message: tooManySignIns,
  },
  {
    name: "login-account",
    limit: LOGIN_FAILURES_PER_ACCOUNT,
    windowMs: 60 * 60_000,
    keyBy: (_caller, input) => inputEmail(input),
    failuresOnly: true,
    message: tooManySignIns,
  },
];

/**
 * After the password: staff with a second factor get a waiting step (no session yet) and are
 * sent to /admin/login/second-factor; everyone else is signed in.
 */
async function afterPassword(deps: EndpointDeps, caller: Caller, user: SessionUser) {
  if (await secondStepNeeded(deps.db, user.id)) {
    await startStep(deps, caller, "second-factor", { userId: user.id, challenge: "password" });
    return { status: 200, body: { message: text(caller, "secondFactorNeeded"), secondFactor: true } };
  }
  await startSession(deps, caller, user.id, "password");
  return { status: 200, body: { message: text(caller, "loggedIn"), user: publicUser(user) } };
}

async function checkedPassword(deps: EndpointDeps, caller: Caller, input: z.output<typeof loginSchema>): Promise<SessionUser> {
  const result = await authenticate(deps.db, input.email, input.password);
  if (!result.ok) throw new HttpError(result.reason === "disabled" ? 403 : 401, text(caller, result.reason === "disabled" ? "disabled" : "invalidCredentials"));
  return result.user;
}

/** POST /login: e-mail and password. */
export const signIn = defineEndpoint({
  method: "POST",
  path: "/login",
  access: "anyone",
  limits: signInLimits,
  input: loginSchema,
  async run({ deps, caller }, input) {
    return afterPassword(deps, caller, await checkedPassword(deps, caller, input));
  },
});

/** POST /api/admin/login: the role is checked before any session exists, so a parent's account gets a clear refusal and no cookie. */
export const staffSignIn = defineEndpoint({
  method: "POST",
  path: "/api/admin/login",
  access: "anyone",
  limits: signInLimits,
  input: loginSchema,
  async run({ deps, caller }, input) {
    const user = await checkedPassword(deps, caller, input);
    // Instructors sign in here too (decision 074) and land on their classes.
    if (!isTeachingRole(user.role)) throw new HttpError(403, text(caller, "notStaff"));
    return afterPassword(deps, caller, user);
  },
});

/** Password and Google sessions end the same way: POST /logout and POST /api/logout-user. */
const signOutAt = (path: string) =>
  defineEndpoint({
    method: "POST",
    path,
    access: "anyone",
    noBody: true,
    input: z.object({}),
    async run({ deps, caller }) {
      await endSession(deps, caller);
      return { status: 200, body: { message: text(caller, "loggedOut") } };
    },
  });
export const signOut = signOutAt("/logout");
export const signOutUser = signOutAt("/api/logout-user");

/** The sign-up form's input: its phone rule follows the academy's country (or the one chosen beside the field). */
const signUpInput = async ({ db }: EndpointDeps, raw: unknown) => registerSchemaFor(await sitePhoneCountry(db, raw));

/** POST /register: the specification's sign-up. */
export const register = defineEndpoint({
  method: "POST",
  path: "/register",
  access: "anyone",
  limits: [{ name: "signup-ip", limit: 5, windowMs: 10 * 60_000, message: { ns: "validation", key: "tooManySignUps" } }],
  input: signUpInput,
  async run({ deps: { db }, caller }, input) {
    const id = await createUser(db, { username: input.username, email: input.email, password: input.password, contactNumber: input.contactNumber });
    if (id === null) throw new HttpError(409, text(caller, "emailTaken"), { email: text(caller, "emailTaken") });
    return { status: 201, body: { message: text(caller, "registered") } };
  },
});

/**
 * POST /api/signup: the sign-up page's (issue 42, step 5). The account as /register makes it, then
 * the parent is signed in at once and sent a "confirm your e-mail" link, so the account shows the
 * family's bookings and enrolments after one tap instead of a sign-in and a password reset.
 * /register (the specification's) stays as it was for API clients.
 */
export const signUp = defineEndpoint({
  method: "POST",
  path: "/api/signup",
  access: "anyone",
  limits: [{ name: "signup-ip", limit: 5, windowMs: 10 * 60_000, message: { ns: "validation", key: "tooManySignUps" } }],
  input: signUpInput,
  async run({ deps, caller }, input) {
    const id = await createUser(deps.db, { username: input.username, email: input.email, password: input.password, contactNumber: input.contactNumber });
    if (id === null) throw new HttpError(409, text(caller, "emailTaken"), { email: text(caller, "emailTaken") });
    await queueEmailProof(deps.db, { id, email: input.email }, caller.lang);
    await startSession(deps, caller, id, "password");
    return {
      status: 201,
      body: { message: serverT(caller.lang, "email-proof", "notice.created"), user: { username: input.username, email: input.email, role: "user" } },
    };
  },
});

/** The paths Express's router would match for "/login" and "/logout" (any case, an optional trailing slash). */
const PAGE_POSTS = /^\/(?:login|logout)\/?$/i;

/** GET /api/getUser → { user }: the signed-in account, 401 signed out. */
export const currentUser = defineEndpoint({
  method: "GET",
  path: "/api/getUser",
  access: "signed-in",
  signedOut: { ns: "accounts", key: "api.notSignedIn" },
  input: z.object({}),
  run: async ({ caller }) => ({ status: 200, body: { user: publicUser(caller.user) } }),
});

/**
 * /login and /logout are also pages whose forms post without JavaScript (url-encoded): those
 * posts leave this router for the page's action, which runs the same endpoint in process.
 */
function leavingPagePosts(json: Router): Router {
  const router = Router();
  // A pass-through, not a route: a url-encoded POST to /login or /logout skips the JSON endpoints.
  router.use((req, _res, next) =>
    next(req.method === "POST" && PAGE_POSTS.test(req.path) && req.is("application/x-www-form-urlencoded") ? "router" : undefined),
  );
  router.use(json);
  return router;
}

/**
 * The specification's account endpoints (section 7): /login, /api/getUser, /logout, /api/logout-user,
 * /register; plus the staff sign-in, password reset, Google sign-in and first-admin set-up.
 */
export function accountsApi(deps: EndpointDeps): Router {
  const router = Router();
  // Runs first for every request: the staff's second-factor requirement (decision 046).
  router.use(secondFactorGate(deps));

  router.use(leavingPagePosts(jsonRoutes(deps, [currentUser, signIn, staffSignIn, signOut, signOutUser, register, signUp])));
  router.use(passwordResetApi(deps), googleAuthApi(deps), adminSetupApi(deps), staffInviteApi(deps), securityApi(deps));
  return router;
}
