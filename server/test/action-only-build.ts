import type { ActionFunctionArgs, ServerBuild } from "react-router";

/**
 * A page build holding only the given routes (path → action), each also under `ar/`, that renders
 * the action's answer as the document (status and JSON). Tests of pages' form posts go through the
 * real Express app and page handler with it, so every check in front of and behind the action is real.
 */
export function actionOnlyBuild(pages: Record<string, (args: ActionFunctionArgs) => unknown>): ServerBuild {
  const routes: Record<string, unknown> = { root: { id: "root", path: "", module: { default: () => null } } };
  for (const prefix of ["", "ar/"]) {
    for (const [path, action] of Object.entries(pages)) {
      const id = `${prefix}${path}`;
      routes[id] = { id, parentId: "root", path: id, module: { action, default: () => null } };
    }
  }
  return testBuild(routes, (_request, status, headers, context) => {
    headers.set("content-type", "application/json");
    return new Response(JSON.stringify(Object.values(context.staticHandlerContext.actionData ?? {})[0] ?? null), { status, headers });
  });
}

type RenderDocument = (
  request: Request,
  status: number,
  headers: Headers,
  context: { staticHandlerContext: { actionData: Record<string, unknown> | null } },
) => Response;

/** A server build of these route records whose every document is what `render` answers (no React rendering). */
export function testBuild(routes: Record<string, unknown>, render: RenderDocument): ServerBuild {
  return {
    entry: { module: { default: render } },
    routes,
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "/nowhere",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
