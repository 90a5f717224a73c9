import type { LoaderFunctionArgs, ServerBuild } from "react-router";
import { testBuild } from "./action-only-build";

/**
 * A page build holding only the given routes (path → loader), each also under `ar/`, whose document
 * is the loaders' data as JSON: tests walk real page loaders through the real Express app and page
 * handler (session, guards and all) and read exactly what the page would show.
 */
export function loaderOnlyBuild(pages: Record<string, (args: LoaderFunctionArgs) => unknown>): ServerBuild {
  const routes: Record<string, unknown> = { root: { id: "root", path: "", module: { default: () => null } } };
  for (const prefix of ["", "ar/"]) {
    for (const [path, loader] of Object.entries(pages)) {
      const id = `${prefix}${path}`;
      routes[id] = { id, parentId: "root", path: id, module: { loader, default: () => null } };
    }
  }
  return testBuild(routes, (_request, status, headers, context) => {
    headers.set("content-type", "application/json");
    const data = (context.staticHandlerContext as unknown as { loaderData?: Record<string, unknown> }).loaderData ?? {};
    return new Response(JSON.stringify(data), { status, headers });
  });
}
