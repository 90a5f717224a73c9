import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~server/db/db";
import { healthRouter } from "./health";

describe("GET /healthz while the instance drains", () => {
  const db = openDatabase({ kind: "sqlite", file: ":memory:" });
  const drain = { draining: false };
  const app = express().use(healthRouter(db, drain));
  const server = app.listen(0, "127.0.0.1");
  afterAll(async () => {
    server.close();
    await db.destroy();
  });

  it("answers 200 while serving and 503 once the drain begins, so the proxy's health check takes the instance out", async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`;
    const before = await fetch(url);
    expect([before.status, await before.json()]).toEqual([200, { status: "ok" }]);
    drain.draining = true;
    const during = await fetch(url);
    expect(during.status).toBe(503);
    expect(await during.json()).toMatchObject({ status: "draining" });
  });
});
