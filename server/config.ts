import { createECDH, randomBytes } from "node:crypto";
import { derivedDataKey, parseDataKeys, type DataKey } from "./security/data-keys";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * Every environment variable the server reads, validated once at start.
 * A bad value stops the process with one line naming the variable.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres:\/\/|postgresql:\/\/)/, "must start with sqlite: or postgres://")
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  UPLOADS_DIR: z.string().min(1).default("./data/uploads"),
  DATA_DIR: z.string().min(1).default("./data"),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1_000_000).default(1),
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  /** ffmpeg for portfolio videos (decision 144; ffprobe beside it): a name on PATH or an absolute path. */
  FFMPEG_PATH: z
    .string()
    .regex(/^[\w./-]+$/, "must be a command name or a path")
    .default("ffmpeg"),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_SERVICE_NAME: z
    .string()
    .regex(/^[\w.-]{1,100}$/, "must be a short name (letters, digits, . _ -)")
    .default("stem-academy"),
  DATA_ENCRYPTION_KEYS: z.string().max(4000).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).default("https://accounts.google.com"),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w{8,250}$/, "must be a Stripe secret key (sk_test_..., sk_live_...)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w{8,250}$/, "must be a Stripe webhook signing secret (whsec_...)")
    .optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  WHATSAPP_ACCESS_TOKEN: z
    .string()
    .regex(/^[\w.|-]{16,1000}$/, "must be a Meta access token")
    .optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,30}$/, "must be the WhatsApp phone number ID (digits)")
    .optional(),
  WHATSAPP_APP_SECRET: z.string().min(16, "must be at least 16 characters").max(200).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(16, "must be at least 16 characters").max(200).optional(),
  WHATSAPP_API_URL: z.url({ protocol: /^https?$/ }).default("https://graph.facebook.com/v21.0"),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-f]{32}$/, "must be a Twilio account SID (AC followed by 32 hex digits)")
    .optional(),
  TWILIO_AUTH_TOKEN: z
    .string()
    .regex(/^[0-9a-f]{32}$/, "must be a Twilio auth token (32 hex digits)")
    .optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^(\+\d{8,15}|MG[0-9a-f]{32})$/, "must be a +number or a Messaging Service SID (MG...)")
    .optional(),
  TWILIO_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, "must be a VAPID public key (base64url, 65 bytes)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be a VAPID private key (base64url, 32 bytes)")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: address or an https: URL")
    .optional(),
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^(?=.*[a-z])[a-z0-9.-]{1,253}$/i, "must be a domain name, such as example.com or localhost")
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string | undefined;
  /** A Kysely-ready description of the database to open. */
  database: { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };
  publicUrl: string;
  uploadsDir: string;
  dataDir: string;
  sessionSecret: string;
  /** Keys sealing children's data at rest (decision 102): the first seals, all open; derived from the session secret when unset. */
  dataKeys: DataKey[];
  /** Whether dataKeys came from DATA_ENCRYPTION_KEYS (false: the derived default, which start-up warns about in production). */
  dataKeysConfigured: boolean;
  logLevel: Env["LOG_LEVEL"];
  trustProxy: boolean | number | string;
  /** Outgoing mail: SMTP when smtpUrl is set, else .eml files in `${dataDir}/outbox`. */
  mail: { smtpUrl: string | undefined; from: string };
  /** How long anonymous visitors' pages are reused (0 = never); see server/http/page-cache.ts. */
  pageCacheSeconds: number;
  /** Scales every rate limit (browser tests raise it; production keeps 1). */
  rateLimitMultiplier: number;
  /** Largest accepted image upload, in bytes. */
  maxUploadBytes: number;
  /** ffmpeg for portfolio videos (ffprobe beside it); when missing, video uploads answer 503. */
  ffmpegPath: string;
  /** An S3-compatible bucket for uploads; undefined keeps them in uploadsDir. */
  s3: S3Config | undefined;
  /** Bearer token for GET /metrics; undefined answers 404 there. */
  metricsToken: string | undefined;
  /** OpenTelemetry traces sent over OTLP/HTTP (decision 124); undefined: nothing traced, nothing loaded. */
  tracing: { tracesUrl: string; serviceName: string } | undefined;
  /** Google sign-in (OpenID Connect); null hides it. */
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  /**
   * Passkeys (decision 046): the domain they belong to and the origins a ceremony may come from.
   * Null when PUBLIC_URL names an IP address and WEBAUTHN_RP_ID is unset (passkeys need a domain).
   */
  webauthn: { rpId: string; origins: string[] } | null;
  /**
   * Online payment through Stripe Checkout (decision 085); null hides it and enrolments wait for a
   * desk payment. `apiUrl`: another host speaking Stripe's API (the tests' stand-in), else Stripe's.
   */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | null;
  /**
   * The academy's messaging channels (issue 43, decision 127): WhatsApp through Meta's Cloud API and
   * SMS through Twilio; null turns a channel off (e-mail then carries everything). `apiUrl`: another
   * host speaking the provider's API (the tests' stand-ins).
   */
  whatsapp: { accessToken: string; phoneNumberId: string; appSecret: string; verifyToken: string; apiUrl: string } | null;
  twilio: { accountSid: string; authToken: string; from: string; apiUrl: string | undefined } | null;
  /**
   * Stopping on SIGTERM (decision 121): /healthz answers 503 for drainMs while requests are still
   * served (the proxy's health checks take the instance out), then in-flight requests get up to
   * timeoutMs to finish before the process exits anyway.
   */
  shutdown: { drainMs: number; timeoutMs: number };
  /**
   * Web Push (issue 45, decision 131): the VAPID key pair push services check our messages with,
   * from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else generated once into the data folder (as the
   * session secret); the subject (a contact for the push services) from VAPID_SUBJECT, else PUBLIC_URL.
   */
  vapid: { publicKey: string; privateKey: string; subject: string };
}

