/* global process, console -- plain JavaScript run by node, outside the TypeScript project */
import { execSync } from "node:child_process";
import { existsSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

// `npm start`: production mode. Plain JavaScript run by node (not tsx): the server itself was
// compiled by scripts/build-server.ts, so this process never loads a TypeScript compiler.
// Starting only reads the build (issue 46): a second instance started from the same release
// directory must not rewrite the files the first one is running. `npm run build` makes it; only a
// directory with no build at all is built here, once, on the first start: into a folder of its
// own, renamed into place when whole, so two first starts at once never write into one folder
// (the second to finish keeps the first one's build). A build folder that exists is never
// written; an incomplete one (no server, or no pages) cannot be running and is completed in place.
process.env.NODE_ENV ??= "production";
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const entry = path.join(buildDir, "server-main/index.js");
if (!existsSync(buildDir)) {
  console.log("No production build yet: building it (about a minute)...");
  const building = `${buildDir}-building-${process.pid}`;
  try {
    execSync("npm run build", { stdio: "inherit", env: { ...process.env, BUILD_DIR: building } });
    renameSync(building, buildDir);
  } catch (error) {
    // Another first start put its build in place meanwhile: use that one.
    if (!existsSync(entry)) throw error;
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
} else if (!existsSync(path.join(buildDir, "server/index.js")) || !existsSync(entry)) {
  console.log(`The build in ${buildDir} is incomplete: building it (about a minute)...`);
  execSync("npm run build", { stdio: "inherit" });
} else if (newestSource() > statSync(entry).mtimeMs) {
  console.warn(`The build in ${buildDir} is older than the source: run \`npm run build\` to serve your changes.`);
}
await import(pathToFileURL(entry).href);

/** When the newest file under app/ and server/ was changed (0 in a release without sources). */
function newestSource() {
  let newest = 0;
  for (const folder of ["app", "server"]) {
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder, { recursive: true })) {
      newest = Math.max(newest, statSync(path.join(folder, String(file))).mtimeMs);
    }
  }
  return newest;
}
