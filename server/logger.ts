import { pino, type Logger } from "pino";

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    // Never write credentials or session cookies to the logs.
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']", "*.password"],
      censor: "[redacted]",
    },
  });
}