export interface S3Config {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers fetch the objects; defaults to `${endpoint}/${bucket}` (path-style). */
  publicUrl: string;
}

export class ConfigError extends Error {}

function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  return result.data;
}

function databaseFrom(url: string | undefined, dataDir: string): Config["database"] {
  if (!url) return { kind: "sqlite", file: path.resolve(dataDir, "app.db") };
  if (url.startsWith("sqlite:")) {
    const file = url.slice("sqlite:".length).replace(/^\/\/(?=\/)/, "");
    if (!file) throw new ConfigError("Invalid environment variable DATABASE_URL: sqlite: needs a file path");
    return { kind: "sqlite", file: file === ":memory:" ? file : path.resolve(file) };
  }
  return { kind: "postgres", url };
}

/** DATA_ENCRYPTION_KEYS, or the key derived from the session secret (the derived one stays last, so rows it sealed still open). */
function dataKeysFrom(text: string | undefined, sessionSecret: string): { dataKeys: DataKey[]; dataKeysConfigured: boolean } {
  const derived = derivedDataKey(sessionSecret);
  if (text === undefined || text.trim() === "") return { dataKeys: [derived], dataKeysConfigured: false };
  try {
    const keys = parseDataKeys(text);
    return { dataKeys: keys.some((k) => k.id === derived.id) ? keys : [...keys, derived], dataKeysConfigured: true };
  } catch (error) {
    throw new ConfigError(`Invalid environment variable DATA_ENCRYPTION_KEYS: ${(error as Error).message}`);
  }
}

/** Uses SESSION_SECRET, or a secret generated once and kept in the data folder. */
function sessionSecretFrom(env: Env, dataDir: string): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const S3_VARS = ["S3_BUCKET", "S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** All five S3_* settings, or none (half a bucket configuration is a mistake worth stopping for). */
function s3From(env: Env): S3Config | undefined {
  const missing = S3_VARS.filter((name) => !env[name]);
  if (missing.length === S3_VARS.length) return undefined;
  if (missing.length > 0) throw new ConfigError(`Invalid environment variable ${missing[0]}: required when any S3_* variable is set`);
  const endpoint = env.S3_ENDPOINT!.replace(/\/+$/, "");
  return {
    bucket: env.S3_BUCKET!,
    endpoint,
    region: env.S3_REGION!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    publicUrl: (env.S3_PUBLIC_URL ?? `${endpoint}/${env.S3_BUCKET}`).replace(/\/+$/, ""),
  };
}

function trustProxyFrom(value: string | undefined): Config["trustProxy"] {
  if (value === undefined || value === "" || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  const port = env.PORT;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, "");
  const sessionSecret = sessionSecretFrom(env, dataDir);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port,
    host: env.HOST,
    database: databaseFrom(env.DATABASE_URL, dataDir),
    publicUrl,
    uploadsDir: path.resolve(env.UPLOADS_DIR),
    dataDir,
    sessionSecret,
    ...dataKeysFrom(env.DATA_ENCRYPTION_KEYS, sessionSecret),
    logLevel: env.LOG_LEVEL,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER,
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    maxUploadBytes: env.MAX_UPLOAD_BYTES,
    ffmpegPath: env.FFMPEG_PATH,
    s3: s3From(env),
    metricsToken: env.METRICS_TOKEN,
    // The standard base endpoint: traces go to its /v1/traces, as every OTLP exporter does.
    tracing: env.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { tracesUrl: `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, "")}/v1/traces`, serviceName: env.OTEL_SERVICE_NAME }
      : undefined,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? "STEM Academy <no-reply@localhost>" },
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.GOOGLE_ISSUER }
        : null,
    webauthn: webauthnFrom(env.WEBAUTHN_RP_ID, publicUrl),
    stripe: stripeFrom(env),
    whatsapp: whatsappFrom(env),
    twilio: twilioFrom(env),
    shutdown: { drainMs: env.DRAIN_SECONDS * 1000, timeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000 },
    vapid: vapidFrom(env, dataDir, publicUrl),
  };
}

