import { data } from "react-router";
import { idOr404Page } from "~/features/admin/admin-http.server";

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
