import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApp } from "~server/app";
import { loadConfig } from "~server/config";
import { openDatabase } from "~server/db/db";
import { createLogger } from "~server/logger";
import { mountedRoutes, openApiDocument } from "~server/http/openapi";
import { openApiMarkdown } from "~server/http/openapi-markdown";
import { readRouteNotes } from "~server/http/openapi-notes";

/**
 * npm run docs:api [-- --check]
 * Writes docs/http-api.md from the routes the app mounts (server/http/openapi.ts), the same source
 * as GET /api/openapi.json. The app is built on an empty scratch SQLite file (building it reads no
 * row). `--check` writes nothing and exits 1 when the file is out of date.
 */
const target = path.resolve("docs/http-api.md");
const dataDir = mkdtempSync(path.join(tmpdir(), "stem-docs-api-"));
try {
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    UPLOADS_DIR: path.join(dataDir, "uploads"),
    DATABASE_URL: `sqlite:${path.join(dataDir, "app.db")}`,
    LOG_LEVEL: "silent",
  });
  const db = openDatabase(config.database);
  const app = createApp({ config, db, logger: createLogger("silent") });
  const doc = openApiDocument(mountedRoutes(app), { notes: readRouteNotes().byRoute });
  await db.destroy();
  const markdown = openApiMarkdown(doc);
  const counts = doc["x-counts"];
  if (counts.mountedNotDeclared.length) {
    console.error(`Mounted routes neither declared nor in server/http/hand-written-routes.ts:\n  ${counts.mountedNotDeclared.join("\n  ")}`);
    process.exitCode = 1;
  }
  if (process.argv.includes("--check")) {
    let current = "";
    try {
      current = readFileSync(target, "utf8");
    } catch {
      // missing: out of date
    }
    if (current !== markdown) {
      console.error("docs/http-api.md is out of date: run npm run docs:api");
      process.exitCode = 1;
    }
  } else {
    writeFileSync(target, markdown);
    console.log(`docs/http-api.md: ${counts.endpoints} endpoints, ${counts.handWritten} hand-written routes`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
// The app's timers (page cache, limits) would keep the process alive.
process.exit(process.exitCode ?? 0);
