import { execSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** A production server in a child process on a fresh database, for the benchmark scripts. */
export interface BenchServer {
  url: string;
  process: ChildProcess;
  /** Peak resident memory of the server process so far, in MiB (Linux VmHWM). */
  peakRssMiB: () => number;
  /** CPU time the server process has used so far (user + system), in ms (Linux /proc, 100 ticks a second). */
  cpuMs: () => number;
  stop: () => Promise<void>;
  /** Kills the server at once (SIGKILL, no shutdown code runs), leaving its data in place. */
  kill: () => Promise<void>;
}

/** CPU time a process has used so far (user + system), in ms (Linux /proc, 100 ticks a second). */
export function processCpuMs(pid: number): number {
  // Fields 14 and 15 of /proc/<pid>/stat (utime, stime), counted after the ")" ending the name.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

let serverBuilt = false;

/** Builds the production bundle into BUILD_DIR (default build/) unless it is there. */
function ensureBuild(): void {
  // Once per process: a benchmark starts its server several times on the same sources.
  if (serverBuilt) return;
  serverBuilt = true;
  if (!existsSync(path.join(process.env.BUILD_DIR ?? "build", "server/index.js"))) {
    console.log("Building the production bundle...");
    execSync("npx react-router build", { stdio: ["ignore", "ignore", "inherit"] });
  }
  // The server as `npm start` runs it: compiled once, then plain node (no tsx in the process), with
  // the same heap flags as package.json's start script.
  execSync("npx tsx scripts/build-server.ts", { stdio: ["ignore", "ignore", "inherit"] });
}

/**
 * `options.dataDir`: run on that data folder and leave it in place (a restart on the same data);
 * by default a fresh temporary folder, removed by stop().
 */
export async function startBenchServer(port: number, env: Record<string, string> = {}, options: { dataDir?: string } = {}): Promise<BenchServer> {
  ensureBuild();
  const url = `http://127.0.0.1:${port}`;
  // A server left over from an earlier run would answer instead of this build: refuse to measure it.
  if (
    await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`port ${port} is already in use; stop that server first`);
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "stem-bench-"));
  // Its own process group, so stopping it also stops everything it starts.
  // BENCH_NODE_ARGS adds Node options to the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile a benchmark
  // (after npm start's heap flags, so it may also override them to try others).
  const extraArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    ["--max-semi-space-size=4", "--max-old-space-size=512", ...extraArgs, path.join(process.env.BUILD_DIR ?? "build", "server-main/index.js")],
    {
      detached: true,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        RATE_LIMIT_MULTIPLIER: "1000000",
        ...env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the server did not start within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // npx → tsx → node: the server is the deepest descendant; read its memory through /proc.
  const serverPid = () => {
    let pid = child.pid!;
    for (let i = 0; i < 5; i++) {
      const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
      if (children.length === 0) return pid;
      pid = Number(children[0]);
    }
    return pid;
  };
  return {
    url,
    process: child,
    peakRssMiB: () => {
      const status = readFileSync(`/proc/${serverPid()}/status`, "utf8");
      return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    cpuMs: () => processCpuMs(serverPid()),
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid!, "SIGTERM");
      await exited;
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    kill: async () => {
      const exited = new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once("exit", resolve)));
      // The whole group: npx, tsx and the node process that serves.
      process.kill(-child.pid!, "SIGKILL");
      await exited;
    },
  };
}
