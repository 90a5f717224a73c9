import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "esbuild";

/**
 * A second release for the rehearsal: BUILD_DIR's pages (server/ and client/ copied as they are)
 * and a server compiled by scripts/build-server.ts (passed in: scripts import no parent folder), except that server/db/migrate.ts gets
 * scripts/rehearsal/next-migrations.ts (one more, expand-only migration) as its migration list.
 * `outDir` must sit inside the project (packages stay external and resolve from node_modules
 * above it). Writes only into outDir, never into the running build.
 */
export async function buildNextRelease(
  buildDir: string,
  outDir: string,
  buildServer: (outDir: string, options: { plugins: Plugin[] }) => Promise<unknown>,
): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  for (const part of ["server", "client"]) cpSync(path.join(buildDir, part), path.join(outDir, part), { recursive: true });
  const nextMigrations: Plugin = {
    name: "rehearsal-migrations",
    setup(b) {
      b.onResolve({ filter: /^\.\/migrations$/ }, (args) =>
        args.importer.endsWith(path.join("server", "db", "migrate.ts")) ? { path: path.resolve("scripts/rehearsal/next-migrations.ts") } : undefined,
      );
    },
  };
  await buildServer(outDir, { plugins: [nextMigrations] });
}
