import type { Config } from "~server/config";
import type { DB } from "~server/db/db";
import type { SessionUser } from "~server/security/session";
import type { SharedEndpoints } from "~server/features";
import type { RunEndpoint } from "./lib/forms/form-state";

// What every loader and action receives as `context` (filled in server/app.ts).
declare module "react-router" {
  interface AppLoadContext {
    db: DB;
    config: Config;
    cspNonce: string;
    /** The signed-in account, or null. */
    user: SessionUser | null;
    /** How the session was started: password or Google sign-in (each has its own logout path). */
    sessionKind: "password" | "google" | "passkey" | null;
    /** The public reference of this request's session (the devices list marks "this device"). */
    sessionRef: string | null;
    /** Staff who must set up a second factor first (the academy requires one): admin pages send them to /account/security. */
    secondFactorMissing: boolean;
    /** Runs an endpoint in process as this visitor: the same access, limits, schema and function as its JSON route. */
    run: RunEndpoint;
    /** Another feature's endpoints a page runs (server/features.ts: sharedEndpoints), without importing that feature. */
    endpoints: SharedEndpoints;
  }
}

export {};
