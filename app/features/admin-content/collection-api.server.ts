import { Router } from "express";
import { z } from "zod";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { idParams } from "~/lib/record-id";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import type { Lang } from "~/i18n/lang";
import { requireStaff } from "~server/security/access";
import { listEndpoint } from "~/features/admin-kit/list/list-query.server";
import { DeleteRefusedError, TakenError, type Collection, type SavedRecord } from "./collection.server";

/**
 * The staff API of one collection under `/api/admin/{name}`, staff only: the list (search, sort,
 * pages, CSV) and the read and writes of collectionEndpoints, the one declaration the JSON API and
 * the editor pages run. Audit logging happens in the declaration's store functions, inside the
 * write's transaction.
 */
export function collectionApi<Row, Values, CreateValues, Json>(collection: Collection<Row, Values, CreateValues, Json>) {
  const base = `/api/admin/${collection.name}`;
  const createPath = collection.create.path ?? base;
  const { base: rows, spec, filename, columns, toJson } = collection.list;
  const list = listEndpoint<Row, "staff">({ path: base, access: "staff", spec, source: ({ db }) => ({ base: rows(db), filename, columns, toJson }) });
  const endpoints = [list, ...Object.values(collectionEndpoints(collection))];
  return (deps: EndpointDeps): Router => {
    const router = Router();
    // Before the endpoints too, so a stranger hears 401 before any complaint about the body.
    router.use(base, requireStaff);
    if (createPath !== base) router.use(createPath, requireStaff);
    router.use(jsonRoutes(deps, endpoints));
    return router;
  };
}

/** A save refused by a unique value becomes 409 with the message on that field. */
export async function orConflict<T extends SavedRecord | undefined>(lang: Lang, saving: Promise<T>): Promise<T> {
  try {
    return await saving;
  } catch (error) {
    if (!(error instanceof TakenError)) throw error;
    const message = serverT(lang, "admin-content", `api.${error.field}Taken`);
    throw new HttpError(409, message, { [error.field]: message });
  }
}

/**
 * A collection's read and writes declared once as endpoints (server/http/endpoint.ts): the JSON
 * routes `GET|PUT|DELETE /api/admin/{name}/{id}` and `POST /api/admin/{name}`, staff only, and the
 * editor page's action (postFormToApi) run the same declaration: 201 on create, 404 for an unknown
 * id, 409 for a taken value, a delete to confirm, or a delete the collection refuses outright (a
 * course with live enrolments), confirmed or not.
 */
export function collectionEndpoints<Row, Values, CreateValues, Json>(collection: Collection<Row, Values, CreateValues, Json>) {
  const base = `/api/admin/${collection.name}`;
  const t = (lang: Lang, key: string, values?: Record<string, number>) => serverT(lang, "admin-content", key, values);
  const notFound = (lang: Lang) => new HttpError(404, t(lang, "api.notFound"));
  const NOT_FOUND = { ns: "admin-content", key: "api.notFound" };
  const read = defineEndpoint({
    method: "GET",
    path: `${base}/:id`,
    access: "staff",
    params: idParams,
    notFound: NOT_FOUND,
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
      const saved = await orConflict(caller.lang, collection.create.save(db, input as CreateValues, caller.user.id));
      return { status: 201, body: { message: t(caller.lang, collection.create.message ?? "api.saved"), ...saved } };
    },
  });
  const update = defineEndpoint({
    method: "PUT",
    path: `${base}/:id`,
    access: "staff",
    params: idParams,
    notFound: NOT_FOUND,
    input: collection.schema,
    async run({ deps: { db }, caller, params }, input) {
      const saved = await orConflict(caller.lang, collection.update(db, params.id, input as Values, caller.user.id));
      if (!saved) throw notFound(caller.lang);
      return { status: 200, body: { message: t(caller.lang, "api.saved"), ...saved } };
    },
  });
  const remove = defineEndpoint({
    method: "DELETE",
    path: `${base}/:id`,
    access: "staff",
    params: idParams,
    notFound: NOT_FOUND,
    input: z.object({ confirm: z.string().max(5).optional().catch(undefined) }),
    async run({ deps: { db }, caller, params }, input) {
      const refusal = collection.refuseDelete;
      const refused = (count: number) => ({ status: 409, body: { message: t(caller.lang, refusal!.message, { count }), [refusal!.field]: count } });
      if (refusal) {
        const count = await refusal.count(db, params.id);
        if (count > 0) return refused(count);
      }
      const confirm = collection.confirmDelete;
      if (confirm && input.confirm !== "1") {
        // Asking first: the caller must confirm when other records would lose their link to this one.
        const count = await confirm.count(db, params.id);
        if (count > 0) return { status: 409, body: { message: t(caller.lang, confirm.message, { count }), [confirm.field]: count } };
      }
      let removed: boolean;
      try {
        removed = await collection.remove(db, params.id, caller.user.id);
      } catch (error) {
        // The refusal's records came in between its count and the delete's transaction.
        if (!(error instanceof DeleteRefusedError) || !refusal) throw error;
        return refused(error.count);
      }
      if (!removed) throw notFound(caller.lang);
      return { status: 200, body: { message: t(caller.lang, "api.deleted") } };
    },
  });
  return { read, create, update, remove } as const;
}
