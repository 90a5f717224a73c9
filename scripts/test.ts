import { execSync, spawn } from "node:child_process";

// `npm test`: unit and integration tests (Vitest), then the browser tests (Playwright); each leg
// prints its time, and the whole run its total. The browser tests' production build runs beside
// Vitest (about 25 s, most of it while Vitest's last long files keep one core busy), and the
// browser leg then uses it as it is.
const started = Date.now();
const seconds = (from: number) => Math.round((Date.now() - from) / 1000);
function leg(name: string, command: string, env: NodeJS.ProcessEnv = process.env): void {
  const from = Date.now();
  try {
    execSync(command, { stdio: "inherit", env });
  } finally {
    console.log(`== npm test leg "${name}" took ${seconds(from)} s`);
  }
}
const buildDir = process.env.BUILD_DIR ?? "build-e2e";
const buildStarted = Date.now();
const build = new Promise<number>((resolve) =>
  spawn("npx", ["react-router", "build"], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, BUILD_DIR: buildDir } }).on("close", (code) => {
    console.log(`== npm test leg "build" took ${seconds(buildStarted)} s`);
    resolve(code ?? 1);
  }),
);
try {
  leg("vitest", "npx vitest run");
  const built = await build;
  if (built !== 0) throw Object.assign(new Error("the production build failed"), { status: built });
  leg("browser", "npx tsx scripts/e2e.ts", { ...process.env, BUILD_DIR: buildDir, E2E_BUILT: "1" });
  console.log(`== npm test took ${seconds(started)} s`);
} catch (error) {
  await build;
  console.log(`== npm test failed after ${seconds(started)} s`);
  process.exit((error as { status?: number }).status ?? 1);
}