/**
 * Both VAPID keys, or a pair generated once and kept in the data folder (as the session secret):
 * every instance on the same data folder signs with the same pair, and a restart keeps the
 * browsers' subscriptions valid (they are bound to the public key).
 */
function vapidFrom(env: Env, dataDir: string, publicUrl: string): Config["vapid"] {
  const subject = env.VAPID_SUBJECT ?? (publicUrl.startsWith("https:") ? publicUrl : "mailto:no-reply@localhost");
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY)
    throw new ConfigError(`Invalid environment variable ${env.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY"}: required when the other is set`);
  const file = path.join(dataDir, "vapid-keys.json");
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  mkdirSync(dataDir, { recursive: true });
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const secret = ecdh.getPrivateKey();
  const keys = {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    privateKey: Buffer.concat([Buffer.alloc(32 - secret.length), secret]).toString("base64url"),
  };
  try {
    // "wx": two instances starting together on one data folder keep the first pair written.
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return vapidFrom(env, dataDir, publicUrl);
  }
  return { ...keys, subject };
}

/** Every WhatsApp setting, or none (a half-configured channel would send what it can never confirm). */
function whatsappFrom(env: Env): Config["whatsapp"] {
  const names = ["WHATSAPP_ACCESS_TOKEN", "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_APP_SECRET", "WHATSAPP_VERIFY_TOKEN"] as const;
  const missing = names.filter((name) => !env[name]);
  if (missing.length === names.length) return null;
  if (missing.length > 0) throw new ConfigError(`Invalid environment variable ${missing[0]}: required when the other WHATSAPP_* settings are set`);
  return {
    accessToken: env.WHATSAPP_ACCESS_TOKEN!,
    phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID!,
    appSecret: env.WHATSAPP_APP_SECRET!,
    verifyToken: env.WHATSAPP_VERIFY_TOKEN!,
    apiUrl: env.WHATSAPP_API_URL.replace(/\/+$/, ""),
  };
}

/** Every Twilio setting, or none. */
function twilioFrom(env: Env): Config["twilio"] {
  const names = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const;
  const missing = names.filter((name) => !env[name]);
  if (missing.length === names.length) return null;
  if (missing.length > 0) throw new ConfigError(`Invalid environment variable ${missing[0]}: required when the other TWILIO_* settings are set`);
  return { accountSid: env.TWILIO_ACCOUNT_SID!, authToken: env.TWILIO_AUTH_TOKEN!, from: env.TWILIO_FROM!, apiUrl: env.TWILIO_API_URL?.replace(/\/+$/, "") };
}

/** Both Stripe keys, or neither (a key without the webhook's secret could take money it never confirms). */
function stripeFrom(env: Env): Config["stripe"] {
  if (!env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) return null;
  if (!env.STRIPE_SECRET_KEY) throw new ConfigError("Invalid environment variable STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET is set");
  if (!env.STRIPE_WEBHOOK_SECRET) throw new ConfigError("Invalid environment variable STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set");
  return { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL?.replace(/\/+$/, "") };
}

/**
 * The passkeys' relying party: WEBAUTHN_RP_ID, else PUBLIC_URL's host name. Browsers take
 * "localhost" over plain http; with WEBAUTHN_RP_ID=localhost and a PUBLIC_URL on 127.0.0.1 (the
 * browser tests), http://localhost on PUBLIC_URL's port is accepted as an origin too.
 */
function webauthnFrom(rpIdSetting: string | undefined, publicUrl: string): Config["webauthn"] {
  const url = new URL(publicUrl);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const rpId = (rpIdSetting ?? host).toLowerCase();
  if (/^[\d.]+$/.test(rpId) || rpId.includes(":")) return null;
  const origins = [url.origin];
  if (rpId === "localhost" && url.hostname !== "localhost") origins.push(`${url.protocol}//localhost${url.port ? `:${url.port}` : ""}`);
  return { rpId, origins };
}
