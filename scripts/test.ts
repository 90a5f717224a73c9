import { execSync } from "node:child_process";

// `npm test`: unit and integration tests (Vitest), then the browser tests (Playwright).
try {
  execSync("npx vitest run", { stdio: "inherit" });
  execSync("npx tsx scripts/e2e.ts", { stdio: "inherit" });
} catch (error) {
  process.exit((error as { status?: number }).status ?? 1);
}
