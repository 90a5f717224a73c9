import { Router } from "express";
import { sql } from "kysely";
import type { DB } from "~server/db/db";

/**
 * GET /healthz: 200 once the database answers, 503 otherwise, and 503 while the process drains
 * (server/http/drain.ts), so the proxy stops sending it new requests before it stops.
 */
export function healthRouter(db: DB, drain?: { readonly draining: boolean }): Router {
  const router = Router();
  router.get("/healthz", async (_req, res) => {
    if (drain?.draining) {
      res.status(503).json({ status: "draining", message: "This instance is shutting down." });
      return;
    }
    try {
      await sql`select 1`.execute(db);
      res.json({ status: "ok" });
    } catch {
      res.status(503).json({ status: "unavailable", message: "The database is not answering." });
    }
  });
  return router;
}
