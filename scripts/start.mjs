/* global process, console -- plain JavaScript run by node, outside the TypeScript project */
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

// `npm start`: production mode. Plain JavaScript run by node (not tsx): the server itself was
// compiled by scripts/build-server.ts, so this process never loads a TypeScript compiler.
process.env.NODE_ENV ??= "production";
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
if (!existsSync(path.join(buildDir, "server/index.js"))) {
  console.log("No production build yet: building it (about a minute)...");
  execSync("npx react-router build", { stdio: "inherit" });
}
// Recompiled at every start (about a second, in a child process) so it never runs stale server code.
execSync("npx tsx scripts/build-server.ts", { stdio: "inherit" });
await import(pathToFileURL(path.join(buildDir, "server-main/index.js")).href);
