import { Router } from "express";
import { z } from "zod";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import type { Lang } from "~/i18n/lang";
import { requireAdmin } from "~server/security/access";
import { getSiteSettings } from "~/features/site/site.server";
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
    if (!(await setCampBatchesFromStartDate(db, id, caller.user.id))) throw new HttpError(404, serverT(caller.lang, "admin", "api.notFound"));
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
    const settings = await saveSiteSettings(db, change, caller.user.id, caller.lang);
    return { status: 200, body: { message: serverT(caller.lang, "admin", "api.saved"), settings } };
  },
});

const notFound = (caller: { lang: Lang }) => new HttpError(404, serverT(caller.lang, "admin", "api.notFound"));

/** GET /api/admin/camps → { camps }. */
export const listCamps = defineEndpoint({
  method: "GET",
  path: "/api/admin/camps",
  access: "admin",
  input: z.object({}),
  run: async ({ deps: { db } }) => ({ status: 200, body: { camps: await listAdminCamps(db) } }),
});

/** GET /api/admin/camps/{id} → { camp } in editor shape. */
export const readCamp = defineEndpoint({
  method: "GET",
  path: "/api/admin/camps/:id",
  access: "admin",
  params: idParams,
  input: z.object({}),
  async run({ deps: { db }, caller, params: { id } }) {
    const camp = await getAdminCamp(db, id);
    if (!camp) throw notFound(caller);
    return { status: 200, body: { camp } };
  },
});

/** PUT /api/admin/camps/{id}: the whole camp → { message, camp }, audited in the save's transaction. */
export const saveCampEndpoint = defineEndpoint({
  method: "PUT",
  path: "/api/admin/camps/:id",
  access: "admin",
  params: idParams,
  input: campFormSchema,
  async run({ deps: { db }, caller, params: { id } }, camp) {
    if (!(await saveCamp(db, id, camp, caller.user.id))) throw notFound(caller);
    return { status: 200, body: { message: serverT(caller.lang, "admin", "api.saved"), camp: await getAdminCamp(db, id) } };
  },
});

/** /api/admin/settings (site settings) and /api/admin/camps (summer camps). Staff only. */
export function settingsApi(deps: EndpointDeps): Router {
  const router = Router();
  router.use(jsonRoutes(deps, [readSettings, saveSettings]));
  router.use("/api/admin/camps", requireAdmin);

  router.use(jsonRoutes(deps, [listCamps, readCamp, saveCampEndpoint, setBatchesFromStartDate]));

  return router;
}
