import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder holding package.json. Files are read relative to it, not to import.meta.url, because
 * the same code runs from source, from the SSR bundle and from the compiled server (build/server-main),
 * each at a different depth.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();
