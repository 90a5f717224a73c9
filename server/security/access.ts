import type { RequestHandler } from "express";
import { isStaffRole, type Role } from "~/lib/roles";
import type { SessionUser } from "./session";

const SECOND_FACTOR_FIRST = "Set up a second factor (a passkey or an authenticator app) on your account's security page (/account/security) before using the staff area.";

function requireRole(allowed: (role: Role) => boolean, refusal: string): RequestHandler {
  return (_req, res, next) => {
    const user = res.locals.user as SessionUser | null;
    if (!user) {
      res.status(401).json({ message: "Please sign in first." });
      return;
    }
    if (!allowed(user.role)) {
      res.status(403).json({ message: refusal });
      return;
    }
    // The academy requires a second factor and this staff account has none yet (decision 046).
    if (res.locals.secondFactorMissing === true) {
      res.status(403).json({ message: SECOND_FACTOR_FIRST });
      return;
    }
    next();
  };
}

/** 401 without a session, 403 for an account that is not staff (editor or admin). */
export const requireStaff = requireRole(isStaffRole, "This area is for staff only.");

/** 401 without a session, 403 unless an admin: accounts, invitations, settings and the audit log. */
export const requireAdmin = requireRole((role) => role === "admin", "This part of the staff area is for administrators only.");
