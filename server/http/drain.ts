import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";

/**
 * A process's drain (a release or a stop, decision 121): once it starts, GET /healthz answers 503
 * so the proxy's health check takes this instance out of its rotation, while requests keep being
 * served; every answer from then on says `Connection: close`, so no keep-alive connection is
 * reused for a request that might arrive as the listener closes.
 */
export interface Drain {
  readonly draining: boolean;
  /** Wraps the server's request listener: answers during the drain close their connection. */
  listener(inner: RequestListener): RequestListener;
  /**
   * Drains `server`: 503 on /healthz for `graceMs` (the proxy's health-check interval, and some)
   * while serving as usual, then stops accepting connections, closes idle ones, and resolves
   * true when the last in-flight answer has gone, or false after `timeoutMs` more.
   */
  close(server: Server, options: { graceMs: number; timeoutMs: number }): Promise<boolean>;
}

export function createDrain(): Drain {
  let draining = false;
  // Answers under way (at most one per open connection): when the drain starts, those whose headers
  // are not out yet close their connection too.
  const inFlight = new Set<ServerResponse>();
  return {
    get draining() {
      return draining;
    },
    listener(inner) {
      return (req: IncomingMessage, res: ServerResponse) => {
        if (draining) res.setHeader("Connection", "close");
        else {
          inFlight.add(res);
          res.once("close", () => inFlight.delete(res));
        }
        inner(req, res);
      };
    },
    async close(server, { graceMs, timeoutMs }) {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
      if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
      // A keep-alive connection idle through the grace: Node closes it now, one busy with a request
      // after its answer (Connection: close above).
      const closed = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        return await Promise.race([closed, timedOut]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
