import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * The Chromium a script drives: $CHROMIUM_PATH, else one of Debian's two builds, installed with
 * apt-get when running as root. The browser tests use the headless shell (package
 * chromium-headless-shell, Playwright's own default for headless runs): it has no browser UI to
 * run, and the suite takes about a third less time with it (decision 137). The benchmarks use the
 * full browser (package chromium), as a family's phone runs a full browser. Never skips: without a
 * browser it stops the run.
 */
const builds = {
  shell: { path: "/usr/bin/chromium-headless-shell", pkg: "chromium-headless-shell" },
  full: { path: "/usr/bin/chromium", pkg: "chromium" },
} as const;

export function findChromium(kind: keyof typeof builds = "full"): string {
  const { path, pkg } = builds[kind];
  const wanted = process.env.CHROMIUM_PATH ?? path;
  if (existsSync(wanted)) return wanted;
  if (process.getuid?.() === 0) {
    console.log(`Chromium is missing: installing Debian's ${pkg} package...`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg}`, { stdio: "inherit" });
    if (existsSync(path)) return path;
  } else {
    try {
      execSync("npx playwright install chromium", { stdio: "inherit" });
      const installed = execSync("node -e \"console.log(require('playwright-core').chromium.executablePath())\"").toString().trim();
      if (existsSync(installed)) return installed;
    } catch {
      // fall through to the instruction below
    }
  }
  console.error(`No Chromium for this script: run \`sudo apt-get install -y ${pkg}\` (or set CHROMIUM_PATH) and try again.`);
  process.exit(1);
}
