import { Router, type Request } from "express";
import { z } from "zod";
import { defineEndpoint, type EndpointDeps } from "~server/http/endpoint";
import { idParams } from "~/lib/record-id";
import { HttpError } from "~server/http/errors";
import { requestLang, serverT } from "~server/i18n";
import type { Lang } from "~/i18n/lang";
import { parseBody } from "~server/http/validate";
import { requireStaff } from "~server/security/access";
import { sendList } from "~/features/admin-kit/list/list-query.server";
import { adminT, idParam, staffId } from "./admin-api.server";
import { DeleteRefusedError, TakenError, type Collection, type SavedRecord } from "./collection.server";

/**
 * The staff API of one collection: list (search, sort, pages, CSV), read, create, update and
 * delete under `/api/admin/{name}`, staff only, bodies checked with the shared schema, unknown
 * ids 404, taken unique values 409 on their field. Audit logging happens in the declaration's
 * store functions, inside the write's transaction.
 */
export function collectionApi<Row, Values, CreateValues, Json>(collection: Collection<Row, Values, CreateValues, Json>, options: { listOnly?: true } = {}) {
  const base = `/api/admin/${collection.name}`;
  const createPath = collection.create.path ?? base;
  return ({ db }: EndpointDeps): Router => {
    const router = Router();
    router.use(base, requireStaff);
    if (createPath !== base) router.use(createPath, requireStaff);
    const notFound = (req: Request) => new HttpError(404, adminT(req, "api.notFound"));

    router.get(base, async (req, res) => {
      const { base: rows, spec, filename, columns, toJson } = collection.list;
      await sendList<Row>(req, res, rows(db), spec, { db, filename, columns, toJson });
    });
    // Its read and writes are endpoints (collectionEndpoints), served by jsonRoutes beside this list.
    if (options.listOnly) return router;

    router.get(`${base}/:id`, async (req, res) => {
      const found = await collection.read(db, idParam(req));
      if (!found) throw notFound(req);
      res.json(found);
    });

    router.post(createPath, async (req, res) => {
      const input = parseBody(collection.create.schema ?? (collection.schema as never), req) as CreateValues;
      const saved = await orConflict(req, collection.create.save(db, input, staffId(res)));
      res.status(201).json({ message: adminT(req, collection.create.message ?? "api.saved"), ...saved });
    });

    router.put(`${base}/:id`, async (req, res) => {
      const id = idParam(req);
      const input = parseBody(collection.schema, req) as Values;
      const saved = await orConflict(req, collection.update(db, id, input, staffId(res)));
      if (!saved) throw notFound(req);
      res.json({ message: adminT(req, "api.saved"), ...saved });
    });

    router.delete(`${base}/:id`, async (req, res) => {
      const id = idParam(req);
      const refusal = collection.refuseDelete;
      const refused = (count: number) => res.status(409).json({ message: adminT(req, refusal!.message, { count }), [refusal!.field]: count });
      if (refusal) {
        const count = await refusal.count(db, id);
        if (count > 0) {
          refused(count);
          return;
        }
      }
      const confirm = collection.confirmDelete;
      if (confirm && req.query.confirm !== "1") {
        // Asking first: the caller must confirm when other records would lose their link to this one.
        const count = await confirm.count(db, id);
        if (count > 0) {
          res.status(409).json({ message: adminT(req, confirm.message, { count }), [confirm.field]: count });
          return;
        }
      }
      let removed: boolean;
      try {
        removed = await collection.remove(db, id, staffId(res));
      } catch (error) {
        if (!(error instanceof DeleteRefusedError) || !refusal) throw error;
        refused(error.count);
        return;
      }
      if (!removed) throw notFound(req);
      res.json({ message: adminT(req, "api.deleted") });
    });
    return router;
  };
}

/** A save refused by a unique value becomes 409 with the message on that field. */
export async function orConflict<T extends SavedRecord | undefined>(from: Request | Lang, saving: Promise<T>): Promise<T> {
  try {
    return await saving;
  } catch (error) {
    if (!(error instanceof TakenError)) throw error;
    const message = serverT(typeof from === "string" ? from : requestLang(from), "admin-content", `api.${error.field}Taken`);
    throw new HttpError(409, message, { [error.field]: message });
  }
}

/**
 * A collection's read and writes declared once as endpoints (server/http/endpoint.ts): the JSON
 * routes `GET|PUT|DELETE /api/admin/{name}/{id}` and `POST /api/admin/{name}`, staff only, and the
 * editor page's action (postFormToApi) run the same declaration. The same answers as collectionApi's
 * hand-written routes: 201 on create, 404 for an unknown id, 409 for a taken value or a delete to confirm.
 */
export function collectionEndpoints<Row, Values, CreateValues, Json>(collection: Collection<Row, Values, CreateValues, Json>) {
  const base = `/api/admin/${collection.name}`;
  const t = (lang: Lang, key: string, values?: Record<string, number>) => serverT(lang, "admin-content", key, values);
  const notFound = (lang: Lang) => new HttpError(404, t(lang, "api.notFound"));
  const read = defineEndpoint({
    method: "GET",
    path: `${base}/:id`,
    access: "staff",
    params: idParams,
    input: z.object({}),
    async run({ deps: { db }, caller, params }) {
      const found = await collection.read(db, params.id);
      if (!found) throw notFound(caller.lang);
      return { status: 200, body: { ...found } };
    },
  });
  const create = defineEndpoint({
    method: "POST",
    path: collection.create.path ?? base,
    access: "staff",
    input: (collection.create.schema ?? collection.schema) as z.ZodType<CreateValues>,
    async run({ deps: { db }, caller }, input) {
      const saved = await orConflict(caller.lang, collection.create.save(db, input as CreateValues, caller.user!.id));
      return { status: 201, body: { message: t(caller.lang, collection.create.message ?? "api.saved"), ...saved } };
    },
  });
  const update = defineEndpoint({
    method: "PUT",
    path: `${base}/:id`,
    access: "staff",
    params: idParams,
    input: collection.schema,
    async run({ deps: { db }, caller, params }, input) {
      const saved = await orConflict(caller.lang, collection.update(db, params.id, input as Values, caller.user!.id));
      if (!saved) throw notFound(caller.lang);
      return { status: 200, body: { message: t(caller.lang, "api.saved"), ...saved } };
    },
  });
  const remove = defineEndpoint({
    method: "DELETE",
    path: `${base}/:id`,
    access: "staff",
    params: idParams,
    input: z.object({ confirm: z.string().max(5).optional() }),
    async run({ deps: { db }, caller, params }, input) {
      const confirm = collection.confirmDelete;
      if (confirm && input.confirm !== "1") {
        // Asking first: the caller must confirm when other records would lose their link to this one.
        const count = await confirm.count(db, params.id);
        if (count > 0) return { status: 409, body: { message: t(caller.lang, confirm.message, { count }), [confirm.field]: count } };
      }
      if (!(await collection.remove(db, params.id, caller.user!.id))) throw notFound(caller.lang);
      return { status: 200, body: { message: t(caller.lang, "api.deleted") } };
    },
  });
  return { read, create, update, remove } as const;
}
