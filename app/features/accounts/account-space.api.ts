import { familyEndpoint } from "~/features/family/account-owner.server";
import { isStaffRole } from "~/lib/roles";
import { Router } from "express";
import { portfolioStorage } from "~server/storage/private-storage";
import { z } from "zod";
import { accessGuard, defineEndpoint, fileAnswer, jsonRoutes, type Caller, type Endpoint, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { byCallerAccount, type LimitSpec } from "~server/security/rate-limit";
import { endSession, startSession } from "~server/security/session";
import { academyTimeZone } from "~/features/site/academy-zone.server";
import { sitePhoneCountry } from "~/features/site/site.server";
import { idParams } from "~/lib/record-id";
import { idOr404 } from "~/features/admin-kit/admin-http.server";
import { addChild, listChildren, removeChild, updateChild } from "~/features/family/children.server";
import { accountCertificate, accountExport, accountOverview, changePassword, deleteAccount, updateProfile } from "./account-space.server";
import { certificatePdf } from "~/features/certificates/certificates.api";
import { changePasswordSchema, childSchema, deleteAccountSchema, profileSchemaFor } from "./accounts.schema";
import { MAX_CHILDREN } from "~/features/family/limits";
import { createPasswordReset } from "./password-reset.server";

const said = (caller: Caller, key: string) => serverT(caller.lang, "accounts", `space.api.${key}`);

/** The account endpoints' own answer to a signed-out caller (as requireAccount's). */
export const OWN_ACCOUNT = { access: "signed-in", signedOut: { ns: "accounts", key: "api.notSignedIn" } } as const;

/** Every /api/account endpoint is the signed-in account's own: 401 JSON without a session. */
export const requireAccount = accessGuard(OWN_ACCOUNT.access, OWN_ACCOUNT.signedOut);

/**
 * Counted per account (not per address): a stolen session cannot try passwords from many
 * addresses. The access check runs first, so there is always an account.
 */
export const perAccount = (name: string, limit: number, windowMs: number): LimitSpec => ({ name, limit, windowMs, keyBy: byCallerAccount });

/** PATCH /api/account/profile: name and phone (the phone rule follows the academy's country, or the one chosen beside the field). */
export const saveProfile = defineEndpoint({
  method: "PATCH",
  path: "/api/account/profile",
  ...OWN_ACCOUNT,
  limits: [perAccount("account-profile", 20, 60_000)],
  input: async ({ db }, raw) => profileSchemaFor(await sitePhoneCountry(db, raw)),
  async run({ deps: { db }, caller }, input) {
    const user = caller.user;
    await updateProfile(db, user.id, input);
    return { status: 200, body: { message: said(caller, "profileSaved"), user: { username: input.username, email: user.email, role: user.role } } };
  },
});

/** POST /api/account/password: the current password proves the holder. */
export const changeOwnPassword = defineEndpoint({
  method: "POST",
  path: "/api/account/password",
  ...OWN_ACCOUNT,
  limits: [perAccount("account-password", 10, 10 * 60_000)],
  input: changePasswordSchema,
  async run({ deps, caller }, input) {
    const user = caller.user;
    if (!(await changePassword(deps.db, user.id, input.currentPassword, input.password))) {
      const message = said(caller, "wrongPassword");
      throw new HttpError(400, message, { currentPassword: message });
    }
    // Every session ended with the change (decision 013); this browser gets a fresh one.
    await startSession(deps, caller, user.id, caller.sessionKind === "google" ? "google" : "password");
    return { status: 200, body: { message: said(caller, "passwordChanged") } };
  },
});

/**
 * POST /api/account/password/link: a Google-only account asks for a password (decision 033): a
 * one-time link, valid for an hour, to its own (Google-proven) address, made by the password-reset
 * machinery. The link's page sets the password and ends every session, as a reset does.
 * Each request sends an e-mail: a few an hour are plenty for a mislaid message.
 */
export const sendPasswordLink = defineEndpoint({
  method: "POST",
  path: "/api/account/password/link",
  ...OWN_ACCOUNT,
  noBody: true,
  limits: [perAccount("account-password-link", 5, 60 * 60_000)],
  input: z.object({}),
  async run({ deps: { db, config }, caller }) {
    const user = caller.user;
    const row = await db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
    if (row.password_hash !== null) throw new HttpError(409, said(caller, "hasPassword"));
    await createPasswordReset(db, config.sessionSecret, user, { lang: caller.lang, purpose: "set" });
    return { status: 200, body: { message: said(caller, "passwordLinkSent") } };
  },
});

// One counter per kind of change, so a burst of one kind leaves the others usable.
const childLimit = (name: string) => [perAccount(`account-children-${name}`, 30, 60_000)];
/** A saved child's id: checked inside, so a bad one answers the documented "child not found". */
const childParams = z.object({ id: z.string() });

/** POST /api/account/children */
export const addOwnChild = familyEndpoint("act", {
  method: "POST",
  path: "/api/account/children",
  ...OWN_ACCOUNT,
  limits: childLimit("add"),
  input: childSchema,
  async run({ deps: { db }, caller }, child) {
    const saved = await addChild(db, caller.user.id, child);
    if (saved === "full") throw new HttpError(409, serverT(caller.lang, "accounts", "space.api.tooManyChildren", { count: MAX_CHILDREN }));
    return { status: 201, body: { message: said(caller, "childAdded"), child: saved } };
  },
});

/** PUT /api/account/children/{id} */
export const saveOwnChild = familyEndpoint("act", {
  method: "PUT",
  path: "/api/account/children/:id",
  ...OWN_ACCOUNT,
  limits: childLimit("change"),
  params: childParams,
  input: childSchema,
  async run({ deps: { db }, caller, params }, child) {
    const id = idOr404(params.id, said(caller, "childNotFound"));
    if (!(await updateChild(db, caller.user.id, id, child))) throw new HttpError(404, said(caller, "childNotFound"));
    return { status: 200, body: { message: said(caller, "childSaved"), child: { id, ...child } } };
  },
});

/** DELETE /api/account/children/{id} */
export const removeOwnChild = familyEndpoint("act", {
  method: "DELETE",
  path: "/api/account/children/:id",
  ...OWN_ACCOUNT,
  limits: childLimit("remove"),
  params: childParams,
  input: z.object({}),
  async run({ deps: { db }, caller, params }) {
    const id = idOr404(params.id, said(caller, "childNotFound"));
    if (!(await removeChild(db, caller.user.id, id))) throw new HttpError(404, said(caller, "childNotFound"));
    return { status: 200, body: { message: said(caller, "childRemoved") } };
  },
});

/** POST /api/account/delete: the account's e-mail typed again confirms it. */
export const deleteOwnAccount = defineEndpoint({
  method: "POST",
  path: "/api/account/delete",
  ...OWN_ACCOUNT,
  limits: [perAccount("account-delete", 10, 10 * 60_000)],
  input: deleteAccountSchema,
  async run({ deps, caller }, input) {
    const user = caller.user;
    // Staff accounts carry the audit trail's names; other staff remove them (admin users screen).
    if (isStaffRole(user.role)) throw new HttpError(403, said(caller, "staffCannotDelete"));
    if (input.email.toLowerCase() !== user.email.toLowerCase()) {
      const message = said(caller, "emailMismatch");
      throw new HttpError(400, message, { email: message });
    }
    await deleteAccount(deps.db, user.id, portfolioStorage(deps.config));
    await endSession(deps, caller);
    return { status: 200, body: { message: said(caller, "deleted") } };
  },
});

/** GET /api/account: what the account holds (profile, bookings, enrolments, waitlists, certificates). */
export const readOwnAccount = familyEndpoint("see", {
  method: "GET",
  path: "/api/account",
  ...OWN_ACCOUNT,
  input: z.object({}),
  async run({ deps: { db, config }, caller }) {
    return { status: 200, body: { ...(await accountOverview(db, caller.user.id, await academyTimeZone(db), caller.lang, config.sessionSecret)) } };
  },
});

/** GET /api/account/children → { children }: the account's saved children. */
export const listOwnChildren = familyEndpoint("see", {
  method: "GET",
  path: "/api/account/children",
  ...OWN_ACCOUNT,
  input: z.object({}),
  async run({ deps: { db }, caller }) {
    return { status: 200, body: { children: await listChildren(db, caller.user.id) } };
  },
});

/** GET /api/account/certificates/{id}/pdf: a certificate of one of the account's children (decision 080); another family's id is a 404. */
export const ownCertificatePdf = familyEndpoint("see", {
  method: "GET",
  path: "/api/account/certificates/:id/pdf",
  ...OWN_ACCOUNT,
  produces: "pdf",
  params: idParams,
  notFound: { ns: "certificates", key: "api.notFound" },
  input: z.object({}),
  async run({ deps: { db, config }, caller, params: { id } }) {
    const certificate = await accountCertificate(db, caller.user.id, id);
    if (!certificate) throw new HttpError(404, serverT(caller.lang, "certificates", "api.notFound"));
    return certificatePdf(certificate, caller.lang, config.publicUrl);
  },
});

/** GET /api/account/export: everything held about the account, as a JSON download. */
export const exportOwnAccount = familyEndpoint("act", {
  method: "GET",
  path: "/api/account/export",
  ...OWN_ACCOUNT,
  produces: "json",
  limits: [perAccount("account-export", 20, 60_000)],
  input: z.object({}),
  async run({ deps: { db }, caller }) {
    const data = await accountExport(db, caller.user.id);
    return fileAnswer("json", JSON.stringify(data, null, 2), { filename: "stem-academy-my-data.json", cacheControl: "private, no-store" });
  },
});

const accountReads = [readOwnAccount, listOwnChildren, ownCertificatePdf, exportOwnAccount];

const accountWrites: readonly Endpoint[] = [saveProfile, changeOwnPassword, sendPasswordLink, addOwnChild, saveOwnChild, removeOwnChild, deleteOwnAccount];

/**
 * The parent's own space (issue 17, decision 026): what the account holds, profile and password
 * changes, a copy of the data, and deletion. The same-origin check on writes is the API's own
 * (server/app.ts), as for every cookie-carrying write.
 */
export function accountSpaceApi(deps: EndpointDeps): Router {
  const router = Router();
  // Signed out, every /api/account call is refused before its body is read (401, not 415).
  router.use("/api/account", requireAccount);
  router.use(jsonRoutes(deps, [...accountWrites, ...accountReads]));
  return router;
}
