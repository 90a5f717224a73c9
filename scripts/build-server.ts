import { rmSync } from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";

/**
 * Compiles the Express server (server/index.ts and what it imports) into BUILD_DIR/server-main once,
 * so `npm start` runs plain JavaScript with node: compiling TypeScript with tsx at every start cost
 * about 75 MiB of resident memory for the life of the process. Packages stay external (loaded from
 * node_modules); code splitting keeps dynamic imports (pdfkit, sharp...) out of the start-up path.
 */
export async function buildServer(buildDir = path.resolve(process.env.BUILD_DIR ?? "build"), options: { plugins?: Plugin[] } = {}): Promise<string> {
  const outdir = path.join(buildDir, "server-main");
  rmSync(outdir, { recursive: true, force: true }); // chunk names are hashed: drop the last build's
  await build({
    entryPoints: { index: "server/index.ts" },
    outdir,
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
    plugins: options.plugins,
  });
  return path.join(outdir, "index.js");
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
