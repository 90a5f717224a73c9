import { execFileSync, execSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { findChromium } from "./find-chromium";

// Browser tests: a fresh production build and a fresh database, then Playwright.
const chromium = findChromium();
const buildDir = process.env.BUILD_DIR ?? "build-e2e";
const dataDir = mkdtempSync(path.join(tmpdir(), "stem-e2e-"));
const env = { ...process.env, CHROMIUM_PATH: chromium, BUILD_DIR: buildDir, E2E_DATA_DIR: dataDir };
let status = 0;
try {
  execSync("npx react-router build", { stdio: ["ignore", "ignore", "inherit"], env });
  // Arguments go to Playwright as they are (no shell: a grep pattern like "a|b" stays one argument).
  execFileSync("npx", ["playwright", "test", ...process.argv.slice(2)], { stdio: "inherit", env });
} catch (error) {
  status = (error as { status?: number }).status ?? 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
