import { data, type AppLoadContext } from "react-router";
import type { DB } from "~server/db/db";
import { requireAdminPage } from "~/lib/page-guards.server";
import { idOr404Page } from "~/features/admin-kit/admin-http.server";
import { loadCollectionList, type Collection } from "./collection.server";

interface PageArgs {
  request: Request;
  params: { id?: string };
  context: AppLoadContext;
}

/**
 * An editor page's record: undefined on the "new" route (no `:id`), the record on the edit route,
 * a 404 page for a malformed or unknown id.
 */
export async function recordOfRoute<T>(params: { id?: string }, read: (id: number) => Promise<T | undefined>): Promise<T | undefined> {
  if (params.id === undefined) return undefined;
  const found = await read(idOr404Page(params.id));
  if (!found) throw data(null, { status: 404 });
  return found;
}

/** The loader of a collection's editor page (staff only): the record, or the blank one on the "new" route. */
export const editorLoader =
  <T, B>(read: (db: DB, id: number) => Promise<T | undefined>, blank: () => B) =>
  async ({ request, params, context }: PageArgs): Promise<T | B> => {
    requireAdminPage(context, request);
    return (await recordOfRoute(params, (id) => read(context.db, id))) ?? blank();
  };

/** The loader of a collection's list page (staff only). */
export const listLoader =
  <Row, Json>(collection: { list: Collection<Row, unknown, unknown, Json>["list"] }) =>
  async ({ request, context }: Omit<PageArgs, "params">) => {
    requireAdminPage(context, request);
    return loadCollectionList(collection, context.db, request.url);
  };
