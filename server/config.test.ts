import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "stem-config-"));

describe("loadConfig", () => {
  it("needs no variable: SQLite in the data folder, port 3000, a generated and kept session secret", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: "sqlite", file: path.join(dir, "app.db") });
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
  });

  it("generates a VAPID key pair into the data folder once, or takes both keys from the environment", () => {
    const dir = dataDir();
    const { vapid } = loadConfig({ DATA_DIR: dir });
    expect(vapid.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(vapid.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(loadConfig({ DATA_DIR: dir }).vapid).toEqual(vapid);
    const given = { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: "mailto:office@academy.example" };
    expect(loadConfig({ DATA_DIR: dataDir(), ...given }).vapid).toEqual({ ...vapid, subject: "mailto:office@academy.example" });
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: vapid.publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_SUBJECT: "office" })).toThrow(/VAPID_SUBJECT/);
  });

  it("takes the passkeys' domain from PUBLIC_URL or WEBAUTHN_RP_ID, and turns passkeys off on an IP address", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://academy.example/" }).webauthn).toEqual({
      rpId: "academy.example",
      origins: ["https://academy.example"],
    });
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://www.academy.example", WEBAUTHN_RP_ID: "academy.example" }).webauthn).toEqual({
      rpId: "academy.example",
      origins: ["https://www.academy.example"],
    });
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "http://127.0.0.1:3210" }).webauthn).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "http://127.0.0.1:3210", WEBAUTHN_RP_ID: "localhost" }).webauthn).toEqual({
      rpId: "localhost",
      origins: ["http://127.0.0.1:3210", "http://localhost:3210"],
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), WEBAUTHN_RP_ID: "https://academy.example" })).toThrow(/WEBAUTHN_RP_ID/);
  });

  it("turns online payment on with both Stripe keys only, pointed at STRIPE_API_URL when set (decision 085)", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).stripe).toBeNull();
    const keys = { STRIPE_SECRET_KEY: "sk_test_0123456789abcdef", STRIPE_WEBHOOK_SECRET: "whsec_0123456789abcdef" };
    expect(loadConfig({ DATA_DIR: dataDir(), ...keys }).stripe).toEqual({
      secretKey: keys.STRIPE_SECRET_KEY,
      webhookSecret: keys.STRIPE_WEBHOOK_SECRET,
      apiUrl: undefined,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), ...keys, STRIPE_API_URL: "http://127.0.0.1:4999/" }).stripe?.apiUrl).toBe("http://127.0.0.1:4999");
    expect(() => loadConfig({ DATA_DIR: dataDir(), STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow(
      /^Invalid environment variable STRIPE_WEBHOOK_SECRET: /,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), STRIPE_WEBHOOK_SECRET: keys.STRIPE_WEBHOOK_SECRET })).toThrow(
      /^Invalid environment variable STRIPE_SECRET_KEY: /,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...keys, STRIPE_SECRET_KEY: "pk_test_0123456789abcdef" })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...keys, STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it("reads sqlite: and postgres:// database URLs", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: "sqlite:/tmp/x.db" }).database).toEqual({ kind: "sqlite", file: "/tmp/x.db" });
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: "postgres://u@h:5432/d" }).database).toEqual({ kind: "postgres", url: "postgres://u@h:5432/d" });
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x"],
    ["PUBLIC_URL", "not a url"],
    ["SESSION_SECRET", "short"],
    ["LOG_LEVEL", "loud"],
  ])("stops with one line naming %s=%s", (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(new RegExp(`^Invalid environment variable ${name}: [^\\n]+$`));
  });
});
