import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * The Chromium the browser tests drive: $CHROMIUM_PATH, else Debian's /usr/bin/chromium,
 * installed with apt-get when running as root. Never skips: without a browser it stops the run.
 */
export function findChromium(): string {
  const wanted = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (existsSync(wanted)) return wanted;
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package...");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
    if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  } else {
    try {
      execSync("npx playwright install chromium", { stdio: "inherit" });
      const path = execSync("node -e \"console.log(require('playwright-core').chromium.executablePath())\"").toString().trim();
      if (existsSync(path)) return path;
    } catch {
      // fall through to the instruction below
    }
  }
  console.error("No Chromium for the browser tests: run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH) and try again.");
  process.exit(1);
}
