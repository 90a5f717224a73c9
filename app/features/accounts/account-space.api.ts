import { isStaffRole } from "~/lib/roles";
import { Router, type Request, type RequestHandler, type Response } from "express";
import type { EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { parseBody } from "~server/http/validate";
import { requestLang, serverT } from "~server/i18n";
import { createRateLimit } from "~server/security/rate-limit";
import { endSession, startSession, type SessionUser } from "~server/security/session";
import { academyTimeZone } from "~/features/booking/academy-zone.server";
import { sitePhoneCountry } from "~/features/site/site.server";
import { idOr404 } from "~/features/admin/admin-http.server";
import { addChild, listChildren, removeChild, updateChild } from "./account-children.server";
import { accountExport, accountOverview, changePassword, deleteAccount, updateProfile } from "./account-space.server";
import { changePasswordSchema, childSchema, deleteAccountSchema, MAX_CHILDREN, profileSchemaFor } from "./accounts.schema";
import { createPasswordReset } from "./password-reset.server";

const text = (req: Request, key: string) => serverT(requestLang(req), "accounts", `space.api.${key}`);
const signedIn = (res: Response) => res.locals.user as SessionUser;

/** Every /api/account endpoint is the signed-in account's own: 401 JSON without a session. */
export const requireAccount: RequestHandler = (req, res, next) => {
  if (!res.locals.user) {
    res.status(401).json({ message: serverT(requestLang(req), "accounts", "api.notSignedIn") });
    return;
  }
  next();
};

/**
 * Counted per account (not per address): a stolen session cannot try passwords from many
 * addresses. requireAccount runs first, so there is always an account.
 */
export const byAccount = (req: Request) => `account:${(req.res?.locals.user as SessionUser | null | undefined)?.id ?? 0}`;

/**
 * The parent's own space (issue 17, decision 026): what the account holds, profile and password
 * changes, a copy of the data, and deletion. The same-origin check on writes is the API's own
 * (server/app.ts), as for every cookie-carrying write.
 */
export function accountSpaceApi(deps: EndpointDeps): Router {
  const { db, config } = deps;
  const router = Router();
  const profileLimit = createRateLimit(deps, { name: "account-profile", limit: 20, windowMs: 60_000, keyBy: byAccount });
  const passwordLimit = createRateLimit(deps, { name: "account-password", limit: 10, windowMs: 10 * 60_000, keyBy: byAccount });
  const deleteLimit = createRateLimit(deps, { name: "account-delete", limit: 10, windowMs: 10 * 60_000, keyBy: byAccount });
  const exportLimit = createRateLimit(deps, { name: "account-export", limit: 20, windowMs: 60_000, keyBy: byAccount });
  // One counter per kind of change, so a burst of one kind leaves the others usable.
  const childLimit = (name: string) => createRateLimit(deps, { name: `account-children-${name}`, limit: 30, windowMs: 60_000, keyBy: byAccount });
  const [addChildLimit, changeChildLimit, removeChildLimit] = [childLimit("add"), childLimit("change"), childLimit("remove")];
  // Each request sends an e-mail: a few an hour are plenty for a mislaid message.
  const passwordLinkLimit = createRateLimit(deps, { name: "account-password-link", limit: 5, windowMs: 60 * 60_000, keyBy: byAccount });

  router.use("/api/account", requireAccount);

  router.get("/api/account", async (req, res) => {
    const overview = await accountOverview(db, signedIn(res).id, await academyTimeZone(db), requestLang(req), deps.config.sessionSecret);
    res.set("Cache-Control", "private, no-store").json(overview);
  });

  router.patch("/api/account/profile", profileLimit, async (req, res) => {
    const input = parseBody(profileSchemaFor(await sitePhoneCountry(db)), req);
    const user = signedIn(res);
    await updateProfile(db, user.id, input);
    res.json({ message: text(req, "profileSaved"), user: { username: input.username, email: user.email, role: user.role } });
  });

  router.post("/api/account/password", passwordLimit, async (req, res) => {
    const input = parseBody(changePasswordSchema, req);
    const user = signedIn(res);
    if (!(await changePassword(db, user.id, input.currentPassword, input.password))) {
      const message = text(req, "wrongPassword");
      throw new HttpError(400, message, { currentPassword: message });
    }
    // Every session ended with the change (decision 013); this browser gets a fresh one.
    await startSession(deps, req, res, user.id, res.locals.sessionKind === "google" ? "google" : "password");
    res.json({ message: text(req, "passwordChanged") });
  });

  /**
   * A Google-only account asks for a password (decision 033): a one-time link, valid for an hour,
   * to its own (Google-proven) address, made by the password-reset machinery. The link's page sets
   * the password and ends every session, as a reset does.
   */
  router.post("/api/account/password/link", passwordLinkLimit, async (req, res) => {
    const user = signedIn(res);
    const row = await db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
    if (row.password_hash !== null) throw new HttpError(409, text(req, "hasPassword"));
    const lang = requestLang(req);
    await createPasswordReset(db, config.sessionSecret, user, { lang, purpose: "set" });
    res.json({ message: text(req, "passwordLinkSent") });
  });

  router.get("/api/account/children", async (_req, res) => {
    res.set("Cache-Control", "private, no-store").json({ children: await listChildren(db, signedIn(res).id) });
  });

  router.post("/api/account/children", addChildLimit, async (req, res) => {
    const child = parseBody(childSchema, req);
    const saved = await addChild(db, signedIn(res).id, child);
    if (saved === "full") throw new HttpError(409, serverT(requestLang(req), "accounts", "space.api.tooManyChildren", { count: MAX_CHILDREN }));
    res.status(201).json({ message: text(req, "childAdded"), child: saved });
  });

  router.put("/api/account/children/:id", changeChildLimit, async (req, res) => {
    const id = idOr404(req.params.id, text(req, "childNotFound"));
    const child = parseBody(childSchema, req);
    if (!(await updateChild(db, signedIn(res).id, id, child))) throw new HttpError(404, text(req, "childNotFound"));
    res.json({ message: text(req, "childSaved"), child: { id, ...child } });
  });

  router.delete("/api/account/children/:id", removeChildLimit, async (req, res) => {
    const id = idOr404(req.params.id, text(req, "childNotFound"));
    if (!(await removeChild(db, signedIn(res).id, id))) throw new HttpError(404, text(req, "childNotFound"));
    res.json({ message: text(req, "childRemoved") });
  });

  router.get("/api/account/export", exportLimit, async (_req, res) => {
    const data = await accountExport(db, signedIn(res).id);
    res
      .set("Cache-Control", "private, no-store")
      .set("Content-Disposition", 'attachment; filename="stem-academy-my-data.json"')
      .type("application/json")
      .send(JSON.stringify(data, null, 2));
  });

  router.post("/api/account/delete", deleteLimit, async (req, res) => {
    const input = parseBody(deleteAccountSchema, req);
    const user = signedIn(res);
    // Staff accounts carry the audit trail's names; other staff remove them (admin users screen).
    if (isStaffRole(user.role)) throw new HttpError(403, text(req, "staffCannotDelete"));
    if (input.email.toLowerCase() !== user.email.toLowerCase()) {
      const message = text(req, "emailMismatch");
      throw new HttpError(400, message, { email: message });
    }
    await deleteAccount(db, user.id);
    await endSession(deps, req, res);
    res.json({ message: text(req, "deleted") });
  });

  return router;
}
