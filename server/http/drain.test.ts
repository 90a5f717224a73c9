import { Agent, createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createDrain } from "./drain";

/** GET with a keep-alive agent: the status, the Connection header and the body. */
function get(port: number, path: string, agent: Agent): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on("error", reject);
    req.setTimeout(5000, () => req.destroy(new Error("timed out")));
    req.end();
  });
}

describe("draining an instance (SIGTERM in server/index.ts)", () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
  });

  async function start() {
    const drain = createDrain();
    server = createServer(
      drain.listener((req, res) => {
        if (req.url === "/healthz") {
          res.writeHead(drain.draining ? 503 : 200).end(drain.draining ? "draining" : "ok");
        } else if (req.url === "/slow") {
          setTimeout(() => res.writeHead(200).end("slow answer"), 600);
        } else {
          res.writeHead(200).end("fast answer");
        }
      }),
    );
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return { drain, server, port: (server.address() as AddressInfo).port };
  }

  it("answers 503 on /healthz while still serving, finishes what is in flight, closes kept-alive connections, then stops accepting", async () => {
    const { drain, server, port } = await start();
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    try {
      expect(await get(port, "/healthz", agent)).toMatchObject({ status: 200, body: "ok" });
      const inFlight = get(port, "/slow", agent);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const closing = drain.close(server, { graceMs: 300, timeoutMs: 5000 });
      // During the grace: the health check says go away, other requests are served, and each
      // answer closes its connection so the proxy does not reuse it.
      expect(await get(port, "/healthz", agent)).toMatchObject({ status: 503, connection: "close" });
      expect(await get(port, "/page", agent)).toMatchObject({ status: 200, body: "fast answer", connection: "close" });
      // The request that was running when the drain began is answered in full.
      expect(await inFlight).toMatchObject({ status: 200, body: "slow answer", connection: "close" });
      expect(await closing).toBe(true);
      await expect(get(port, "/page", new Agent())).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      agent.destroy();
    }
  });

  it("gives up on a request that outlasts the timeout", async () => {
    const { drain, server, port } = await start();
    const agent = new Agent({ keepAlive: true });
    try {
      const inFlight = get(port, "/slow", agent).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await drain.close(server, { graceMs: 0, timeoutMs: 100 })).toBe(false);
      await inFlight;
    } finally {
      agent.destroy();
    }
  });
});
