import { isStaffRole } from "~/lib/roles";
import { Router, type Request, type RequestHandler, type Response } from "express";
import type { EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { parseBody } from "~server/http/validate";
import { requestLang, serverT } from "~server/i18n";
import { accountAndClient, createRateLimit, formEmail } from "~server/security/rate-limit";
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
import { hasSecondFactor } from "./security/factors.server";
import { secondFactorGate, securityApi } from "./security/security.api";

const text = (req: Request, key: string) => serverT(requestLang(req), "accounts", `api.${key}`);
const publicUser = (user: SessionUser) => ({ username: user.username, email: user.email, role: user.role });

/**
 * /login and /logout are also pages whose forms post without JavaScript (url-encoded): those
 * posts belong to the page's action, which calls this same endpoint with JSON. Skipping them
 * here, before the rate limits, keeps a page post from being counted twice.
 */
const pagePostsToPage: RequestHandler = (req, _res, next) => next(req.is("application/x-www-form-urlencoded") ? "route" : undefined);

/**
 * The specification's account endpoints (section 7): /login, /api/getUser, /logout, /api/logout-user,
 * /register; plus the staff sign-in, password reset, Google sign-in and first-admin set-up.
 */
export function accountsApi(deps: EndpointDeps): Router {
  const router = Router();
  // Decision 045: a client's own tries are limited per client and per account from that client, so
  // its failures never lock the owner out; all clients together get a far higher, hourly limit.
  const tooManySignIns = { ns: "validation", key: "tooManySignIns" };
  const loginPerIp = createRateLimit(deps, { name: "login-ip", limit: 10, windowMs: 60_000, message: tooManySignIns });
  const loginPerAccountAndClient = createRateLimit(deps, {
    name: "login-account-client",
    limit: LOGIN_FAILURES_PER_CLIENT,
    windowMs: 15 * 60_000,
    keyBy: (req) => accountAndClient(formEmail(req), req),
    failuresOnly: true,
    message: tooManySignIns,
  });
  const loginPerAccount = createRateLimit(deps, { name: "login-account", limit: LOGIN_FAILURES_PER_ACCOUNT, windowMs: 60 * 60_000, keyBy: formEmail, failuresOnly: true, message: tooManySignIns });
  const signupPerIp = createRateLimit(deps, { name: "signup-ip", limit: 5, windowMs: 10 * 60_000, message: { ns: "validation", key: "tooManySignUps" } });

  // Runs first for every request: the staff's second-factor requirement (decision 046).
  router.use(secondFactorGate(deps));

  /**
   * After the password: staff with a second factor get a waiting step (no session yet) and are
   * sent to /admin/login/second-factor; everyone else is signed in.
   */
  const afterPassword = async (req: Request, res: Response, user: SessionUser) => {
    if (isStaffRole(user.role) && (await hasSecondFactor(deps.db, user.id))) {
      await startStep(deps, req, res, "second-factor", { userId: user.id, challenge: "password" });
      res.json({ message: text(req, "secondFactorNeeded"), secondFactor: true });
      return;
    }
    await startSession(deps, req, res, user.id, "password");
    res.json({ message: text(req, "loggedIn"), user: publicUser(user) });
  };

  router.post("/login", pagePostsToPage, loginPerIp, loginPerAccountAndClient, loginPerAccount, async (req, res) => {
    const input = parseBody(loginSchema, req);
    const result = await authenticate(deps.db, input.email, input.password);
    if (!result.ok) throw new HttpError(result.reason === "disabled" ? 403 : 401, text(req, result.reason === "disabled" ? "disabled" : "invalidCredentials"));
    await afterPassword(req, res, result.user);
  });

  // The staff sign-in: the role is checked before any session exists, so a parent's account
  // gets a clear refusal and no cookie. Same limits as /login (shared counters).
  router.post("/api/admin/login", loginPerIp, loginPerAccountAndClient, loginPerAccount, async (req, res) => {
    const input = parseBody(loginSchema, req);
    const result = await authenticate(deps.db, input.email, input.password);
    if (!result.ok) throw new HttpError(result.reason === "disabled" ? 403 : 401, text(req, result.reason === "disabled" ? "disabled" : "invalidCredentials"));
    if (!isStaffRole(result.user.role)) throw new HttpError(403, text(req, "notStaff"));
    await afterPassword(req, res, result.user);
  });

  router.get("/api/getUser", (req, res) => {
    const user = res.locals.user as SessionUser | null;
    if (!user) throw new HttpError(401, text(req, "notSignedIn"));
    res.json({ user: publicUser(user) });
  });

  const logout = async (req: Request, res: Response) => {
    await endSession(deps, req, res);
    res.json({ message: text(req, "loggedOut") });
  };
  router.post("/logout", pagePostsToPage, logout);
  router.post("/api/logout-user", logout);

  router.post("/register", signupPerIp, async (req, res) => {
    const input = parseBody(registerSchemaFor(await sitePhoneCountry(deps.db)), req);
    const id = await createUser(deps.db, { username: input.username, email: input.email, password: input.password, contactNumber: input.contactNumber });
    if (id === null) throw new HttpError(409, text(req, "emailTaken"), { email: text(req, "emailTaken") });
    res.status(201).json({ message: text(req, "registered") });
  });

  router.use(passwordResetApi(deps), googleAuthApi(deps), adminSetupApi(deps), staffInviteApi(deps), securityApi(deps));
  return router;
}
