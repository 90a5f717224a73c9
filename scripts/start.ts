import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

// `npm start`: production mode, building the bundle first when it is missing.
process.env.NODE_ENV ??= "production";
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
if (!existsSync(path.join(buildDir, "server/index.js"))) {
  console.log("No production build yet: building it (about a minute)...");
  execSync("npx react-router build", { stdio: "inherit" });
}
await import("~server/index.ts");
