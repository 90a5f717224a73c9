import { execSync } from "node:child_process";

// `npm test`: unit and integration tests (Vitest), then the browser tests (Playwright); each leg
// prints its time, and the whole run its total.
const started = Date.now();
const seconds = (from: number) => Math.round((Date.now() - from) / 1000);
function leg(name: string, command: string): void {
  const from = Date.now();
  try {
    execSync(command, { stdio: "inherit" });
  } finally {
    console.log(`== npm test leg "${name}" took ${seconds(from)} s`);
  }
}
try {
  leg("vitest", "npx vitest run");
  leg("browser", "npx tsx scripts/e2e.ts");
  console.log(`== npm test took ${seconds(started)} s`);
} catch (error) {
  console.log(`== npm test failed after ${seconds(started)} s`);
  process.exit((error as { status?: number }).status ?? 1);
}
