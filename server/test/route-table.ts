import type { Express } from "express";

/** One registered endpoint: the method and the path pattern as written in its router. */
export interface Endpoint {
  method: string;
  path: string;
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: unknown;
}

/** Every method + path in a router stack, following nested routers (and their mount paths). */
function registeredRoutes(stack: Layer[], prefix = ""): Endpoint[] {
  const found: Endpoint[] = [];
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const path of paths) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on) found.push({ method: method === "_all" ? "GET" : method.toUpperCase(), path: prefix + path });
        }
      }
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === "string" && layer.rawPath !== "/" ? layer.rawPath : "";
      found.push(...registeredRoutes(layer.handle.stack, prefix + mount));
    }
  }
  return found;
}

/** The app's endpoints as unique "METHOD /path" keys. */
export function routeKeys(app: Express): string[] {
  const all = registeredRoutes((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return [...new Set(all.map((e) => `${e.method} ${e.path}`))];
}
