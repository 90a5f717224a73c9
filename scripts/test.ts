import { spawn } from "node:child_process";

// `npm test`: unit and integration tests (Vitest), then the browser tests (Playwright); each leg
// prints its time, and the whole run its total. The browser tests' production build runs beside
// Vitest (about 25 s, most of it while Vitest's last long files keep one core busy), and the
// browser leg then uses it as it is.
const started = Date.now();
const seconds = (from: number) => Math.round((Date.now() - from) / 1000);

/** Runs a command (no shell), printing its leg's time when it ends; resolves with its exit status. */
function leg(name: string, command: string[], options: { env?: NodeJS.ProcessEnv; quiet?: boolean } = {}): Promise<number> {
  const from = Date.now();
  return new Promise((resolve) =>
    spawn("npx", command, { stdio: options.quiet ? ["ignore", "ignore", "inherit"] : "inherit", env: options.env ?? process.env }).on("close", (code) => {
      console.log(`== npm test leg "${name}" took ${seconds(from)} s`);
      resolve(code ?? 1);
    }),
  );
}

const buildDir = process.env.BUILD_DIR ?? "build-e2e";
const build = leg("build", ["react-router", "build"], { env: { ...process.env, BUILD_DIR: buildDir }, quiet: true });
let status = await leg("vitest", ["vitest", "run"]);
const built = await build;
if (status === 0) status = built;
if (status === 0) status = await leg("browser", ["tsx", "scripts/e2e.ts"], { env: { ...process.env, BUILD_DIR: buildDir, E2E_BUILT: "1" } });
console.log(status === 0 ? `== npm test took ${seconds(started)} s` : `== npm test failed after ${seconds(started)} s`);
process.exit(status);
