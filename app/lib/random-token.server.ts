import { randomBytes } from "node:crypto";

/** A random URL-safe secret (24 bytes): booking references, waitlist and enrolment links. */
export const randomToken = (): string => randomBytes(24).toString("base64url");
