import { existsSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { createApp, requestListener, type AppDeps } from "./app";
import { adminSetupLink } from "./features";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/db";
import { migrateToLatest } from "./db/migrate";
import { seed } from "./db/seed";
import { startBackgroundJobs } from "./jobs/background-jobs";
import { createLogger } from "./logger";

/** Starts the process: config, database (migrate + seed), HTTP server, graceful shutdown. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  if (config.trustProxy === true) {
    logger.warn("TRUST_PROXY=true believes any X-Forwarded-For, so one client can wear every address and escape the per-client limits: set the number of proxies in front (for example 1) or their addresses instead");
  }
  if (config.isProduction && !config.dataKeysConfigured) {
    logger.warn("DATA_ENCRYPTION_KEYS is not set: children's medical notes and pickup people are sealed with a key derived from the session secret, so changing SESSION_SECRET makes them unreadable; set DATA_ENCRYPTION_KEYS (decision 102)");
  }
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  await seed(db);

  let pages: AppDeps["pages"];
  if (config.isProduction) {
    const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
    const serverEntry = path.join(buildDir, "server/index.js");
    if (!existsSync(serverEntry)) {
      console.error(`No production build at ${buildDir}: run "npm run build" first (npm start does it for you).`);
      process.exit(1);
    }
    pages = { build: (await import(serverEntry)) as ServerBuild, clientDir: path.join(buildDir, "client") };
  } else {
    const vite = await import("vite").then((m) => m.createServer({ server: { middlewareMode: true } }));
    pages = {
      vite,
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    };
  }

  const app = createApp({ config, db, logger, pages });
  const jobs = startBackgroundJobs({ config, db, logger });
  const server = createServer(requestListener(app)).listen(config.port, config.host ?? "0.0.0.0", () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    console.log(`STEM Academy is running at http://localhost:${port}`);
  });
  // While no staff account exists, print a one-time link to create the first one.
  const setupLink = await adminSetupLink(db, config);
  if (setupLink) console.log(`No staff account exists yet. Create the first one (link valid 24 hours, once): ${setupLink}`);

  // Finish in-flight requests, then close the database; give up after 10 s.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    setTimeout(() => process.exit(1), 10_000).unref();
    server.close(async () => {
      await jobs.stop();
      await db.destroy();
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

await main();
