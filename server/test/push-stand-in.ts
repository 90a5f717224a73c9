import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A push service on loopback speaking the Web Push protocol as browsers' push services do, for the
 * push tests (issue 45, decision 131). It plays the browsers too: `subscribe()` makes a P-256 key
 * pair and an auth secret as a browser does, and gives the subscription (endpoint, keys) the app
 * stores. A notification is a POST to the endpoint (RFC 8030) that must carry a TTL, an
 * `Authorization: vapid t=<JWT>, k=<key>` whose ES256 JWT verifies with the key named and that key
 * being the application server key the subscription was made with (RFC 8292: audience = this
 * origin, expiry within 24 hours, a subject), and an aes128gcm body (RFC 8188) that it DECRYPTS
 * with the subscription's private key and auth secret (RFC 8291). Anything else is refused as a
 * real service refuses it (400, 401, 403); a subscription made `gone` answers 410.
 */
export interface PushStandIn {
  url: string;
  /** A browser subscribing with the app's VAPID public key: what PushSubscription.toJSON() gives. */
  subscribe(applicationServerKey: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Notifications received and decrypted, in order. */
  received: { endpoint: string; payload: Record<string, unknown>; ttl: number; urgency: string | null }[];
  /** Requests refused, with why. */
  refused: { endpoint: string; status: number; reason: string }[];
  /** The browser unsubscribed: the service answers 410 Gone from now on. */
  gone(endpoint: string): void;
  /** The next n notifications (any endpoint) are answered 503, as a busy service does. */
  failNext(n: number): void;
  stop(): Promise<void>;
}

interface Browser {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  applicationServerKey: string;
  gone: boolean;
}

const b64 = (text: string) => Buffer.from(text, "base64url");

/** RFC 8291 section 3.4 and RFC 8188: the aes128gcm content of one record, decrypted. */
export function decryptAes128gcm(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const serverPublic = body.subarray(21, 21 + idlen);
  if (idlen !== 65 || serverPublic[0] !== 4) throw new Error("the key id is not an uncompressed P-256 key");
  const records = body.subarray(21 + idlen);
  if (records.length > rs) throw new Error("more than one record");
  const secret = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", secret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end);
}

/** RFC 8292: the JWT's ES256 signature checked with the raw public key `k`; its claims returned. */
export function verifyVapid(authorization: string, origin: string): { key: string; claims: { aud: string; exp: number; sub: string } } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), ?k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error("no vapid authorization");
  const [header, claims, signature] = match[1]!.split(".") as [string, string, string];
  const key = b64(match[2]!);
  if (key.length !== 65 || key[0] !== 4) throw new Error("k is not an uncompressed P-256 key");
  const jwk = { kty: "EC", crv: "P-256", x: key.subarray(1, 33).toString("base64url"), y: key.subarray(33).toString("base64url") };
  const publicKey = createPublicKey({ key: jwk, format: "jwk" });
  const head = JSON.parse(b64(header).toString("utf8")) as { alg?: string; typ?: string };
  if (head.alg !== "ES256") throw new Error("not ES256");
  if (!verify("sha256", Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, b64(signature))) throw new Error("bad signature");
  const body = JSON.parse(b64(claims).toString("utf8")) as { aud: string; exp: number; sub: string };
  const now = Date.now() / 1000;
  if (body.aud !== origin) throw new Error(`audience ${body.aud} is not ${origin}`);
  if (!(body.exp > now && body.exp <= now + 24 * 60 * 60 + 60)) throw new Error("expiry not within 24 hours");
  if (!/^(mailto:|https:)/.test(body.sub ?? "")) throw new Error("no subject");
  return { key: match[2]!, claims: body };
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const browsers = new Map<string, Browser>();
  const received: PushStandIn["received"] = [];
  const refused: PushStandIn["refused"] = [];
  let failures = 0;
  let url = "";
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const endpoint = `${url}${req.url ?? ""}`;
      const refuse = (status: number, reason: string) => {
        refused.push({ endpoint, status, reason });
        res.writeHead(status).end(reason);
      };
      const browser = browsers.get(endpoint);
      if (req.method !== "POST" || !browser) return refuse(404, "no such subscription");
      if (browser.gone) return refuse(410, "unsubscribed");
      if (failures > 0) {
        failures -= 1;
        return refuse(503, "busy");
      }
      const ttl = Number(req.headers.ttl);
      if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) return refuse(400, "TTL missing");
      if (req.headers["content-encoding"] !== "aes128gcm") return refuse(415, "not aes128gcm");
      let key: string;
      try {
        key = verifyVapid(String(req.headers.authorization ?? ""), url).key;
      } catch (error) {
        return refuse(401, (error as Error).message);
      }
      if (key !== browser.applicationServerKey) return refuse(403, "not the key the subscription was made with");
      let payload: Record<string, unknown>;
      try {
        payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), browser.ecdh, browser.auth).toString("utf8")) as Record<string, unknown>;
      } catch (error) {
        return refuse(400, `cannot decrypt: ${(error as Error).message}`);
      }
      received.push({ endpoint, payload, ttl, urgency: (req.headers.urgency as string | undefined) ?? null });
      res.writeHead(201, { location: `${endpoint}/messages/${received.length}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    refused,
    subscribe(applicationServerKey) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${url}/push/${randomBytes(12).toString("hex")}`;
      browsers.set(endpoint, { ecdh, auth, applicationServerKey, gone: false });
      return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } };
    },
    gone(endpoint) {
      browsers.get(endpoint)!.gone = true;
    },
    failNext(n) {
      failures = n;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
