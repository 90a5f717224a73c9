import type { RequestHandler } from "express";
import type { SessionUser } from "./session";

/** 401 without a session, 403 for an account that is not staff. */
export const requireAdmin: RequestHandler = (_req, res, next) => {
  const user = res.locals.user as SessionUser | null;
  if (!user) {
    res.status(401).json({ message: "Please sign in first." });
    return;
  }
  if (user.role !== "admin") {
    res.status(403).json({ message: "This area is for staff only." });
    return;
  }
  next();
};
