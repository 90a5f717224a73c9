import { accessGuard } from "~server/http/endpoint";

// The routers written by hand keep these names; the rule itself is checkAccess (server/http/endpoint.ts).

/** 401 without a session, 403 for an account that is not staff (editor or admin). */
export const requireStaff = accessGuard("staff");

/** 401 without a session, 403 unless an admin: accounts, invitations, settings and the audit log. */
export const requireAdmin = accessGuard("admin");
