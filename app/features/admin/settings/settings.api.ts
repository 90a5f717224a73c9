import { Router } from "express";
import type { EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { parseBody } from "~server/http/validate";
import { requestLang, serverT } from "~server/i18n";
import { requireAdmin } from "~server/security/access";
import { getSiteSettings } from "~/features/site/site.server";
import { idOr404, staffOf } from "~/features/admin/admin-http.server";
import { campFormSchema, settingsFormSchema } from "./settings.schema";
import { getAdminCamp, listAdminCamps, saveCamp, saveSiteSettings, setCampBatchesFromStartDate } from "./settings.server";

/** /api/admin/settings (site settings) and /api/admin/camps (summer camps). Staff only. */
export function settingsApi({ db }: EndpointDeps): Router {
  const router = Router();
  router.use(["/api/admin/settings", "/api/admin/camps"], requireAdmin);

  router.get("/api/admin/settings", async (_req, res) => {
    res.json({ settings: await getSiteSettings(db) });
  });

  router.put("/api/admin/settings", async (req, res) => {
    const settings = parseBody(settingsFormSchema, req);
    await saveSiteSettings(db, settings, staffOf(res).id);
    res.json({ message: serverT(requestLang(req), "admin", "api.saved"), settings: await getSiteSettings(db) });
  });

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
  // "Set batches from the start date" on the camp screen (decision 037). No body.
  router.post("/api/admin/camps/:id/batches-from-start-date", async (req, res) => {
    const id = idOr404(req.params.id);
    if (!(await setCampBatchesFromStartDate(db, id, staffOf(res).id))) throw new HttpError(404, serverT(requestLang(req), "admin", "api.notFound"));
    res.json({ message: serverT(requestLang(req), "admin", "camps.batchesSet"), camp: await getAdminCamp(db, id) });
  });

  return router;
}
