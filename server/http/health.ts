import { Router } from "express";
import { sql } from "kysely";
import type { DB } from "~server/db/db";

/** GET /healthz: 200 once the database answers, 503 otherwise. */
export function healthRouter(db: DB): Router {
  const router = Router();
  router.get("/healthz", async (_req, res) => {
    try {
      await sql`select 1`.execute(db);
      res.json({ status: "ok" });
    } catch {
      res.status(503).json({ status: "unavailable", message: "The database is not answering." });
    }
  });
  return router;
}
