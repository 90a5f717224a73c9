import { existsSync, realpathSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { createApp, requestListener, type AppDeps } from "./app";
import { adminSetupLink } from "./features";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/db";
import { startDatabase } from "./db/start";
import { createDrain } from "./http/drain";
import { startBackgroundJobs } from "./jobs/background-jobs";
import { createLogger } from "./logger";
import { startTracing } from "./tracing";

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
    logger.warn(
      "TRUST_PROXY=true believes any X-Forwarded-For, so one client can wear every address and escape the per-client limits: set the number of proxies in front (for example 1) or their addresses instead",
    );
  }
  if (config.isProduction && !config.dataKeysConfigured) {
    logger.warn(
      "DATA_ENCRYPTION_KEYS is not set: children's medical notes and pickup people are sealed with a key derived from the session secret, so changing SESSION_SECRET makes them unreadable; set DATA_ENCRYPTION_KEYS (decision 102)",
    );
  }
  const opened = openDatabase(config.database);
  // Migrations and starter content; instances starting at once take turns (server/db/start.ts).
  const { newerThanThisRelease } = await startDatabase(opened);
  if (newerThanThisRelease.length > 0) {
    logger.warn(
      { migrations: newerThanThisRelease },
      "the database has migrations of a newer release: running on its schema (a rollback or an instance of the previous release, decision 121)",
    );
  }

  let pages: AppDeps["pages"];
  if (config.isProduction) {
    // The real folder, once: a release switched under a symlink (deploy/release.sh) must not change
    // the static files a running instance serves from the pages it renders.
    const named = path.resolve(process.env.BUILD_DIR ?? "build");
    const buildDir = existsSync(named) ? realpathSync(named) : named;
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

  // Traces only when OTEL_EXPORTER_OTLP_ENDPOINT is set (decision 124): nothing of OpenTelemetry is loaded otherwise.
  const tracing = await startTracing(config.tracing, config.database.kind);
  if (tracing) logger.info({ serviceName: config.tracing?.serviceName }, "sending traces over OTLP");
  const db = tracing ? opened.withPlugin(tracing.queries) : opened;

  const drain = createDrain();
  const app = createApp({ config, db, logger, pages, drain, tracing });
  const jobs = startBackgroundJobs({ config, db, logger }, { trace: tracing?.job });
  const server = createServer(drain.listener(requestListener(app))).listen(config.port, config.host ?? "0.0.0.0", () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    console.log(`STEM Academy is running at http://localhost:${port}`);
  });
  // Node closes an idle kept-alive connection after 5 s; a client (a proxy, a browser, Playwright)
  // that reuses it at that moment gets a reset instead of an answer (a CI run's flaky test). Idle
  // connections are kept longer than the usual proxies' 60 s, so the client always closes first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // While no staff account exists, print a one-time link to create the first one.
  const setupLink = await adminSetupLink(db, config);
  if (setupLink) console.log(`No staff account exists yet. Create the first one (link valid 24 hours, once): ${setupLink}`);

  // Drain (decision 121): /healthz answers 503 for DRAIN_SECONDS while requests are still served,
  // so the proxy moves new ones to the other instances; then no new connections, in-flight answers
  // finish (their connections close after them), the job worker finishes the job it is running
  // (from the first moment: a job it leaves unclaimed is another instance's), then the database
  // closes. SHUTDOWN_TIMEOUT_SECONDS after the drain the process exits anyway (status 1).
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const { drainMs, timeoutMs } = config.shutdown;
    // Ctrl-C in a terminal: nobody balances onto this process, so no drain.
    const graceMs = signal === "SIGINT" ? 0 : drainMs;
    logger.info({ signal, drainMs: graceMs, timeoutMs }, "shutting down");
    setTimeout(
      () => {
        logger.error({ timeoutMs }, "shutdown timed out: exiting with requests or a job unfinished");
        process.exit(1);
      },
      graceMs + timeoutMs + 1000,
    ).unref();
    const jobsStopped = jobs.stop();
    void (async () => {
      const finished = await drain.close(server, { graceMs, timeoutMs });
      await jobsStopped;
      await db.destroy();
      // The last spans (this drain's requests) are sent before exiting.
      await tracing?.shutdown().catch(() => {});
      logger.info({ finished }, "stopped");
      process.exit(finished ? 0 : 1);
    })();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

await main();
