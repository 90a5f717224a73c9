import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, readFileSync } from "node:fs";
import { Agent, request as httpsRequest } from "node:https";
import { request as httpRequest } from "node:http";
import path from "node:path";

/** One answer: status, body text, milliseconds from send to the last byte. */
export interface Answer {
  status: number;
  text: string;
  ms: number;
  headers: Record<string, string | string[] | undefined>;
}

const REQUEST_TIMEOUT_MS = 15_000;
const MAX_BODY = 2_000_000;

/**
 * A keep-alive HTTPS client for the proxy, trusting only `ca` (Caddy's internal root), or plain
 * HTTP when `ca` is undefined (straight to an instance). Bounded: 15 s per request, 2 MB per body.
 */
export function client(base: string, ca?: string) {
  const url = new URL(base);
  const agent = ca ? new Agent({ keepAlive: true, maxSockets: 32, ca }) : undefined;
  const send = (method: string, pathname: string, options: { body?: string | Buffer; headers?: Record<string, string> } = {}): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const headers: Record<string, string> = { ...options.headers };
      if (options.body !== undefined) headers["content-length"] = String(Buffer.byteLength(options.body));
      const req = (ca ? httpsRequest : httpRequest)(
        { host: url.hostname, port: url.port, path: pathname, method, headers, ...(agent ? { agent, servername: url.hostname } : {}) },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size <= MAX_BODY) chunks.push(chunk);
          });
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8"), ms: performance.now() - started, headers: res.headers }),
          );
          res.on("error", reject);
        },
      );
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`timed out after ${REQUEST_TIMEOUT_MS} ms`)));
      req.on("error", reject);
      req.end(options.body);
    });
  return {
    send,
    json: (pathname: string, body: unknown, headers: Record<string, string> = {}) =>
      send("POST", pathname, { body: JSON.stringify(body), headers: { "content-type": "application/json", ...headers } }),
    /** A multipart form with one file field, as a browser sends an upload. */
    upload: (pathname: string, field: string, fileName: string, bytes: Buffer, headers: Record<string, string> = {}) => {
      const boundary = `----rehearsal${Math.random().toString(16).slice(2)}`;
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return send("POST", pathname, { body, headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...headers } });
    },
    close: () => agent?.destroy(),
  };
}

export function parse(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A child process the rehearsal started; stop() is bounded and safe to call twice. */
export interface Child {
  name: string;
  process: ChildProcess;
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code or the signal. */
  stop(graceMs?: number): Promise<number | string>;
  logFile: string;
}

export function startChild(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, logDir: string): Child {
  const logFile = path.join(logDir, `${name}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise<number | string>((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal ?? "?")));
  return {
    name,
    process: child,
    exited,
    logFile,
    async stop(graceMs = 20_000) {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The last lines of a child's log, for a failure's message. */
export function logTail(child: Child, lines = 15): string {
  if (!existsSync(child.logFile)) return "";
  return readFileSync(child.logFile, "utf8").trim().split("\n").slice(-lines).join("\n");
}

/** Polls `check` every 200 ms until true, or throws `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, child?: Child): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.process.exitCode !== null || child.process.signalCode !== null)) throw new Error(`${what}: ${child.name} exited\n${logTail(child)}`);
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s${child ? `\n${logTail(child)}` : ""}`);
}

/** The 99th percentile of `values` (nearest rank), 0 when empty. */
export function p99(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
}
