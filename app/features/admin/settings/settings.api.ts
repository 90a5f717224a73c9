import { Router } from "express";
import { z } from "zod";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { parseBody } from "~server/http/validate";
import { requestLang, serverT } from "~server/i18n";
import { requireAdmin } from "~server/security/access";
import { getSiteSettings } from "~/features/site/site.server";
import { idOr404, staffOf } from "~/features/admin-kit/admin-http.server";
import { idParams } from "~/lib/record-id";
import { byCallerAccount } from "~server/security/rate-limit";
import { campFormSchema, settingsUpdateSchema } from "./settings.schema";
import { getAdminCamp, listAdminCamps, saveCamp, saveSiteSettings, setCampBatchesFromStartDate } from "./settings.server";

/** POST /api/admin/camps/{id}/batches-from-start-date: "Set batches from the start date" on the camp screen (decision 037). No body. */
export const setBatchesFromStartDate = defineEndpoint({
  method: "POST",
  path: "/api/admin/camps/:id/batches-from-start-date",
  access: "admin",
  noBody: true,
  params: idParams,
  input: z.object({}),
  async run({ deps: { db }, caller, params: { id } }) {
    if (!(await setCampBatchesFromStartDate(db, id, caller.user!.id))) throw new HttpError(404, serverT(caller.lang, "admin", "api.notFound"));
    return { status: 200, body: { message: serverT(caller.lang, "admin", "camps.batchesSet"), camp: await getAdminCamp(db, id) } };
  },
});

/** GET /api/admin/settings → { settings }: every site setting, as stored (defaults for the ones never saved). */
export const readSettings = defineEndpoint({
  method: "GET",
  path: "/api/admin/settings",
  access: "admin",
  input: z.object({}),
  async run({ deps: { db } }) {
    return { status: 200, body: { settings: await getSiteSettings(db) } };
  },
});

/**
 * PUT /api/admin/settings with any of the settings → { message, settings }: the ones named are
 * saved, the others keep their stored values (decision 116), audited before → after in the same
 * transaction. Each /admin/settings/{group} page posts its own fields to it, in process.
 */
export const saveSettings = defineEndpoint({
  method: "PUT",
  path: "/api/admin/settings",
  access: "admin",
  // Per account: far above a person saving pages, well below a runaway script.
  limits: [{ name: "admin-settings", limit: 120, windowMs: 10 * 60_000, keyBy: byCallerAccount }],
  input: settingsUpdateSchema,
  async run({ deps: { db }, caller }, change) {
    if (!Object.values(change).some((value) => value !== undefined)) throw new HttpError(400, serverT(caller.lang, "admin", "settings.nothingToSave"));
    const settings = await saveSiteSettings(db, change, caller.user!.id, caller.lang);
    return { status: 200, body: { message: serverT(caller.lang, "admin", "api.saved"), settings } };
  },
});

/** /api/admin/settings (site settings) and /api/admin/camps (summer camps). Staff only. */
export function settingsApi(deps: EndpointDeps): Router {
  const { db } = deps;
  const router = Router();
  router.use(jsonRoutes(deps, [readSettings, saveSettings]));
  router.use("/api/admin/camps", requireAdmin);

  router.get("/api/admin/camps", async (_req, res) => {
    res.json({ camps: await listAdminCamps(db) });
  });

  router.get("/api/admin/camps/:id", async (req, res) => {
    const camp = await getAdminCamp(db, idOr404(req.params.id));
    if (!camp) throw new HttpError(404, serverT(requestLang(req), "admin", "api.notFound"));
    res.json({ camp });
  });

  router.put("/api/admin/camps/:id", async (req, res) => {
    const id = idOr404(req.params.id);
    const camp = parseBody(campFormSchema, req);
    if (!(await saveCamp(db, id, camp, staffOf(res).id))) throw new HttpError(404, serverT(requestLang(req), "admin", "api.notFound"));
    res.json({ message: serverT(requestLang(req), "admin", "api.saved"), camp: await getAdminCamp(db, id) });
  });
  router.use(jsonRoutes(deps, [setBatchesFromStartDate]));

  return router;
}
