import { existsSync, readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "~/features/accounts/accounts.server";
import { adminSetupLink } from "~/features/accounts/admin-setup.server";
import { createPasswordReset } from "~/features/accounts/password-reset.server";
import { tokenHash } from "~server/security/one-time-links";
import { inviteStaff } from "~/features/accounts/staff-invite.server";
import { inviteGuardian } from "~/features/guardians/guardians.server";
import { getAdminCamp } from "~/features/admin/settings/settings.server";
import { bookSlot, findCourse } from "~/features/booking/booking.server";
import { enrolmentLink, enrolmentPaymentLink, enrolmentReceiptLink } from "~/features/enrolments/links.server";
import { dropEnrolment } from "~/features/sections/enrolment-changes.server";
import { joinSectionWaitlist } from "~/features/sections/section-waitlist.server";
import { sectionSchema } from "~/features/sections/sections.schema";
import { createSection, enrol } from "~/features/sections/sections.server";
import { createInvoice, issueCreditNote, recordPayment } from "~/features/billing/ledger.server";
import { renewFeed } from "~/features/timetable/timetable.server";
import { absenceLinkToken, reportAbsence, spendCredit } from "~/features/makeups/makeups.server";
import { childKey } from "~/lib/child-key";
import { invoiceListPriceEnrolment } from "~/features/billing/enrolment-invoice.server";
import { createApp } from "~server/app";
import { isPostgres, type DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { createLogger } from "~server/logger";
import { startTestServer, type TestServer } from "~server/test/harness";
import { urlBait } from "~server/test/url-bait";
import { addDays, zonedParts, zonedToUtc } from "~/lib/zoned-time";
import { signToken } from "~server/security/signed";
import { routeKeys } from "~server/test/route-table";
import { openRowCounter, type Counts, type RowCounter } from "~server/test/row-counter";
import { SoftAuthenticator } from "~server/test/soft-authenticator";
import { startStripeStandIn, type StripeStandIn, type StripeEvent } from "~server/test/stripe-stand-in";
import { messagingEnv, startTwilioStandIn, startWhatsAppStandIn, type TwilioStandIn, type WhatsAppStandIn } from "~server/test/messaging-stand-ins";
import { groupWithMeeting } from "~server/test/teaching-fixture";
import { storeImage } from "~server/storage/images";
import { pickupPhotoStorage, portfolioStorage } from "~server/storage/private-storage";
import { invoicePaymentToken } from "~/features/billing/instalments/invoice-link.server";
import * as OTPAuth from "otpauth";

/**
 * Hostile input against every endpoint (issue 8): malformed JSON, wrong content types, missing
 * fields, wrong types, over-long and NUL-carrying strings, unknown fields, SQL and script payloads,
 * path traversal in ids and file names, oversized bodies. Every refusal must be a 4xx JSON
 * `{ message }` (never a 5xx, never HTML) that changes no row; the valid sample of each endpoint
 * succeeds and stores exactly what it declares. Text that is hostile but valid (a "<script>" in a
 * free-text field) may be accepted and stored verbatim; it must then change only the tables its
 * endpoint writes. The route table is walked, so a new endpoint without a sample fails this suite.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies of every shape
type Json = any;

interface WriteSample {
  /** "METHOD /pattern" exactly as the route table lists it. */
  route: string;
  url: () => string;
  admin: boolean;
  /** Sent with this parent account's session (the parent's own space, /api/account...). */
  account?: AccountName;
  /** The valid body; null for endpoints that read no body (they may answer 2xx to anything). */
  body: (() => Json) | null;
  /** Row-count changes of one accepted request (tables not named must not change). */
  stores: Counts;
  /** Runs before the valid sample (state that only exists once earlier samples ran). */
  before?: () => Promise<void>;
  /** Headers that depend on the exact body sent (Stripe's webhook signature over the JSON text). */
  signed?: (body: string) => Record<string, string>;
  /** The valid sample is sent form-encoded (Twilio's webhook), signed over its fields. */
  form?: true;
  /** State the valid sample needs first (a passkey ceremony's step): cookies to send along. */
  prepare?: () => Promise<string>;
  /**
   * The part it runs in when it needs what the other group's earlier samples stored; otherwise a
   * staff sample runs in "staff writes" and any other in "public and account writes".
   */
  part?: HostileInputPart;
}

const METRICS_TOKEN = "hostile-input-metrics-token";

/** Parent accounts signed in for the /api/account samples; "leaving" is the one the deletion sample deletes. */
type AccountName = "own" | "leaving" | "google" | "keys" | "guardian";

interface ReadSample {
  route: string;
  url: () => string;
  admin: boolean;
  account?: AccountName;
  /** A valid query; every parameter is also sent hostile. */
  query?: Record<string, string>;
  /** Sign-in flows answer with redirects; their Location must stay on this site. */
  redirects?: boolean;
  /** Headers a valid request needs (a bearer token). */
  headers?: Record<string, string>;
  /** Rows a read may write: a view of children's data is audited (decision 142's pickup screens). */
  stores?: Record<string, number>;
}

/** Counters of every request by design (rate limits), so they are left out of the row counts. */
const UNCOUNTED = new Set(["rate_limits"]);

const TEXT_PAYLOADS = [
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "../../etc/passwd",
  "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "\ud800 lone surrogate",
];
/** Replacements of a path parameter (already URL-encoded where needed). */
const ID_PAYLOADS = [
  "..%2f..%2fetc%2fpasswd",
  "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "..%5c..%5cwindows%5cwin.ini",
  "1%20OR%201%3D1",
  "1'%20OR%20'1'%3D'1",
  "1%22%3B%20DROP%20TABLE%20users%3B%20--",
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "-1",
  "0",
  "1.5",
  "99999999999999999999",
  "%00",
  "%E2%80%AE",
];
const QUERY_PAYLOADS = [...TEXT_PAYLOADS, "x".repeat(8000), "", "-1", "1e309", "NaN", "\u202e", "\u0000"];
const MALFORMED_JSON = ["{", '{"a":1,}', "{'a':1}", '{"a":}', "", "null", "[]", "123", '"text"', "\u0000", "[{}]"];
const MEGABYTE = "a".repeat(1024 * 1024);

const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function tableNames(db: DB): Promise<string[]> {
  const { rows } = isPostgres(db)
    ? await sql<{
        name: string;
      }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  return rows
    .map((row) => row.name)
    .filter((name) => !UNCOUNTED.has(name))
    .sort();
}

const changes = (before: Counts, after: Counts): Counts =>
  Object.fromEntries(Object.keys(after).flatMap((table) => (after[table] !== before[table] ? [[table, after[table]! - before[table]!]] : [])));

/** Every place in a JSON value: object properties and the first item of each array. */
function slots(value: Json, at: (string | number)[] = []): { at: (string | number)[]; value: Json }[] {
  const found = at.length > 0 ? [{ at, value }] : [];
  if (Array.isArray(value)) {
    if (value.length > 0) found.push(...slots(value[0], [...at, 0]));
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) found.push(...slots(item, [...at, key]));
  }
  return found;
}

function replaced(value: Json, at: (string | number)[], next: Json | typeof REMOVE): Json {
  const copy = structuredClone(value);
  let target = copy;
  for (const step of at.slice(0, -1)) target = target[step];
  const last = at[at.length - 1]!;
  if (next === REMOVE) {
    if (Array.isArray(target)) target.splice(Number(last), 1);
    else delete target[last];
  } else target[last] = next;
  return copy;
}
const REMOVE = Symbol("remove");

/** Values of another JSON type than the sample's. */
function wrongTypes(value: Json): Json[] {
  if (typeof value === "string") return [5, true, ["x"], { $ne: null }];
  // Every number field is a bounded whole number or an amount with at most its currency's decimals
  // (3 at most: KWD, BHD, OMR), so huge values and four decimals are refused too.
  if (typeof value === "number") return ["5", true, [5], { n: 5 }, 1e300, 1.2345];
  if (typeof value === "boolean") return ["true", 1, [true]];
  if (Array.isArray(value)) return ["x", 5, { 0: "x" }];
  if (value !== null && typeof value === "object") return ["x", 5, ["x"]];
  return [];
}

const multipartOf = (fields: Record<string, string>) => {
  const boundary = "----hostile0boundary";
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { body: `${parts.join("")}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
};
const flatStrings = (body: Json): Record<string, string> =>
  Object.fromEntries(Object.entries(body as Record<string, unknown>).map(([key, value]) => [key, typeof value === "string" ? value : JSON.stringify(value)]));

interface Attempt {
  label: string;
  method: string;
  url: string;
  body?: string;
  contentType?: string;
  /** Hostile-but-possibly-valid input: a 2xx is allowed (and then counted as a stored record). */
  mayPass: boolean;
  /** The answer must come within this many milliseconds (input that made a pattern backtrack). */
  withinMs?: number;
}

/** The hostile requests for one write endpoint (its valid sample is sent first, apart). */
function writeAttempts(sample: WriteSample): Attempt[] {
  const url = sample.url();
  const method = sample.route.split(" ")[0]!;
  const attempts: Omit<Attempt, "method">[] = [];
  const bodyless = sample.body === null;
  const valid = sample.body?.() ?? {};
  const json = (label: string, value: Json, mayPass: boolean) =>
    attempts.push({ label, url, body: JSON.stringify(value), contentType: "application/json", mayPass: mayPass || bodyless });

  // An endpoint that reads no body may accept any JSON object or array (and nothing at all).
  for (const text of MALFORMED_JSON)
    attempts.push({
      label: `JSON ${JSON.stringify(text.slice(0, 10))}`,
      url,
      body: text,
      contentType: "application/json",
      mayPass: bodyless && (text === "" || text.startsWith("[")),
    });
  attempts.push({ label: "JSON with trailing garbage", url, body: `${JSON.stringify(valid)}x`, contentType: "application/json", mayPass: false });
  attempts.push({ label: "JSON as text/plain", url, body: JSON.stringify(valid), contentType: "text/plain", mayPass: bodyless });
  // A form endpoint (Twilio's webhook) takes its own valid sample again as a redelivery: it stores nothing new.
  attempts.push({
    label: "form-urlencoded",
    url,
    body: new URLSearchParams(flatStrings(valid)).toString(),
    contentType: "application/x-www-form-urlencoded",
    mayPass: bodyless || sample.form === true,
  });
  const multipart = multipartOf(flatStrings(valid));
  attempts.push({ label: "multipart", url, body: multipart.body, contentType: multipart.contentType, mayPass: bodyless });
  attempts.push({ label: "XML", url, body: "<a><b>1</b></a>", contentType: "application/xml", mayPass: bodyless });
  attempts.push({ label: "JSON in an unknown charset", url, body: JSON.stringify(valid), contentType: "application/json; charset=x-unknown", mayPass: false });
  // server/app.ts reads up to 1 MB of JSON under /api/admin (long blog posts), 100 kB elsewhere.
  const bodyLimit = url.startsWith("/api/admin") ? 1024 * 1024 : 100 * 1024;
  attempts.push({
    label: `over ${bodyLimit / 1024} kB of JSON`,
    url,
    body: JSON.stringify({ ...valid, padding: "x".repeat(bodyLimit + 1024) }),
    contentType: "application/json",
    mayPass: false,
  });
  json("a 1 MB string", { ...valid, [Object.keys(valid)[0] ?? "field"]: MEGABYTE }, false);

  if (!bodyless) {
    json("an empty object", {}, false);
    for (const { at, value } of slots(valid)) {
      const where = at.join(".");
      json(`without ${where}`, replaced(valid, at, REMOVE), true);
      for (const wrong of wrongTypes(value)) json(`${where} as ${JSON.stringify(wrong)}`, replaced(valid, at, wrong), false);
      if (typeof value === "string") {
        json(`${where} of 60,000 characters`, replaced(valid, at, "x".repeat(60_000)), false);
        json(`${where} with a NUL byte`, replaced(valid, at, `${value}\u0000x`), false);
        // Under both body limits; the old link pattern took seconds on it and blocked every request.
        attempts.push({
          label: `${where} = a link-shaped value of 90,000 characters`,
          url,
          body: JSON.stringify(replaced(valid, at, urlBait(90_000))),
          contentType: "application/json",
          mayPass: false,
          withinMs: 1000,
        });
        for (const text of TEXT_PAYLOADS) json(`${where} = ${text}`, replaced(valid, at, text), true);
      }
    }
  }
  // Unknown fields are ignored, never stored (mass assignment) and never pollute prototypes.
  const extra = { isAdmin: true, id: 999_999, password_hash: "hacked", created_at: "1970-01-01", extra: "<script>alert(1)</script>" };
  json("unknown fields", { ...extra, ...valid }, true);
  attempts.push({
    label: "__proto__ and constructor",
    url,
    body: `{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},${JSON.stringify(valid).slice(1)}`,
    contentType: "application/json",
    mayPass: true,
  });
  attempts.push({
    label: "deeply nested unknown field",
    url,
    body: `{"deep":${"[".repeat(5000)}${"]".repeat(5000)},${JSON.stringify(valid).slice(1)}`,
    contentType: "application/json",
    mayPass: true,
  });

  // Hostile path parameters, with the valid body.
  for (const param of sample.route.match(/:\w+/g) ?? []) {
    for (const bad of ID_PAYLOADS) {
      attempts.push({
        label: `${param} = ${bad}`,
        url: urlWithParam(sample, param, bad),
        body: JSON.stringify(valid),
        contentType: "application/json",
        mayPass: false,
      });
    }
  }
  return attempts.map((a) => ({ ...a, method }));
}

/** The sample's URL with one path parameter replaced. */
function urlWithParam(sample: { route: string; url: () => string }, param: string, value: string): string {
  const pattern = sample.route.split(" ")[1]!.split("/");
  const actual = sample.url().split("?")[0]!.split("/");
  return pattern.map((part, i) => (part === param ? value : actual[i])).join("/");
}

/**
 * The suite's three parts, one test file each (hostile-input-*.test.ts), so the run's two workers
 * share its 15,000 requests instead of one worker taking them all at the run's end (decision 147).
 * Each part starts its own server with the same set-up; the writes of each group run in list order.
 */
export type HostileInputPart = "staff writes" | "public and account writes" | "reads and uploads";

export function hostileInputOnEveryEndpoint(part: HostileInputPart): void {
  describe(`hostile input on every endpoint: ${part}`, () => {
    let server: TestServer;
    let stripe: StripeStandIn;
    let whatsapp: WhatsAppStandIn;
    let twilio: TwilioStandIn;
    /** The paid checkout's event the webhook's valid sample delivers (decision 085). */
    let stripeEvent: StripeEvent | undefined;
    let tables: string[];
    let counter: RowCounter;
    const ids: Record<string, number> = {};
    const tokens: Record<string, string> = {};
    const people = {
      parent: { email: "parent.hostile@example.com", password: "Parent-Passw0rd" },
      reset: { email: "reset.hostile@example.com", password: "Reset-Passw0rd" },
      target: { email: "target.hostile@example.com", password: "Target-Passw0rd" },
      own: { email: "own.hostile@example.com", password: "Own-Passw0rd1" },
      leaving: { email: "leaving.hostile@example.com", password: "Leaving-Passw0rd1" },
      // Signed in, then made Google-only (no password): the set-a-password link's sample.
      google: { email: "google.hostile@example.com", password: "Google-Passw0rd1" },
      staff: { email: "first-staff@example.com", password: "First-Staff-Passw0rd1" },
      // Adds, renames and removes a passkey (decision 046).
      keys: { email: "keys.hostile@example.com", password: "Keys-Passw0rd1" },
      // Holds the calendar feed the feed's read sample opens (decision 068).
      feed: { email: "feed.hostile@example.com", password: "Feed-Passw0rd1" },
      // Accepts a family's invitation (decision 139).
      guardian: { email: "guardian.hostile@example.com", password: "Guardian-Passw0rd1" },
    };
    let adminCookie: string | undefined;
    const forms: Record<string, Json> = {};
    let camp: { slug: string; batch: string };
    const courseSlug = "robotics-fundamentals";
    /** The body of the section edit sample: the seeded section's own pattern, a new capacity. */
    const sectionForm: { value: Json } = { value: {} };
    const courseDeleteStores: Counts = { courses: -1, audit_log: 1 };

    const accountCookies: Partial<Record<AccountName, string>> = {};
    /** A parent's session, signed in on first use (a write that rotates it hands the new one on). */
    async function accountHeaders(name: AccountName): Promise<Record<string, string>> {
      if (!accountCookies[name]) {
        const login = await server.request("POST", "/login", { json: { email: people[name].email, password: people[name].password } });
        accountCookies[name] = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
      }
      return { cookie: accountCookies[name], origin: server.url };
    }
    const sampleHeaders = (sample: { admin: boolean; account?: AccountName }): Promise<Record<string, string>> =>
      sample.admin ? staffHeaders() : sample.account ? accountHeaders(sample.account) : Promise.resolve({ origin: server.url });

    /** The staff session (after the first-admin sample ran, so the setup link was still live for it). */
    async function staffHeaders(): Promise<Record<string, string>> {
      adminCookie ??= (await server.signIn("admin")).cookie;
      return { cookie: adminCookie, origin: server.url };
    }

    // Passkeys and the second factor (decision 046): each sample's ceremony is run for real first.
    const cookiesOf = (headers: Headers) =>
      headers
        .getSetCookie()
        .map((line) => line.split(";")[0]!)
        .filter((pair) => !pair.endsWith("="));
    const device = () => new SoftAuthenticator(server.config.webauthn!.rpId, server.config.webauthn!.origins[0]!);
    const totpCode = (secret: string, timestamp: number) =>
      new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, "")), digits: 6, period: 30 }).generate({ timestamp });
    const ceremony: { body?: Json; secret?: string } = {};
    /** Registers a passkey for a session through the API; returns its authenticator. */
    async function registeredDevice(cookie: string) {
      const authenticator = device();
      const options = await server.request("POST", "/api/account/passkeys/options", { headers: { cookie, origin: server.url } });
      const saved = await server.request("POST", "/api/account/passkeys", {
        json: { response: authenticator.register(options.body.options) },
        headers: { cookie: [cookie, ...cookiesOf(options.headers)].join("; "), origin: server.url },
      });
      if (saved.status !== 201) throw new Error(`passkey set-up failed: ${saved.status}`);
      return authenticator;
    }

    async function slotRow(daysAhead: number, capacity: number) {
      const now = nowIso();
      const row = await server.db
        .insertInto("demo_slots")
        .values({
          starts_at: new Date(Date.now() + daysAhead * 86_400_000).toISOString(),
          duration_minutes: 60,
          capacity,
          course_id: ids.course!,
          status: "open",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    }

    /**
     * Certificates (issue 30, decision 080): a group of its own whose first class was held, with one
     * child of the "own" parent marked present, issued once (the account's PDF and the public check)
     * and a second child to issue to (the issue sample) whose certificate the revoke sample revokes.
     */
    async function certificateSetup(db: DB, course: { id: number; minAge: number }) {
      const input = sectionSchema.parse({
        courseId: course.id,
        weekdays: [3],
        startTime: "15:00",
        durationMinutes: 60,
        firstDate: dateIn(20),
        meetings: 2,
        capacity: 5,
      });
      const made = await createSection(db, input, "Asia/Kolkata", async () => {});
      if (!made.ok) throw new Error("set-up section failed");
      ids.certSection = made.id;
      const child = (name: string, email: string, userId: number | null) =>
        enrol(
          db,
          made.id,
          { childName: name, childAge: course.minAge, childId: null, parentName: "Setup Parent", email, phone: "+919876543210" },
          { userId, lang: "en", queue: async () => {} },
        );
      if (!(await child("Certified Child", people.own.email, ids.own!)).ok || !(await child("Second Child", "second.cert@example.com", null)).ok)
        throw new Error("set-up enrolment failed");
      const [mine, second] = await db.selectFrom("section_enrolments").select("id").where("section_id", "=", made.id).orderBy("id").execute();
      ids.certEnrolment = second!.id;
      const meeting = await db.selectFrom("section_meetings").select("id").where("section_id", "=", made.id).orderBy("starts_at").executeTakeFirstOrThrow();
      const at = nowIso();
      await db
        .updateTable("section_meetings")
        .set({ starts_at: new Date(Date.now() - 86_400_000).toISOString() })
        .where("id", "=", meeting.id)
        .execute();
      for (const enrolment of [mine!, second!])
        await db
          .insertInto("meeting_attendance")
          .values({ meeting_id: meeting.id, enrolment_id: enrolment.id, status: "present", created_at: at, updated_at: at })
          .execute();
      const row = {
        section_id: made.id,
        child_name: "Certified Child",
        course_en: "Course",
        course_ar: "دورة",
        lang: "en" as const,
        issued_on: at.slice(0, 10),
        threshold: 50,
        rate: 100,
        issued_by: null,
        created_at: at,
        updated_at: at,
      };
      ids.ownCertificate = (
        await db
          .insertInto("certificates")
          .values({ ...row, code: "H0ST1KE0WNC3", enrolment_id: mine!.id })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      tokens.certificateCode = "H0ST-1KE0-WNC3";
    }

    /**
     * Progress reports (decision 138): an issued report of the "own" parent's certified child, for the
     * account's and the group's PDF read samples.
     */
    async function progressSetup(db: DB) {
      const enrolment = await db
        .selectFrom("section_enrolments")
        .select(["id", "child_name"])
        .where("section_id", "=", ids.certSection!)
        .orderBy("id")
        .executeTakeFirstOrThrow();
      const at = nowIso();
      const content = {
        childName: enrolment.child_name,
        course: { en: "Course", ar: "دورة" },
        term: { first: at.slice(0, 10), last: at.slice(0, 10) },
        attendance: { attended: 1, held: 1 },
        skills: [],
        levelsCompleted: [],
        projects: [{ title: "Set-up robot", note: "" }],
        comment: "Set-up comment.",
        nextStep: "",
        proposal: null,
      };
      ids.ownReport = (
        await db
          .insertInto("progress_reports")
          .values({
            enrolment_id: enrolment.id,
            section_id: ids.certSection!,
            version: 1,
            lang: "en",
            content: JSON.stringify(content),
            issued_at: at,
            created_at: at,
            updated_at: at,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      // Its first issued version, kept (decision 144).
      await db
        .insertInto("progress_report_versions")
        .values({ report_id: ids.ownReport, version: 1, lang: "en", content: JSON.stringify(content), issued_at: at, issued_by: null })
        .execute();
      ids.ownReportEnrolment = enrolment.id;
    }

    /**
     * Portfolios (decision 135): a project of the "own" parent's certified child with one photo through
     * the media pipeline, for the account's show sample and the photo route's read sample.
     */
    async function portfolioSetup(db: DB) {
      const enrolment = await db
        .selectFrom("section_enrolments")
        .select(["id", "email", "child_key", "child_name"])
        .where("section_id", "=", ids.certSection!)
        .orderBy("id")
        .executeTakeFirstOrThrow();
      const at = nowIso();
      ids.ownProject = (
        await db
          .insertInto("portfolio_projects")
          .values({
            family_email: enrolment.email.toLowerCase(),
            child_key: enrolment.child_key,
            child_name: enrolment.child_name,
            enrolment_id: enrolment.id,
            section_id: ids.certSection!,
            title: "Set-up robot",
            note: "",
            link: "",
            // Shown, nobody marked in its photo: the photo route's read sample is a visitor's.
            public: 1,
            added_by: null,
            created_at: at,
            updated_at: at,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      const image = await storeImage(
        portfolioStorage(server.config),
        await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 90, b: 200 } } })
          .png()
          .toBuffer(),
      );
      ids.portfolioPhoto = (
        await db
          .insertInto("portfolio_photos")
          .values({
            project_id: ids.ownProject,
            upload: /([a-f0-9]{24})-\d+\.webp/.exec(image.url)![1]!,
            widths: String(image.width),
            width: image.width,
            height: image.height,
            created_at: at,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      // A video of the same project (decision 144): the stored MP4 as the pipeline names it (its bytes do not matter here).
      const video = "0123456789abcdef01234567";
      await portfolioStorage(server.config).put(`${video}.mp4`, Buffer.from("not really a video"), "video/mp4");
      ids.portfolioVideo = (
        await db
          .insertInto("portfolio_photos")
          .values({
            project_id: ids.ownProject,
            upload: video,
            widths: "",
            width: 320,
            height: 240,
            kind: "video",
            bytes: 18,
            duration_ms: 1000,
            created_at: at,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      // The own account's photo shown at pickup (decision 142), in its private store.
      const face = await storeImage(
        pickupPhotoStorage(server.config),
        await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 200, g: 150, b: 120 } } })
          .png()
          .toBuffer(),
      );
      ids.pickupPhoto = (
        await db
          .insertInto("pickup_photos")
          .values({
            family_user_id: ids.own!,
            user_id: ids.own!,
            upload: /([a-f0-9]{24})-\d+\.webp/.exec(face.url)![1]!,
            widths: String(face.width),
            created_at: at,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    }

    /**
     * The sections' waitlist, moves and drops (decision 066): a full group with one child waiting, a
     * group whose only seat is held for the first in line, and a group of three with children to move
     * (by staff and by a parent's link) into another and to drop.
     */
    async function sectionChangeSetup(db: DB, course: { id: number; minAge: number }) {
      const group = async (capacity: number) => {
        const input = sectionSchema.parse({
          courseId: course.id,
          weekdays: [3],
          startTime: "15:00",
          durationMinutes: 60,
          firstDate: dateIn(20),
          meetings: 2,
          capacity,
        });
        const made = await createSection(db, input, "Asia/Kolkata", async () => {});
        if (!made.ok) throw new Error("set-up section failed");
        return made.id;
      };
      const child = (email: string) => ({
        childName: `Setup ${email}`,
        childAge: course.minAge,
        childId: null,
        parentName: "Setup Parent",
        email,
        phone: "+919876543210",
      });
      const enrolIn = async (sectionId: number, email: string) => {
        const made = await enrol(db, sectionId, child(email), { userId: null, lang: "en", queue: async () => {} });
        if (!made.ok) throw new Error("set-up enrolment failed");
        const row = await db.selectFrom("section_enrolments").select(["id", "reference"]).where("reference", "=", made.reference).executeTakeFirstOrThrow();
        return { ...row, token: enrolmentLink.token(server.config.sessionSecret, row) };
      };
      const line = async (sectionId: number, email: string) => {
        const joined = await joinSectionWaitlist(db, sectionId, child(email), { lang: "en", userId: null, linkSecret: server.config.sessionSecret });
        if (!joined.ok) throw new Error("set-up waitlist place failed");
        return joined.token;
      };
      ids.sectionFull = await group(1);
      // The confirmation's calendar link (issue 42): a receipt token of a live enrolment.
      tokens.receipt = enrolmentReceiptLink.token(server.config.sessionSecret, await enrolIn(ids.sectionFull, "section-full@example.com"));
      tokens.sectionLeave = await line(ids.sectionFull, "section-waiting@example.com");
      const offered = await group(1);
      const holder = await enrolIn(offered, "section-holder@example.com");
      tokens.sectionOffer = await line(offered, "section-offered@example.com");
      await dropEnrolment(db, holder.id, "Set-up", { by: "staff" }, async () => {});
      ids.sectionMoveFrom = await group(4);
      ids.sectionMoveTo = await group(4);
      tokens.staffMove = (await enrolIn(ids.sectionMoveFrom, "staff-move@example.com")).reference;
      tokens.staffDrop = (await enrolIn(ids.sectionMoveFrom, "staff-drop@example.com")).reference;
      tokens.parentMove = (await enrolIn(ids.sectionMoveFrom, "parent-move@example.com")).token;
      tokens.parentDrop = (await enrolIn(ids.sectionMoveFrom, "parent-drop@example.com")).token;
      // Every enrolment gets its invoice at the list price (decision 100): a drop voids it, a payment pays it.
      // Two enrolments held for an online payment (decision 085): one to start a checkout for, one to pay.
      const held = async (email: string) => {
        const holdUntil = new Date(Date.now() + 3_600_000).toISOString();
        // Invoiced in its transaction as the enrolment form does: the checkout asks what the invoice owes (decision 101).
        const made = await enrol(db, await group(3), child(email), {
          userId: null,
          lang: "en",
          holdUntil,
          queue: async (trx, enrolment) => {
            const { id } = await trx.selectFrom("section_enrolments").select("id").where("reference", "=", enrolment.reference).executeTakeFirstOrThrow();
            await invoiceListPriceEnrolment(trx, id);
          },
        });
        if (!made.ok) throw new Error("set-up held enrolment failed");
        return enrolmentPaymentLink.token(server.config.sessionSecret, made);
      };
      tokens.payment = await held("held-checkout@example.com");
      tokens.paid = await held("held-paid@example.com");
    }

    /** Instalments (decision 091): two open camp invoices, one to split and one to pay from its link. */
    async function instalmentsSetup(db: DB) {
      const camp = await db.selectFrom("camps").select(["id", "slug", "title_en"]).executeTakeFirstOrThrow();
      const invoice = async (email: string) => {
        const at = nowIso();
        const { id } = await db
          .insertInto("camp_enrolments")
          .values({
            student_name: "Aarav",
            parent_name: "Priya",
            email,
            phone_number: "+919876543210",
            camp_id: camp.id,
            camp_slug: camp.slug,
            camp_title: camp.title_en,
            session: email,
            message: "",
            lang: "en",
            reference: null,
            status: "new",
            notes: "",
            created_at: at,
            updated_at: at,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const line = { kind: "price" as const, label_en: "Fee", label_ar: "الرسوم", amountMinor: 30_000 };
        return (await db.transaction().execute((trx) =>
          createInvoice(trx, {
            email,
            parentName: "Priya",
            userId: null,
            lang: "en",
            currency: "INR",
            offer: { kind: "camp", enrollmentId: id },
            childName: "Aarav",
            description: { en: "Camp", ar: "المخيم" },
            lines: [line],
          }),
        ))!;
      };
      ids.invoiceSplit = (await invoice("split-invoice@example.com")).id;
      tokens.invoicePay = invoicePaymentToken(server.config.sessionSecret, await invoice("pay-invoice@example.com"));
    }

    /**
     * Absences and make-ups (decision 076): the "own" parent's child in a group of the course with a
     * credit to spend and a make-up booked to cancel, and a child whose reminder link reports an absence.
     */
    /**
     * Consent (issue 30): an OPTIONAL pickup form (a required one would refuse the enrolment samples),
     * a camp child whose family agreed to it with one pickup person, and a reminder link of that family.
     */
    async function consentSetup(db: DB) {
      const at = nowIso();
      ids.consentForm = (
        await db
          .insertInto("consent_forms")
          .values({ kind: "pickup", required: 0, active: 1, current_version: 1, created_at: at, updated_at: at })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      const version = await db
        .insertInto("consent_versions")
        .values({
          form_id: ids.consentForm,
          version: 1,
          title_en: "Pickup people",
          title_ar: "من يستلم الطفل",
          body_en: "Who may collect the child.",
          body_ar: "من يحق له استلام الطفل.",
          created_by: null,
          created_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const camp = await db.selectFrom("camps").select(["id", "slug"]).orderBy("id").executeTakeFirstOrThrow();
      const email = "consent-family@example.com";
      ids.campChild = (
        await db
          .insertInto("camp_enrolments")
          .values({
            student_name: "Camp Child",
            parent_name: "Camp Parent",
            email,
            phone_number: "+919876543210",
            camp_id: camp.id,
            camp_slug: camp.slug,
            camp_title: "Camp",
            session: "1 July - 20th July",
            message: "",
            lang: "en",
            reference: null,
            status: "new",
            notes: "",
            created_at: at,
            updated_at: at,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      const answer = await db
        .insertInto("consent_answers")
        .values({
          version_id: version.id,
          form_id: ids.consentForm,
          email,
          child_key: childKey("Camp Child"),
          child_name: "Camp Child",
          signer_name: "Camp Parent",
          user_id: null,
          lang: "en",
          agreed: 1,
          enrolment_id: null,
          camp_enrolment_id: ids.campChild,
          signed_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      // A camp day already checked out, so the camp certificate sample has a day to count (decision 089).
      await db
        .insertInto("camp_checkouts")
        .values({ camp_enrolment_id: ids.campChild, day: dateIn(-2), pickup_id: null, collected_by: "Camp Parent", recorded_by: null, created_at: at })
        .execute();
      tokens.campId = String(camp.id);
      ids.pickupPerson = (
        await db
          .insertInto("consent_pickups")
          .values({ answer_id: answer.id, name: "Aunt Layla", phone: "+919876543211", pin_hash: null })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      // A pickup person whose PIN wrong tries locked (issue 39), for the staff's unlock sample.
      // A payment notice staff have not dealt with yet (raised by the payment boundary, decision 094).
      ids.paymentNotice = (
        await db
          .insertInto("payment_notices")
          .values({
            kind: "void-invoice-credit",
            notice_key: "hostile-input-notice",
            provider_ref: null,
            invoice_id: null,
            amount_minor: 1500,
            currency: "USD",
            created_at: at,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      ids.lockedPickup = (
        await db
          .insertInto("consent_pickups")
          .values({ answer_id: answer.id, name: "Uncle Sami", phone: "+919876543212", pin_hash: null, pin_locked_at: at })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      tokens.consentLink = "consent-link-token-0123456789abcdef";
      await db
        .insertInto("consent_links")
        .values({ token_hash: tokenHash(tokens.consentLink), email, lang: "en", created_at: at, expires_at: new Date(Date.now() + 86_400_000).toISOString() })
        .execute();
    }

    async function makeupsSetup(db: DB, course: { id: number; minAge: number }) {
      const group = async (startTime: string) => {
        const made = await createSection(
          db,
          sectionSchema.parse({ courseId: course.id, weekdays: [4], startTime, durationMinutes: 60, firstDate: dateIn(21), meetings: 4, capacity: 10 }),
          "Asia/Kolkata",
          async () => {},
        );
        if (!made.ok) throw new Error("set-up section failed");
        return (await db.selectFrom("section_meetings").select("id").where("section_id", "=", made.id).orderBy("starts_at").execute()).map((m) => m.id);
      };
      const home = await group("09:00");
      const other = await group("11:00");
      const child = (email: string) => ({
        childName: `Makeup ${email}`,
        childAge: course.minAge,
        childId: null,
        parentName: "Setup Parent",
        email,
        phone: "+919876543210",
      });
      const sectionOf = async (meetingId: number) =>
        (await db.selectFrom("section_meetings").select("section_id").where("id", "=", meetingId).executeTakeFirstOrThrow()).section_id;
      const made = await enrol(db, await sectionOf(home[0]!), child("makeup-own@example.com"), { userId: ids.own!, lang: "en", queue: async () => {} });
      const linked = await enrol(db, await sectionOf(home[0]!), child("makeup-link@example.com"), { userId: null, lang: "en", queue: async () => {} });
      if (!made.ok || !linked.ok) throw new Error("set-up enrolment failed");
      const own = await db.selectFrom("section_enrolments").select(["id", "reference"]).where("reference", "=", made.reference).executeTakeFirstOrThrow();
      const link = await db.selectFrom("section_enrolments").select(["id", "reference"]).where("reference", "=", linked.reference).executeTakeFirstOrThrow();
      const rules = { absenceNoticeHours: 24, makeupCreditDays: 60 };
      const credit = async (meetingId: number) => {
        const result = await reportAbsence(db, { enrolmentId: own.id, meetingId, reason: "", via: "account", userId: ids.own! }, rules);
        if (!result.ok || !result.credit) throw new Error("set-up credit failed");
        return result.credit.id;
      };
      ids.makeupEnrolment = own.id;
      // Billing desk (issue 31, decision 090): that enrolment's invoice, for the desk payment and the reads.
      ids.invoice = (await db.transaction().execute((trx) => invoiceListPriceEnrolment(trx, own.id)))!.id;
      ids.absenceMeeting = home[0]!;
      ids.makeupCredit = await credit(home[1]!);
      ids.makeupTarget = other[0]!;
      ids.makeupBooked = await credit(home[2]!);
      if (!(await spendCredit(db, { creditId: ids.makeupBooked, meetingId: other[1]!, enrolmentIds: [own.id] }, 2)).ok)
        throw new Error("set-up make-up failed");
      ids.linkAbsenceMeeting = home[3]!;
      tokens.absenceLink = absenceLinkToken(server.config.sessionSecret, link);
    }

    // The set-up (stand-ins, a server, accounts, courses, links) runs once per part, three at once in a
    // full run: on a loaded machine it outlasted the 60 s default (PostgreSQL, 2026-11-30).
    beforeAll(async () => {
      // Online payment on (decision 085), against the local Stripe stand-in: its two endpoints get real samples.
      stripe = await startStripeStandIn();
      // WhatsApp and SMS on (decision 127), against their local stand-ins: the webhooks get real signed samples.
      whatsapp = await startWhatsAppStandIn();
      twilio = await startTwilioStandIn();
      server = await startTestServer({
        MAX_UPLOAD_BYTES: "200000",
        METRICS_TOKEN,
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.url,
        ...messagingEnv(whatsapp, twilio),
      });
      stripe.setWebhookUrl(`${server.url}/api/payments/stripe/webhook`);
      const { db } = server;
      tables = await tableNames(db);
      counter = await openRowCounter(server.config.database, tables);
      tokens.setup = new URL((await adminSetupLink(db, server.config))!).searchParams.get("token")!;
      for (const [name, person] of Object.entries(people)) {
        if (name === "staff") continue;
        ids[name] = (await createUser(db, {
          username: `Hostile ${name}`,
          email: person.email,
          password: person.password,
          contactNumber: "9876543210",
          role: "user",
        }))!;
      }
      await accountHeaders("google");
      await db.updateTable("users").set({ password_hash: null, google_sub: "hostile-google-sub" }).where("id", "=", ids.google!).execute();
      for (const name of ["Saved Child", "Child To Remove"]) {
        const child = await db
          .insertInto("account_children")
          .values({ user_id: ids.own!, name, age: 9, created_at: nowIso(), updated_at: nowIso() })
          .returning("id")
          .executeTakeFirstOrThrow();
        ids[name === "Saved Child" ? "child" : "childToDelete"] = child.id;
      }
      tokens.reset = await createPasswordReset(
        db,
        server.config.sessionSecret,
        { id: ids.reset!, email: people.reset.email },
        { lang: "en", purpose: "reset" },
      );
      const invited = await inviteStaff(db, {
        email: "invited.hostile@example.com",
        role: "editor",
        invitedBy: ids.reset!,
        lang: "en",
        secret: server.config.sessionSecret,
      });
      if (!invited.ok) throw new Error("the invitation sample could not be made");
      tokens.invite = invited.token;
      if (
        !(
          await inviteStaff(db, { email: "revoked.hostile@example.com", role: "admin", invitedBy: ids.reset!, lang: "en", secret: server.config.sessionSecret })
        ).ok
      )
        throw new Error("the revocation sample could not be made");
      tokens.inviteRef = (await db.selectFrom("staff_invites").select("ref").where("email", "=", "revoked.hostile@example.com").executeTakeFirstOrThrow()).ref!;
      // Guardians (decision 139): an invitation the guardian account accepts, and one the own account removes.
      const guardianInvite = await inviteGuardian(db, {
        familyUserId: ids.reset!,
        email: people.guardian.email,
        role: "payer",
        lang: "en",
        language: "en",
        secret: server.config.sessionSecret,
      });
      if (!guardianInvite.ok) throw new Error("the guardian invitation sample could not be made");
      tokens.guardianInvite = guardianInvite.token;
      await inviteGuardian(db, {
        familyUserId: ids.own!,
        email: "removed.guardian@example.com",
        role: "viewer",
        lang: "en",
        language: "en",
        secret: server.config.sessionSecret,
      });
      tokens.guardianRef = (
        await db.selectFrom("family_guardians").select("ref").where("email", "=", "removed.guardian@example.com").executeTakeFirstOrThrow()
      ).ref;

      const course = (await findCourse(db, courseSlug, "en"))!;
      ids.course = course.id;
      ids.courseToDelete = (await db.selectFrom("courses").select("id").where("id", "<>", course.id).orderBy("id", "desc").executeTakeFirstOrThrow()).id;
      ids.bookingSlot = await slotRow(5, 50);
      ids.adminSlot = await slotRow(6, 10);
      ids.emptySlot = await slotRow(7, 10);
      ids.rescheduleSlot = await slotRow(8, 10);
      // Seeded course sections (issue 29): one to enrol in, one to edit and close, one to cancel.
      const sections = await db.selectFrom("course_sections").selectAll().orderBy("id").execute();
      const ofCourse = sections.filter((section) => section.course_id === course.id);
      ids.section = ofCourse[0]!.id;
      ids.sectionEdit = ofCourse[1]!.id;
      ids.sectionCancel = sections.find((section) => section.course_id !== course.id)!.id;
      // Promo codes (issue 31 part 5): one to edit, one to delete.
      const promo = (code: string) => ({
        code,
        kind: "percent" as const,
        percent: 10,
        amount_minor: null,
        currency: null,
        applies_to: "all" as const,
        valid_from: null,
        valid_until: null,
        max_uses: 5,
        per_family: 1,
        created_at: "2026-11-27T00:00:00.000Z",
        updated_at: "2026-11-27T00:00:00.000Z",
      });
      ids.promoEdit = (await db.insertInto("promo_codes").values(promo("SETUP-EDIT")).returning("id").executeTakeFirstOrThrow()).id;
      ids.promoDelete = (await db.insertInto("promo_codes").values(promo("SETUP-DELETE")).returning("id").executeTakeFirstOrThrow()).id;
      // Billing (issue 31 part 6, decision 092): the own family's camp invoice, paid at the desk, one credit note.
      const campRow = await db.selectFrom("camps").select(["id", "slug"]).orderBy("id").executeTakeFirstOrThrow();
      const billedCamp = await db
        .insertInto("camp_enrolments")
        .values({
          student_name: "Billed Child",
          parent_name: "Own Parent",
          email: "own.hostile@example.com",
          phone_number: "+919876543210",
          camp_id: campRow.id,
          camp_slug: campRow.slug,
          camp_title: "Camp",
          session: "s",
          message: "",
          lang: "en",
          reference: null,
          status: "new",
          notes: "",
          created_at: nowIso(),
          updated_at: nowIso(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db.transaction().execute(async (trx) => {
        const fee = [{ kind: "price" as const, label_en: "Fee", label_ar: "الرسوم", amountMinor: 50_000 }];
        const invoice = (await createInvoice(trx, {
          email: "Own.Hostile@example.com",
          parentName: "Own Parent",
          userId: ids.own!,
          lang: "en",
          currency: "INR",
          offer: { kind: "camp", enrollmentId: billedCamp.id },
          childName: "Billed Child",
          description: { en: "Camp", ar: "المخيم" },
          lines: fee,
        }))!;
        ids.ownInvoice = invoice.id;
        ids.payment = (await recordPayment(trx, { invoiceId: invoice.id, method: "cash", amountMinor: 50_000 }))!.id;
        ids.creditNote = (await issueCreditNote(trx, { invoiceId: invoice.id, amountMinor: 100, kind: "refund", refund: { paymentId: ids.payment } })).id;
      });
      const deleted = sections.filter((section) => section.course_id === ids.courseToDelete);
      courseDeleteStores.course_sections = -deleted.length;
      courseDeleteStores.section_meetings = -deleted.reduce((sum, section) => sum + section.meeting_count, 0);
      // One class of a third group to cancel and another to move (issue 29): a group nobody enrols in, so no e-mail is queued.
      const changing = sections.find(
        (section) => section.course_id !== course.id && section.id !== ids.sectionCancel && section.course_id !== ids.courseToDelete,
      )!;
      const changingMeetings = await db
        .selectFrom("section_meetings")
        .select(["id", "starts_at"])
        .where("section_id", "=", changing.id)
        .orderBy("starts_at")
        .execute();
      ids.meetingCancel = changingMeetings[1]!.id;
      ids.meetingMove = changingMeetings[2]!.id;
      tokens.meetingMoveDate = addDays(zonedParts(changingMeetings[2]!.starts_at, "Asia/Kolkata").date, 1);
      // A class under way with one child, for the attendance sample (issue 30).
      const teaching = await groupWithMeeting(db, { teacherId: null, startsAt: new Date(Date.now() - 60_000), children: 1 });
      ids.teachMeeting = teaching.meetingId;
      ids.teachEnrolment = teaching.enrolmentIds[0]!;
      // A class at noon of the academy's today, whose child's pass the check-in sample scans (decision 141).
      const passClass = await groupWithMeeting(db, {
        teacherId: null,
        startsAt: zonedToUtc(zonedParts(new Date(), "Asia/Kolkata").date, "12:00", "Asia/Kolkata"),
        children: 1,
      });
      tokens.classPass = signToken(server.config.sessionSecret, "class-pass", [passClass.enrolmentIds[0]!], Date.now() + 86_400_000);
      // Its child is the own account's, collected with that account's pickup pass (decision 142).
      await db.updateTable("section_enrolments").set({ user_id: ids.own! }).where("id", "=", passClass.enrolmentIds[0]!).execute();
      tokens.pickupPass = signToken(server.config.sessionSecret, "pickup-pass", [ids.own!], Date.now() + 86_400_000);
      ids.pickupMeeting = passClass.meetingId;
      ids.pickupEnrolment = passClass.enrolmentIds[0]!;
      // Its course's ladder, built by the levels samples (issue 44, decision 130).
      ids.teachSection = teaching.sectionId;
      ids.ladderCourse = (await db.selectFrom("course_sections").select("course_id").where("id", "=", teaching.sectionId).executeTakeFirstOrThrow()).course_id;
      const edited = ofCourse[1]!;
      sectionForm.value = {
        courseId: course.id,
        weekdays: edited.weekdays.split(",").map(Number),
        startTime: edited.start_time,
        durationMinutes: edited.duration_minutes,
        firstDate: edited.first_date,
        meetings: edited.meeting_count,
        capacity: 20,
      };
      const booking = { childName: "Setup Child", childAge: 9, parentName: "Setup Parent", phone: "+91 98765 43210" };
      const first = await bookSlot(
        db,
        { ...booking, slotId: ids.bookingSlot, email: "setup-a@example.com" },
        { course, userId: null, lang: "en", timeZone: "Asia/Kolkata", linkSecret: server.config.sessionSecret, perFamily: 3 },
      );
      const second = await bookSlot(
        db,
        { ...booking, slotId: ids.adminSlot, email: "setup-b@example.com" },
        { course, userId: null, lang: "en", timeZone: "Asia/Kolkata", linkSecret: server.config.sessionSecret, perFamily: 3 },
      );
      const third = await bookSlot(
        db,
        { ...booking, slotId: ids.bookingSlot, email: "setup-c@example.com" },
        { course, userId: null, lang: "en", timeZone: "Asia/Kolkata", linkSecret: server.config.sessionSecret, perFamily: 3 },
      );
      if (!first.ok || !second.ok || !third.ok) throw new Error("set-up bookings failed");
      tokens.reschedule = third.cancelToken;
      tokens.cancel = first.cancelToken;
      tokens.reference = first.reference;
      ids.adminBooking = (await db.selectFrom("demo_bookings").select("id").where("reference", "=", second.reference).executeTakeFirstOrThrow()).id;
      // Demo to enrolment (decision 069): a booking of a child in the course's first group's ages.
      const converted = await bookSlot(
        db,
        { ...booking, childAge: 14, slotId: ids.bookingSlot, email: "setup-e@example.com" },
        { course, userId: null, lang: "ar", timeZone: "Asia/Kolkata", linkSecret: server.config.sessionSecret, perFamily: 3 },
      );
      if (!converted.ok) throw new Error("set-up booking failed");
      ids.convertBooking = (await db.selectFrom("demo_bookings").select("id").where("reference", "=", converted.reference).executeTakeFirstOrThrow()).id;
      tokens.feed = /calendar-feeds\/([\w-]+)\.ics$/.exec(
        (await renewFeed(db, ids.feed!, "en", server.config.sessionSecret, server.config.publicUrl)).link.url,
      )![1]!;
      // The waitlist (decision 032): a full slot with one parent waiting, and a slot whose only seat is offered.
      ids.waitlistSlot = await slotRow(9, 1);
      if (
        !(
          await bookSlot(
            db,
            { ...booking, slotId: ids.waitlistSlot, email: "setup-d@example.com" },
            { course, userId: null, lang: "en", timeZone: "Asia/Kolkata", linkSecret: server.config.sessionSecret, perFamily: 3 },
          )
        ).ok
      )
        throw new Error("set-up booking failed");
      ids.offerSlot = await slotRow(11, 1);
      await db.updateTable("demo_slots").set({ seats_taken: 1 }).where("id", "=", ids.offerSlot).execute();
      const entry = (slotId: number, token: string, status: "waiting" | "offered") => {
        const at = nowIso();
        const offer = status === "offered" ? { offered_at: at, offer_expires_at: new Date(Date.now() + 3_600_000).toISOString() } : {};
        return db
          .insertInto("slot_waitlist")
          .values({
            slot_id: slotId,
            course_id: course.id,
            token: tokenHash(token),
            child_name: "Setup Child",
            child_age: 9,
            parent_name: "Setup Parent",
            phone: "+919876543210",
            email: `${token}@example.com`,
            lang: "en",
            status,
            ...offer,
            created_at: at,
            updated_at: at,
          })
          .execute();
      };
      tokens.waitlistLeave = "waiting-entry-token-0123456789";
      tokens.waitlistOffer = "offered-entry-token-0123456789";
      await entry(ids.waitlistSlot, tokens.waitlistLeave, "waiting");
      await entry(ids.offerSlot, tokens.waitlistOffer, "offered");
      await sectionChangeSetup(db, course);
      await makeupsSetup(db, course);
      await certificateSetup(db, course);
      await portfolioSetup(db);
      await progressSetup(db);
      await consentSetup(db);
      await instalmentsSetup(db);

      const now = nowIso();
      ids.contact = (
        await db
          .insertInto("contact_messages")
          .values({ email: "asker@example.com", description: "A question.", status: "new", notes: "", created_at: now, updated_at: now })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      ids.contactBulk = (
        await db
          .insertInto("contact_messages")
          .values({ email: "bulk@example.com", description: "Another question.", status: "new", notes: "", created_at: now, updated_at: now })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      const firstId = async (table: "blog_posts" | "teachers" | "products" | "camps" | "testimonials", direction: "asc" | "desc") =>
        (await db.selectFrom(table).select("id").orderBy("id", direction).executeTakeFirstOrThrow()).id;
      ids.blog = await firstId("blog_posts", "asc");
      ids.blogToDelete = await firstId("blog_posts", "desc");
      ids.teacher = await firstId("teachers", "asc");
      ids.teacherToDelete = await firstId("teachers", "desc");
      ids.product = await firstId("products", "asc");
      ids.productToDelete = await firstId("products", "desc");
      ids.camp = await firstId("camps", "asc");
      ids.testimonial = await firstId("testimonials", "asc");
      ids.testimonialToDelete = await firstId("testimonials", "desc");
      const mediaRow = async (upload: string) =>
        (
          await db
            .insertInto("media")
            .values({
              upload,
              url: `/uploads/${upload}-640.webp`,
              width: 640,
              height: 400,
              alt_en: "",
              alt_ar: "",
              uploaded_by: null,
              created_at: now,
              updated_at: now,
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
      ids.media = await mediaRow("a".repeat(24));
      ids.mediaToDelete = await mediaRow("b".repeat(24));
      const adminCamp = (await getAdminCamp(db, ids.camp))!;
      camp = { slug: adminCamp.slug, batch: adminCamp.batches[0]!.value };
      const { id: _campId, slug: _campSlug, ...campForm } = adminCamp;
      forms.camp = campForm;
      tokens.blogSlug = (
        await db
          .selectFrom("blog_posts")
          .select("slug")
          .where("status", "=", "published")
          .where("publish_date", "<=", nowIso())
          .orderBy("id")
          .executeTakeFirstOrThrow()
      ).slug;
    }, 180_000);
    afterAll(async () => {
      await counter?.close();
      await server?.close();
      await stripe?.stop();
      await whatsapp?.stop();
      await twilio?.stop();
    });

    /** The staff editor shapes, read through the API once a staff session exists. */
    async function loadForms() {
      if (forms.course) return;
      const headers = await staffHeaders();
      const get = async (url: string) => (await server.request("GET", url, { headers })).body;
      forms.course = (await get(`/api/admin/courses/${ids.course}`)).course;
      const { id: _postId, ...post } = (await get(`/api/admin/blogs/${ids.blog}`)).post;
      forms.post = post;
      forms.teacher = (await get(`/api/admin/teachers/${ids.teacher}`)).teacher;
      forms.product = (await get(`/api/admin/products/${ids.product}`)).product;
      forms.testimonial = (await get(`/api/admin/testimonials/${ids.testimonial}`)).testimonial;
      forms.hero = (await get("/api/admin/pages/home")).sections[0].values;
      forms.settings = (await get("/api/admin/settings")).settings;
      // Revisions to restore (an older title or description than now), and records whose history no write sample touches.
      const revision = async (table: "blog_posts" | "courses" | "testimonials" | "page_sections", recordId: number, values: object) =>
        (
          await server.db
            .insertInto("content_revisions")
            .values({ record_table: table, record_id: recordId, user_id: null, user_name: "", form_values: JSON.stringify(values), created_at: nowIso() })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
      ids.blogRevision = await revision("blog_posts", ids.blog!, { ...post, titleEn: "An earlier title" });
      ids.courseRevision = await revision("courses", ids.course!, { ...forms.course, descriptionEn: "An earlier description." });
      ids.historyBlog = (
        await server.db.selectFrom("blog_posts").select("id").where("id", "not in", [ids.blog!, ids.blogToDelete!]).orderBy("id").executeTakeFirstOrThrow()
      ).id;
      ids.historyBlogRevision = await revision("blog_posts", ids.historyBlog, { ...post, titleEn: "A title from before" });
      ids.historyCourse = (
        await server.db.selectFrom("courses").select("id").where("id", "not in", [ids.course!, ids.courseToDelete!]).orderBy("id").executeTakeFirstOrThrow()
      ).id;
      ids.historyCourseRevision = await revision("courses", ids.historyCourse, { ...forms.course, nameEn: "A name from before" });
      // Testimonials and page sections keep revisions too (decision 063).
      ids.testimonialRevision = await revision("testimonials", ids.testimonial!, { ...forms.testimonial, reviewEn: "An earlier review." });
      ids.historyTestimonial = (
        await server.db
          .selectFrom("testimonials")
          .select("id")
          .where("id", "not in", [ids.testimonial!, ids.testimonialToDelete!])
          .orderBy("id")
          .executeTakeFirstOrThrow()
      ).id;
      ids.historyTestimonialRevision = await revision("testimonials", ids.historyTestimonial, { ...forms.testimonial, nameEn: "A name from before" });
      const homeSections = (await get("/api/admin/pages/home")).sections as { key: string; id: number; values: Record<string, string> }[];
      ids.heroSection = homeSections[0]!.id;
      ids.heroRevision = await revision("page_sections", ids.heroSection, { ...forms.hero, titleEn: "An earlier hero title" });
      ids.historySection = homeSections[1]!.id;
      ids.historySectionRevision = await revision("page_sections", ids.historySection, { ...homeSections[1]!.values, titleEn: "A title from before" });
    }

    const honeypot = { website: "" };
    const writes: WriteSample[] = [
      // First: the one-time set-up link dies once any staff account exists.
      {
        route: "POST /api/first-admin",
        url: () => "/api/first-admin",
        admin: false,
        body: () => ({ token: tokens.setup, username: "First Staff", email: people.staff.email, password: people.staff.password }),
        stores: { users: 1, admin_setup_tokens: -1, sessions: 1 },
      },
      {
        route: "POST /login",
        url: () => "/login",
        admin: false,
        body: () => ({ email: people.parent.email, password: people.parent.password }),
        stores: { sessions: 1 },
      },
      {
        route: "POST /api/admin/login",
        url: () => "/api/admin/login",
        admin: false,
        body: () => ({ email: people.staff.email, password: people.staff.password }),
        stores: { sessions: 1 },
      },
      {
        route: "POST /api/staff-invites/accept",
        url: () => "/api/staff-invites/accept",
        admin: false,
        body: () => ({ token: tokens.invite, username: "Invited Staff", password: "Invited-Passw0rd1" }),
        stores: { users: 1, staff_invites: -1, sessions: 1, audit_log: 1 },
        // An invitation holds only while its sender is an admin: the first staff account sends it.
        before: async () => {
          const staff = await server.db.selectFrom("users").select("id").where("email", "=", people.staff.email).executeTakeFirstOrThrow();
          await server.db.updateTable("staff_invites").set({ invited_by: staff.id }).where("email", "=", "invited.hostile@example.com").execute();
        },
      },
      { route: "POST /logout", url: () => "/logout", admin: false, body: null, stores: {} },
      { route: "POST /api/logout-user", url: () => "/api/logout-user", admin: false, body: null, stores: {} },
      {
        route: "POST /register",
        url: () => "/register",
        admin: false,
        body: () => ({ username: "New Parent", email: "new.parent@example.com", password: "Passw0rd-New", contactNumber: "9876543210" }),
        stores: { users: 1 },
      },
      {
        route: "POST /api/signup",
        url: () => "/api/signup",
        admin: false,
        body: () => ({ username: "Signed Parent", email: "signed.parent@example.com", password: "Passw0rd-New", contactNumber: "9876543210" }),
        stores: { users: 1, sessions: 1, jobs: 1 },
      },
      {
        route: "POST /api/password/forgot",
        url: () => "/api/password/forgot",
        admin: false,
        body: () => ({ email: people.parent.email, ...honeypot }),
        stores: { password_resets: 1, jobs: 1 },
      },
      {
        route: "POST /api/password/reset",
        url: () => "/api/password/reset",
        admin: false,
        body: () => ({ token: tokens.reset, password: "Changed-Passw0rd" }),
        stores: {},
      },
      {
        route: "PATCH /api/account/profile",
        url: () => "/api/account/profile",
        admin: false,
        account: "own",
        body: () => ({ username: "Hostile Own", contactNumber: "9876543210" }),
        stores: {},
      },
      // The session is replaced by a new one (every other session of the account ends).
      {
        route: "POST /api/account/password",
        url: () => "/api/account/password",
        admin: false,
        account: "own",
        body: () => ({ currentPassword: people.own.password, password: "Changed-Own-Passw0rd1" }),
        stores: {},
      },
      // The link's token and its e-mail (decision 033).
      {
        route: "POST /api/account/password/link",
        url: () => "/api/account/password/link",
        admin: false,
        account: "google",
        body: null,
        stores: { password_resets: 1, jobs: 1 },
      },
      { route: "POST /api/account/email-proof", url: () => "/api/account/email-proof", admin: false, account: "keys", body: null, stores: { jobs: 1 } },
      {
        route: "POST /api/account/children",
        url: () => "/api/account/children",
        admin: false,
        account: "own",
        body: () => ({ name: "Layla", age: 7 }),
        stores: { account_children: 1 },
      },
      {
        route: "PUT /api/account/children/:id",
        url: () => `/api/account/children/${ids.child}`,
        admin: false,
        account: "own",
        body: () => ({ name: "Layla Ali", age: 8 }),
        stores: {},
      },
      {
        route: "DELETE /api/account/sessions/:id",
        url: () => `/api/account/sessions/${tokens.otherSession}`,
        admin: false,
        account: "own",
        body: null,
        stores: { sessions: -1 },
        // A second device of the same account (its password changed by an earlier sample): the one this sample signs out.
        before: async () => {
          const now = new Date();
          tokens.otherSession = "other-device-session-ref";
          await server.db
            .insertInto("sessions")
            .values({
              id: "hostile-other-device",
              user_id: ids.own!,
              kind: "password",
              created_at: now.toISOString(),
              last_seen_at: now.toISOString(),
              expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
              ref: tokens.otherSession,
              browser: "Firefox",
              os: "Linux",
              ip: "192.0.2.9",
            })
            .execute();
        },
      },
      {
        route: "DELETE /api/account/children/:id",
        url: () => `/api/account/children/${ids.childToDelete}`,
        admin: false,
        account: "own",
        body: null,
        stores: { account_children: -1 },
      },
      // The family's calendar feed (decision 068): made, then switched off.
      {
        route: "POST /api/account/calendar-feed",
        url: () => "/api/account/calendar-feed",
        admin: false,
        account: "keys",
        body: null,
        stores: { calendar_feeds: 1 },
      },
      {
        route: "DELETE /api/account/calendar-feed",
        url: () => "/api/account/calendar-feed",
        admin: false,
        account: "keys",
        body: null,
        stores: { calendar_feeds: -1 },
      },
      {
        route: "POST /api/account/delete",
        url: () => "/api/account/delete",
        admin: false,
        account: "leaving",
        body: () => ({ email: people.leaving.email }),
        stores: { users: -1, sessions: -1, audit_log: 1 },
      },
      {
        route: "POST /contact-us/form",
        url: () => "/contact-us/form",
        admin: false,
        body: () => ({ email: "visitor@example.com", description: "How old must children be?", ...honeypot }),
        stores: { contact_messages: 1, jobs: 1 },
      },
      {
        route: "POST /school/add-school-info",
        url: () => "/school/add-school-info",
        admin: false,
        body: () => ({
          name: "Anita Rao",
          email: "principal@example.com",
          contactNumber: "+91 98765 43210",
          designation: "Principal",
          city: "Pune",
          schoolName: "Green Valley School",
          preferredDate: dateIn(20),
          preferredTime: "10:30",
          requirements: "A lab for 40 pupils.",
          ...honeypot,
        }),
        stores: { school_enquiries: 1, jobs: 1 },
      },
      {
        route: "POST /api/courses/:course/demo-bookings",
        url: () => `/api/courses/${courseSlug}/demo-bookings`,
        admin: false,
        body: () => ({
          slotId: ids.bookingSlot,
          childName: "Aarav",
          childAge: 8,
          parentName: "Priya",
          email: "booker@example.com",
          phone: "+91 98765 43210",
          ...honeypot,
        }),
        stores: { demo_bookings: 1, jobs: 2 },
      },
      { route: "POST /api/demo-bookings/cancel", url: () => "/api/demo-bookings/cancel", admin: false, body: () => ({ token: tokens.cancel }), stores: {} },
      {
        route: "POST /api/courses/:course/demo-waitlist",
        url: () => `/api/courses/${courseSlug}/demo-waitlist`,
        admin: false,
        body: () => ({
          slotId: ids.waitlistSlot,
          childName: "Aarav",
          childAge: 8,
          parentName: "Priya",
          email: "waiter@example.com",
          phone: "+91 98765 43210",
          ...honeypot,
        }),
        stores: { slot_waitlist: 1, jobs: 1 },
      },
      // The held seat becomes a booking: its confirmation e-mail and the staff notice are two jobs.
      {
        route: "POST /api/demo-waitlist/accept",
        url: () => "/api/demo-waitlist/accept",
        admin: false,
        body: () => ({ token: tokens.waitlistOffer }),
        stores: { demo_bookings: 1, jobs: 2 },
      },
      {
        route: "POST /api/demo-waitlist/leave",
        url: () => "/api/demo-waitlist/leave",
        admin: false,
        body: () => ({ token: tokens.waitlistLeave }),
        stores: {},
      },
      // The booking moves (no new row); the new-time e-mail is one job.
      {
        route: "POST /api/demo-bookings/reschedule",
        url: () => "/api/demo-bookings/reschedule",
        admin: false,
        body: () => ({ token: tokens.reschedule, slotId: ids.rescheduleSlot }),
        stores: { jobs: 1 },
      },
      {
        route: "POST /api/summercamp/enroll",
        url: () => "/api/summercamp/enroll",
        admin: false,
        body: () => ({
          studentName: "Zara",
          parentName: "Omar",
          email: "family@example.com",
          phoneNumber: "+971 50 123 4567",
          selectedCamp: camp.slug,
          selectedSession: camp.batch,
          message: "Vegetarian lunch, please.",
          ...honeypot,
        }),
        // The set-up's optional pickup form, left unticked, is recorded as declined.
        // The enrolment's invoice (decision 082): the invoice, its line, its charge. The year's counter
        // row exists already (the set-up invoices the billing desk's sample enrolment).
        // The invoice e-mail (decision 092) is the third job.
        stores: { camp_enrolments: 1, jobs: 3, consent_answers: 1, invoices: 1, invoice_lines: 1, ledger_entries: 1 },
      },
      {
        route: "POST /api/summercamp/brochure",
        url: () => "/api/summercamp/brochure",
        admin: false,
        body: () => ({
          studentName: "Zara",
          studentEmail: "zara@example.com",
          grade: "5",
          school: "Green Valley School",
          parentContact: "+971 50 123 4567",
          ...honeypot,
        }),
        stores: { brochure_leads: 1, jobs: 1 },
      },
      {
        route: "POST /api/sections/:id/enrolments",
        url: () => `/api/sections/${ids.section}/enrolments`,
        admin: false,
        body: () => ({ childName: "Aarav", childAge: 14, parentName: "Priya", email: "enroller@example.com", phone: "+91 98765 43210", ...honeypot }),
        // Online payment is on in this suite: the seat is held and the confirmation e-mail waits for the payment (decision 085).
        stores: { section_enrolments: 1, consent_answers: 1, invoices: 1, invoice_lines: 1, ledger_entries: 1, jobs: 1 },
      },
      // The sections' waitlist, moves and drops (decision 066); each e-mail is one job.
      {
        route: "POST /api/sections/:id/waitlist",
        url: () => `/api/sections/${ids.sectionFull}/waitlist`,
        admin: false,
        body: () => ({ childName: "Aarav", childAge: 14, parentName: "Priya", email: "section-waiter@example.com", phone: "+91 98765 43210", ...honeypot }),
        stores: { section_waitlist: 1 },
      },
      {
        route: "POST /api/section-waitlist/accept",
        url: () => "/api/section-waitlist/accept",
        admin: false,
        body: () => ({ token: tokens.sectionOffer }),
        stores: { section_enrolments: 1, jobs: 2, invoices: 1, invoice_lines: 1, ledger_entries: 1 },
      },
      // Paying online (decision 085): a held enrolment's checkout, and Stripe's signed webhook of a paid one.
      {
        route: "POST /api/payments/checkouts",
        url: () => "/api/payments/checkouts",
        admin: false,
        body: () => ({ token: tokens.payment }),
        stores: { payment_checkouts: 1 },
      },
      // Instalments (decision 091): a staff split, an offer's rule (kept at none: later enrolments' invoices stay whole), paying an invoice from its link.
      {
        route: "POST /api/admin/billing/invoices/:id/instalments",
        url: () => `/api/admin/billing/invoices/${ids.invoiceSplit}/instalments`,
        admin: true,
        body: () => ({ equal: { count: 3, firstDueOn: dateIn(5) } }),
        stores: { invoice_instalments: 3, audit_log: 1 },
      },
      {
        route: "PUT /api/admin/billing/instalment-rules/:kind/:id",
        url: () => `/api/admin/billing/instalment-rules/course/${ids.course}`,
        admin: true,
        body: () => ({ instalmentCount: 0 }),
        stores: { audit_log: 1 },
      },
      {
        route: "POST /api/payments/invoice-checkouts",
        url: () => "/api/payments/invoice-checkouts",
        admin: false,
        body: () => ({ token: tokens.invoicePay, instalmentId: null }),
        stores: { payment_checkouts: 1 },
      },
      {
        route: "POST /api/payments/stripe/webhook",
        url: () => "/api/payments/stripe/webhook",
        admin: false,
        before: async () => {
          const started = await server.request("POST", "/api/payments/checkouts", { json: { token: tokens.paid } });
          if (started.status !== 201) throw new Error("set-up checkout failed");
          stripeEvent = stripe.complete(started.body.sessionId);
        },
        // An event the app stores and leaves alone: the webhook's own writes are the inbox row and its
        // job (decision 094); what a checkout event then does runs in that job (the payments tests).
        body: () => ({ ...stripeEvent, type: "customer.updated" }),
        signed: (body) => ({ "stripe-signature": stripe.sign(body) }),
        stores: { payment_events: 1, jobs: 1 },
      },
      // Push (decision 131): a browser's subscription (a loopback push service: the tests' stand-in's kind), the guardian's categories.
      {
        route: "POST /api/account/push-subscriptions",
        url: () => "/api/account/push-subscriptions",
        admin: false,
        account: "own",
        body: () => ({
          endpoint: "http://127.0.0.1:9/push/hostile",
          expirationTime: null,
          keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
          lang: "en",
        }),
        stores: { push_subscriptions: 1 },
      },
      {
        route: "POST /api/account/push-choices",
        url: () => "/api/account/push-choices",
        admin: false,
        account: "own",
        body: () => ({ schedule: true, classTomorrow: true, absence: true, invoice: true, makeup: true, waitlist: true, certificate: false }),
        stores: { push_choices: 1 },
      },
      // Messaging (decision 127): a guardian's choices, Meta's and Twilio's signed webhooks (an incoming message each), staff's template edit and reply.
      {
        route: "POST /api/account/messaging",
        url: () => "/api/account/messaging",
        admin: false,
        account: "own",
        body: () => ({ phone: "+971 50 123 4567", lang: "en", whatsapp: true, sms: false, email: true, news: true }),
        stores: { messaging_preferences: 1, messaging_consents: 2 },
      },
      {
        route: "POST /api/messaging/whatsapp/webhook",
        url: () => "/api/messaging/whatsapp/webhook",
        admin: false,
        body: () => ({
          object: "whatsapp_business_account",
          entry: [
            {
              id: "1",
              changes: [
                {
                  field: "messages",
                  value: {
                    messaging_product: "whatsapp",
                    messages: [{ from: "971501234567", id: "wamid.hostile-sample", timestamp: "1764400000", type: "text", text: { body: "Hello" } }],
                  },
                },
              ],
            },
          ],
        }),
        signed: (body) => ({ "x-hub-signature-256": whatsapp.sign(body) }),
        stores: { messages: 1 },
      },
      {
        route: "POST /api/messaging/sms/webhook",
        url: () => "/api/messaging/sms/webhook",
        admin: false,
        form: true,
        body: () => ({ AccountSid: twilio.accountSid, MessageSid: "SMhostilesample", From: "+971509876543", To: twilio.from, Body: "Hello", NumMedia: "0" }),
        signed: (body) => ({
          "x-twilio-signature": twilio.sign(`${server.config.publicUrl}/api/messaging/sms/webhook`, Object.fromEntries(new URLSearchParams(body))),
        }),
        stores: { messages: 1 },
      },
      {
        route: "PUT /api/admin/messaging/templates/:key",
        url: () => "/api/admin/messaging/templates/receipt",
        admin: true,
        body: () => ({
          bodyEn: "Thank you: we received {{amount}} for invoice {{number}}.",
          bodyAr: "شكرًا لكم: استلمنا {{amount}} عن الفاتورة {{number}}.",
          waName: "receipt",
          waLanguageEn: "en",
          waLanguageAr: "ar",
          waCategory: "utility",
          waApproved: true,
        }),
        stores: { audit_log: 1 },
      },
      {
        route: "POST /api/admin/messaging/replies",
        url: () => "/api/admin/messaging/replies",
        admin: true,
        // The family's messaging preferences and its WhatsApp message are public and account samples.
        part: "public and account writes",
        // The family wrote in (the WhatsApp sample above): the 24-hour window is open.
        before: async () => {
          await server.db.updateTable("messaging_preferences").set({ last_inbound_at: nowIso() }).where("email", "=", people.own.email.toLowerCase()).execute();
        },
        body: () => ({ email: people.own.email, text: "Thank you, see you on Monday." }),
        stores: { messages: 1, jobs: 1 },
      },
      {
        route: "POST /api/admin/messaging/assignments",
        url: () => "/api/admin/messaging/assignments",
        admin: true,
        part: "public and account writes",
        body: () => ({ email: people.own.email, userId: null }),
        stores: { audit_log: 1 },
      },
      // Broadcasts (decision 134): a preview stores nothing; a broadcast scheduled two days ahead (so no message goes mid-count) is stored once per key; a scheduled one is called off.
      {
        route: "POST /api/admin/messaging/broadcasts/preview",
        url: () => "/api/admin/messaging/broadcasts/preview",
        admin: true,
        body: () => ({ audience: "all", category: "news", bodyEn: "Open day on Saturday.", bodyAr: "يوم مفتوح يوم السبت." }),
        stores: {},
      },
      {
        route: "POST /api/admin/messaging/broadcasts",
        url: () => "/api/admin/messaging/broadcasts",
        admin: true,
        body: () => {
          const at = zonedParts(new Date(Date.now() + 48 * 3_600_000), "Asia/Kolkata");
          return {
            audience: "all",
            category: "news",
            bodyEn: "Open day on Saturday.",
            bodyAr: "يوم مفتوح يوم السبت.",
            sendAt: `${at.date}T${at.time}`,
            idempotencyKey: "hostile-broadcast-sample-0001",
          };
        },
        stores: { messaging_broadcasts: 1, jobs: 1, audit_log: 1 },
      },
      {
        route: "POST /api/admin/messaging/broadcasts/:id/cancel",
        url: () => `/api/admin/messaging/broadcasts/${ids.broadcast}/cancel`,
        admin: true,
        before: async () => {
          const now = nowIso();
          ids.broadcast = (
            await server.db
              .insertInto("messaging_broadcasts")
              .values({
                key: "hostile-broadcast-to-call-off",
                audience: "all",
                audience_id: null,
                category: "service",
                body_en: "Called off",
                body_ar: "أُلغيت",
                send_at: new Date(Date.now() + 48 * 3_600_000).toISOString(),
                status: "scheduled",
                created_by: null,
                created_at: now,
                updated_at: now,
              })
              .returning("id")
              .executeTakeFirstOrThrow()
          ).id;
        },
        body: () => ({}),
        stores: { audit_log: 1 },
      },
      // Automations (decision 140): one automation's switch, N and throttle, audited.
      {
        route: "PUT /api/admin/messaging/automations/:key",
        url: () => "/api/admin/messaging/automations/unpaid_invoice",
        admin: true,
        body: () => ({ enabled: false, days: 5, throttleDays: 7 }),
        stores: { messaging_automations: 1, audit_log: 1 },
      },
      {
        route: "POST /api/section-waitlist/leave",
        url: () => "/api/section-waitlist/leave",
        admin: false,
        body: () => ({ token: tokens.sectionLeave }),
        stores: {},
      },
      {
        route: "POST /api/enrolments/move",
        url: () => "/api/enrolments/move",
        admin: false,
        body: () => ({ token: tokens.parentMove, sectionId: ids.sectionMoveTo }),
        stores: { jobs: 1, audit_log: 1 },
      },
      {
        route: "POST /api/account/absences",
        url: () => "/api/account/absences",
        admin: false,
        account: "own",
        body: () => ({ enrolmentId: ids.makeupEnrolment, meetingId: ids.absenceMeeting, reason: "Dentist" }),
        stores: { meeting_absences: 1, makeup_credits: 1 },
      },
      {
        route: "POST /api/absences",
        url: () => "/api/absences",
        admin: false,
        body: () => ({ token: tokens.absenceLink, meetingId: ids.linkAbsenceMeeting, reason: "Sick" }),
        stores: { meeting_absences: 1, makeup_credits: 1 },
      },
      {
        route: "POST /api/account/makeups",
        url: () => "/api/account/makeups",
        admin: false,
        account: "own",
        body: () => ({ creditId: ids.makeupCredit, meetingId: ids.makeupTarget }),
        stores: {},
      },
      {
        route: "POST /api/account/makeups/cancel",
        url: () => "/api/account/makeups/cancel",
        admin: false,
        account: "own",
        body: () => ({ creditId: ids.makeupBooked }),
        stores: {},
      },
      {
        route: "POST /api/enrolments/drop",
        url: () => "/api/enrolments/drop",
        admin: false,
        body: () => ({ token: tokens.parentDrop, reason: "We moved away." }),
        stores: { jobs: 1, audit_log: 1, credit_notes: 1, ledger_entries: 1 },
      },
      {
        route: "POST /api/admin/enrolments/:reference/move",
        url: () => `/api/admin/enrolments/${tokens.staffMove}/move`,
        admin: true,
        body: () => ({ sectionId: ids.sectionMoveTo }),
        stores: { jobs: 1, audit_log: 1 },
      },
      {
        route: "POST /api/admin/enrolments/:reference/drop",
        url: () => `/api/admin/enrolments/${tokens.staffDrop}/drop`,
        admin: true,
        body: () => ({ reason: "Asked by the family." }),
        stores: { jobs: 1, audit_log: 1, credit_notes: 1, ledger_entries: 1 },
      },
      // Discounts (issue 31 part 5): the price before paying, and the admins' codes, sibling discount and early-booking prices.
      {
        route: "POST /api/discounts/quote",
        url: () => "/api/discounts/quote",
        admin: false,
        body: () => ({ offer: "section", offerId: ids.section, code: "SETUP-EDIT", childName: "Aarav" }),
        stores: {},
      },
      {
        route: "POST /api/admin/promo-codes",
        url: () => "/api/admin/promo-codes",
        admin: true,
        body: () => ({ code: "hostile-10", kind: "amount", amountMinor: 1000, currency: "USD", maxUses: 5, validFrom: dateIn(1), validUntil: dateIn(9) }),
        stores: { promo_codes: 1, audit_log: 1 },
      },
      {
        route: "PUT /api/admin/promo-codes/:id",
        url: () => `/api/admin/promo-codes/${ids.promoEdit}`,
        admin: true,
        body: () => ({ code: "SETUP-EDIT", kind: "percent", percent: 15, maxUses: 8, perFamily: 2 }),
        stores: { audit_log: 1 },
      },
      {
        route: "DELETE /api/admin/promo-codes/:id",
        url: () => `/api/admin/promo-codes/${ids.promoDelete}`,
        admin: true,
        body: null,
        stores: { promo_codes: -1, audit_log: 1 },
      },
      {
        route: "PUT /api/admin/discounts/settings",
        url: () => "/api/admin/discounts/settings",
        admin: true,
        body: () => ({ siblingPercent: 5 }),
        stores: { site_settings: 1, audit_log: 1 },
      },
      {
        route: "POST /api/admin/billing/payments/:id/refunds",
        url: () => `/api/admin/billing/payments/${ids.payment}/refunds`,
        admin: true,
        body: () => ({ amountMinor: 100, reason: "Hostile sample" }),
        stores: { credit_notes: 1, payments: 1, ledger_entries: 2, audit_log: 1, jobs: 1 },
      },
      {
        route: "PUT /api/admin/billing/refund-policies/:kind/:id",
        url: () => `/api/admin/billing/refund-policies/course/${ids.course}`,
        admin: true,
        body: () => ({ percentBefore: 80, percentAfter: 10 }),
        stores: { audit_log: 1 },
      },
      {
        route: "PUT /api/admin/discounts/early-prices/:kind/:id",
        url: () => `/api/admin/discounts/early-prices/course/${ids.course}`,
        admin: true,
        body: () => ({ earlyPriceMinor: 100_000, earlyPriceUntil: dateIn(5) }),
        stores: { audit_log: 1 },
      },
      // Billing desk (issue 31, decision 090): a cash payment taken at the desk, audited, its receipt queued.
      {
        route: "POST /api/admin/billing/invoices/:id/payments",
        url: () => `/api/admin/billing/invoices/${ids.invoice}/payments`,
        admin: true,
        body: () => ({ method: "cash", amountMinor: 100, reference: "R-1", idempotencyKey: "hostile-desk-key-0001" }),
        stores: { payments: 1, ledger_entries: 1, audit_log: 1, jobs: 1 },
      },
      // Staff endpoints.
      {
        route: "POST /api/admin/sections",
        url: () => "/api/admin/sections",
        admin: true,
        body: () => ({
          courseId: ids.course,
          weekdays: [2, 4],
          startTime: "16:00",
          durationMinutes: 60,
          firstDate: dateIn(15),
          meetings: 40,
          closures: [dateIn(16)],
          capacity: 12,
          mode: "online",
          meetingUrl: "https://meet.example.com/term",
          language: "ar",
          registrationOpensAt: `${dateIn(2)}T09:00`,
        }),
        stores: { course_sections: 1, section_meetings: 40, audit_log: 1 },
      },
      // A demo booking becomes an enrolment: the row, the family's e-mail, the audit entry (decision 069).
      {
        route: "POST /api/admin/demo-bookings/:id/enrolment",
        url: () => `/api/admin/demo-bookings/${ids.convertBooking}/enrolment`,
        admin: true,
        body: () => ({ sectionId: ids.section }),
        stores: { section_enrolments: 1, jobs: 2, audit_log: 1, invoices: 1, invoice_lines: 1, ledger_entries: 1 },
      },
      {
        route: "PUT /api/admin/sections/:id",
        url: () => `/api/admin/sections/${ids.sectionEdit}`,
        admin: true,
        body: () => sectionForm.value,
        stores: { audit_log: 1 },
      },
      {
        route: "POST /api/admin/sections/:id/status",
        url: () => `/api/admin/sections/${ids.sectionEdit}/status`,
        admin: true,
        body: () => ({ status: "closed" }),
        stores: { audit_log: 1 },
      },
      {
        route: "POST /api/admin/sections/:id/cancel",
        url: () => `/api/admin/sections/${ids.sectionCancel}/cancel`,
        admin: true,
        body: () => ({ confirm: true }),
        stores: { audit_log: 1 },
      },
      {
        route: "POST /api/teaching/sections/:id/certificates",
        url: () => `/api/teaching/sections/${ids.certSection}/certificates`,
        admin: true,
        body: () => ({ threshold: 100, language: "ar", enrolmentId: ids.certEnrolment }),
        stores: { certificates: 1, audit_log: 1 },
      },
      {
        route: "POST /api/teaching/certificates/:id/revoke",
        url: () => `/api/teaching/certificates/${ids.revokeCertificate}/revoke`,
        admin: true,
        before: async () => {
          ids.revokeCertificate = (
            await server.db
              .selectFrom("certificates")
              .select("id")
              .where("enrolment_id", "=", ids.certEnrolment!)
              .where("revoked_at", "is", null)
              .executeTakeFirstOrThrow()
          ).id;
        },
        body: () => ({ reason: "Issued by mistake" }),
        stores: { audit_log: 1 },
      },
      {
        route: "POST /api/admin/section-meetings/:id/cancel",
        url: () => `/api/admin/section-meetings/${ids.meetingCancel}/cancel`,
        admin: true,
        body: () => ({ confirm: true }),
        stores: { audit_log: 1 },
      },
      {
        route: "POST /api/admin/section-meetings/:id/move",
        url: () => `/api/admin/section-meetings/${ids.meetingMove}/move`,
        admin: true,
        body: () => ({ date: tokens.meetingMoveDate, time: "07:05" }),
        stores: { audit_log: 1 },
      },
      {
        route: "POST /api/teaching/meetings/:id/attendance",
        url: () => `/api/teaching/meetings/${ids.teachMeeting}/attendance`,
        admin: true,
        body: () => ({ marks: [{ enrolmentId: ids.teachEnrolment, status: "late", note: "Bus was late" }] }),
        stores: { meeting_attendance: 1, audit_log: 1 },
      },
      {
        route: "POST /api/teaching/check-ins",
        url: () => "/api/teaching/check-ins",
        admin: true,
        body: () => ({ token: tokens.classPass }),
        stores: { meeting_attendance: 1, audit_log: 1 },
      },
      {
        route: "POST /api/teaching/pickups",
        url: () => "/api/teaching/pickups",
        admin: true,
        body: () => ({ meetingId: ids.pickupMeeting, enrolmentId: ids.pickupEnrolment, token: tokens.pickupPass }),
        stores: { class_pickups: 1, audit_log: 1 },
      },
      {
        route: "POST /api/admin/courses/:id/levels",
        url: () => `/api/admin/courses/${ids.ladderCourse}/levels`,
        admin: true,
        body: () => ({ nameEn: "Scratch", nameAr: "سكراتش", sectionId: null }),
        stores: { course_levels: 1, audit_log: 1 },
      },
      {
        route: "POST /api/admin/levels/:id",
        url: () => `/api/admin/levels/${ids.level}`,
        admin: true,
        before: async () => {
          ids.level = (await server.db.selectFrom("course_levels").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
        },
        body: () => ({ nameEn: "Scratch basics", nameAr: "أساسيات سكراتش", sectionId: ids.teachSection, position: 1 }),
        stores: { audit_log: 1 },
      },
      {
        route: "POST /api/admin/levels/:id/skills",
        url: () => `/api/admin/levels/${ids.level}/skills`,
        admin: true,
        body: () => ({ nameEn: "Uses a loop", nameAr: "يستخدم حلقة تكرار" }),
        stores: { level_skills: 1, audit_log: 1 },
      },
      {
        route: "POST /api/admin/skills/:id",
        url: () => `/api/admin/skills/${ids.skill}`,
        admin: true,
        before: async () => {
          ids.skill = (await server.db.selectFrom("level_skills").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
        },
        body: () => ({ nameEn: "Uses a repeat loop", nameAr: "يستخدم حلقة تكرار" }),
        stores: { audit_log: 1 },
      },
      {
        route: "POST /api/teaching/sections/:id/skills",
        url: () => `/api/teaching/sections/${ids.teachSection}/skills`,
        admin: true,
        body: () => ({ marks: [{ enrolmentId: ids.teachEnrolment, skillId: ids.skill, status: "working" }] }),
        stores: { skill_marks: 1, audit_log: 1 },
      },
      {
        route: "POST /api/teaching/sections/:id/progress-reports/notes",
        url: () => `/api/teaching/sections/${ids.teachSection}/progress-reports/notes`,
        admin: true,
        body: () => ({ notes: [{ enrolmentId: ids.teachEnrolment, comment: "Careful and curious.", nextStep: "Try Python." }] }),
        stores: { progress_reports: 1, audit_log: 1 },
      },
      {
        route: "POST /api/teaching/sections/:id/progress-reports/issue",
        url: () => `/api/teaching/sections/${ids.teachSection}/progress-reports/issue`,
        admin: true,
        body: null,
        stores: { audit_log: 1, jobs: 1, progress_report_versions: 1 },
      },
      {
        route: "POST /api/account/portfolio/:id",
        url: () => `/api/account/portfolio/${ids.ownProject}`,
        admin: false,
        account: "own",
        body: () => ({ public: true }),
        stores: { audit_log: 1 },
      },
      // Guardians (decision 139): an invitation, a removal, an acceptance.
      {
        route: "POST /api/account/guardians",
        url: () => "/api/account/guardians",
        admin: false,
        account: "own",
        body: () => ({ email: "new.guardian.hostile@example.com", role: "viewer", language: "en" }),
        stores: { family_guardians: 1, jobs: 1, audit_log: 1 },
      },
      {
        route: "POST /api/account/guardians/remove",
        url: () => "/api/account/guardians/remove",
        admin: false,
        account: "own",
        body: () => ({ ref: tokens.guardianRef! }),
        stores: { family_guardians: -1, audit_log: 1 },
      },
      {
        route: "POST /api/guardian-invites/accept",
        url: () => "/api/guardian-invites/accept",
        admin: false,
        account: "guardian",
        body: () => ({ token: tokens.guardianInvite! }),
        // The account's sessions end and this browser gets a new one: as many sessions as before.
        stores: { audit_log: 1 },
      },
      {
        route: "POST /api/admin/invites",
        url: () => "/api/admin/invites",
        admin: true,
        body: () => ({ email: "invitee.hostile@example.com", role: "editor" }),
        stores: { staff_invites: 1, jobs: 1, audit_log: 1 },
      },
      {
        route: "DELETE /api/admin/invites/:id",
        url: () => `/api/admin/invites/${tokens.inviteRef}`,
        admin: true,
        body: null,
        stores: { staff_invites: -1, audit_log: 1 },
      },
      {
        route: "POST /api/admin/users/:id/sessions/end",
        url: () => `/api/admin/users/${ids.target}/sessions/end`,
        admin: true,
        body: null,
        stores: { audit_log: 1 },
      },
      {
        route: "POST /api/admin/slots",
        url: () => "/api/admin/slots",
        admin: true,
        body: () => ({
          date: dateIn(10),
          time: "10:00",
          durationMinutes: 60,
          capacity: 5,
          courseId: ids.course,
          mode: "online",
          meetingUrl: "https://meet.example.com/demo",
        }),
        stores: { demo_slots: 1, audit_log: 1 },
      },
      {
        route: "POST /api/admin/slots/series",
        url: () => "/api/admin/slots/series",
        admin: true,
        body: () => ({ from: dateIn(20), to: dateIn(26), weekdays: [1], times: ["11:00"], durationMinutes: 60, capacity: 4, courseId: ids.course }),
        stores: { demo_slots: 1, audit_log: 1 },
      },
      // The first "attended" queues the follow-up e-mail (decision 033).
      {
        route: "PATCH /api/admin/slots/bookings/:id",
        url: () => `/api/admin/slots/bookings/${ids.adminBooking}`,
        admin: true,
        body: () => ({ status: "attended" }),
        stores: { audit_log: 1, jobs: 1 },
      },
      // The parent is told (a queued mail job, decision 025).
      {
        route: "POST /api/admin/slots/bookings/:id/cancel",
        url: () => `/api/admin/slots/bookings/${ids.adminBooking}/cancel`,
        admin: true,
        body: null,
        stores: { audit_log: 1, jobs: 1 },
      },
      {
        route: "PATCH /api/admin/slots/:id",
        url: () => `/api/admin/slots/${ids.adminSlot}`,
        admin: true,
        body: () => ({ capacity: 8, status: "open" }),
        stores: { audit_log: 1 },
      },
      {
        route: "POST /api/admin/slots/bulk",
        url: () => "/api/admin/slots/bulk",
        admin: true,
        body: () => ({ action: "close", ids: [ids.emptySlot] }),
        stores: { audit_log: 1 },
      },
      {
        route: "DELETE /api/admin/slots/:id",
        url: () => `/api/admin/slots/${ids.emptySlot}`,
        admin: true,
        body: null,
        stores: { demo_slots: -1, audit_log: 1 },
      },
      // Restores and drafts first: the saves below keep many revisions, and only the newest 50 stay.
      // A restore keeps the version it replaces and the restored one (2 revisions), logs the save and the restore.
      {
        route: "POST /api/admin/blogs/:id/revisions/:revision/restore",
        url: () => `/api/admin/blogs/${ids.blog}/revisions/${ids.blogRevision}/restore`,
        admin: true,
        body: null,
        stores: { audit_log: 2, content_revisions: 2 },
      },
      {
        route: "POST /api/admin/courses/:id/revisions/:revision/restore",
        url: () => `/api/admin/courses/${ids.course}/revisions/${ids.courseRevision}/restore`,
        admin: true,
        body: null,
        stores: { audit_log: 2, content_revisions: 2 },
      },
      {
        route: "PUT /api/admin/blogs/:id/draft",
        url: () => `/api/admin/blogs/${ids.blog}/draft`,
        admin: true,
        body: () => ({ values: { titleEn: "A half-typed title" } }),
        stores: { content_drafts: 1 },
      },
      { route: "DELETE /api/admin/blogs/:id/draft", url: () => `/api/admin/blogs/${ids.blog}/draft`, admin: true, body: null, stores: { content_drafts: -1 } },
      {
        route: "PUT /api/admin/courses/:id/draft",
        url: () => `/api/admin/courses/${ids.course}/draft`,
        admin: true,
        body: () => ({ values: { nameEn: "A half-typed name", sessions: 12, discounted: true } }),
        stores: { content_drafts: 1 },
      },
      {
        route: "DELETE /api/admin/courses/:id/draft",
        url: () => `/api/admin/courses/${ids.course}/draft`,
        admin: true,
        body: null,
        stores: { content_drafts: -1 },
      },
      {
        route: "POST /api/admin/testimonials/:id/revisions/:revision/restore",
        url: () => `/api/admin/testimonials/${ids.testimonial}/revisions/${ids.testimonialRevision}/restore`,
        admin: true,
        body: null,
        stores: { audit_log: 2, content_revisions: 2 },
      },
      {
        route: "PUT /api/admin/testimonials/:id/draft",
        url: () => `/api/admin/testimonials/${ids.testimonial}/draft`,
        admin: true,
        body: () => ({ values: { reviewEn: "A half-typed review", age: null, sort: 3 } }),
        stores: { content_drafts: 1 },
      },
      {
        route: "DELETE /api/admin/testimonials/:id/draft",
        url: () => `/api/admin/testimonials/${ids.testimonial}/draft`,
        admin: true,
        body: null,
        stores: { content_drafts: -1 },
      },
      {
        route: "POST /api/admin/page-sections/:id/revisions/:revision/restore",
        url: () => `/api/admin/page-sections/${ids.heroSection}/revisions/${ids.heroRevision}/restore`,
        admin: true,
        body: null,
        stores: { audit_log: 2, content_revisions: 2 },
      },
      {
        route: "PUT /api/admin/page-sections/:id/draft",
        url: () => `/api/admin/page-sections/${ids.heroSection}/draft`,
        admin: true,
        body: () => ({ values: { titleEn: "A half-typed hero title" } }),
        stores: { content_drafts: 1 },
      },
      {
        route: "DELETE /api/admin/page-sections/:id/draft",
        url: () => `/api/admin/page-sections/${ids.heroSection}/draft`,
        admin: true,
        body: null,
        stores: { content_drafts: -1 },
      },
      {
        route: "POST /api/admin/blogs",
        url: () => "/api/admin/blogs",
        admin: true,
        body: () => ({ ...forms.post, slug: "hostile-input-post", status: "draft" }),
        stores: { blog_posts: 1, audit_log: 1, content_revisions: 1 },
      },
      {
        route: "PUT /api/admin/blogs/:id",
        url: () => `/api/admin/blogs/${ids.blog}`,
        admin: true,
        body: () => ({ ...forms.post, titleEn: "An edited title" }),
        stores: { audit_log: 1, content_revisions: 1 },
      },
      {
        route: "DELETE /api/admin/blogs/:id",
        url: () => `/api/admin/blogs/${ids.blogToDelete}`,
        admin: true,
        body: null,
        stores: { blog_posts: -1, audit_log: 1 },
      },
      {
        route: "POST /api/admin/courses",
        url: () => "/api/admin/courses",
        admin: true,
        body: () => ({ ...forms.course, key: "hostile_course", slug: "hostile-course", currency: "KWD" }),
        stores: { courses: 1, audit_log: 1, content_revisions: 1 },
      },
      {
        route: "PUT /api/admin/courses/:id",
        url: () => `/api/admin/courses/${ids.course}`,
        admin: true,
        body: () => ({ ...forms.course, descriptionEn: "An edited description.", currency: "USD" }),
        stores: { audit_log: 1, content_revisions: 1 },
      },
      // The course's seeded sections and their meetings go with it (filled in at set-up).
      { route: "DELETE /api/admin/courses/:id", url: () => `/api/admin/courses/${ids.courseToDelete}`, admin: true, body: null, stores: courseDeleteStores },
      {
        route: "POST /admin/teacher-dashboard/create-teacher",
        url: () => "/admin/teacher-dashboard/create-teacher",
        admin: true,
        body: () => ({ teachername: "Meera Iyer", subjects: ["Robotics", "Python"], experience: "8 years", teacherphoto: ["/images/teacher.png"] }),
        stores: { teachers: 1, audit_log: 1 },
      },
      {
        route: "PUT /api/admin/teachers/:id",
        url: () => `/api/admin/teachers/${ids.teacher}`,
        admin: true,
        body: () => ({ ...forms.teacher, experienceEn: "12 years" }),
        stores: { audit_log: 1 },
      },
      {
        route: "DELETE /api/admin/teachers/:id",
        url: () => `/api/admin/teachers/${ids.teacherToDelete}`,
        admin: true,
        body: null,
        stores: { teachers: -1, audit_log: 1 },
      },
      {
        route: "POST /api/admin/products",
        url: () => "/api/admin/products",
        admin: true,
        body: () => ({
          nameEn: "Circuit kit",
          nameAr: "عدة الدوائر",
          descriptionEn: "Build ten circuits.",
          descriptionAr: "ابنِ عشر دوائر.",
          price: 1999,
          imageUrl: "/images/kit.png",
          sort: 5,
        }),
        stores: { products: 1, audit_log: 1 },
      },
      {
        route: "PUT /api/admin/products/:id",
        url: () => `/api/admin/products/${ids.product}`,
        admin: true,
        body: () => ({ ...forms.product, price: 2500 }),
        stores: { audit_log: 1 },
      },
      {
        route: "DELETE /api/admin/products/:id",
        url: () => `/api/admin/products/${ids.productToDelete}`,
        admin: true,
        body: null,
        stores: { products: -1, audit_log: 1 },
      },
      {
        route: "POST /api/admin/testimonials",
        url: () => "/api/admin/testimonials",
        admin: true,
        body: () => ({
          kind: "child",
          nameEn: "Omar",
          nameAr: "عمر",
          age: 10,
          courseEn: "Robotics",
          courseAr: "الروبوتات",
          reviewEn: "Great fun.",
          reviewAr: "ممتع جدًا.",
          sort: 4,
        }),
        stores: { testimonials: 1, audit_log: 1, content_revisions: 1 },
      },
      {
        route: "PUT /api/admin/testimonials/:id",
        url: () => `/api/admin/testimonials/${ids.testimonial}`,
        admin: true,
        body: () => ({ ...forms.testimonial, reviewEn: "An edited review." }),
        stores: { audit_log: 1, content_revisions: 1 },
      },
      {
        route: "DELETE /api/admin/testimonials/:id",
        url: () => `/api/admin/testimonials/${ids.testimonialToDelete}`,
        admin: true,
        body: null,
        stores: { testimonials: -1, audit_log: 1 },
      },
      {
        route: "PUT /api/admin/pages/:page/:section",
        url: () => "/api/admin/pages/home/hero",
        admin: true,
        body: () => ({ ...forms.hero, titleEn: "An edited hero title" }),
        stores: { audit_log: 1, content_revisions: 1 },
      },
      {
        route: "POST /api/admin/submissions/:kind/bulk",
        url: () => "/api/admin/submissions/contact/bulk",
        admin: true,
        body: () => ({ status: "closed", ids: [ids.contactBulk] }),
        stores: { audit_log: 1 },
      },
      // The chosen rows as CSV: reads only.
      {
        route: "POST /api/admin/submissions/:kind/export",
        url: () => "/api/admin/submissions/contact/export",
        admin: true,
        body: () => ({ ids: [ids.contact] }),
        stores: {},
      },
      {
        route: "PATCH /api/admin/submissions/:kind/:id",
        url: () => `/api/admin/submissions/contact/${ids.contact}`,
        admin: true,
        body: () => ({ status: "contacted", notes: "Called back." }),
        stores: { audit_log: 1 },
      },
      {
        route: "PATCH /api/admin/users/:id",
        url: () => `/api/admin/users/${ids.target}`,
        admin: true,
        body: () => ({ disabled: true }),
        stores: { audit_log: 1 },
      },
      {
        route: "PUT /api/admin/settings",
        url: () => "/api/admin/settings",
        admin: true,
        body: () => ({ ...forms.settings, address: { en: "12 Science Road, Pune", ar: "١٢ شارع العلوم، بونه" }, defaultCurrency: "AED" }),
        stores: { audit_log: 1 },
      },
      {
        route: "PUT /api/admin/camps/:id",
        url: () => `/api/admin/camps/${ids.camp}`,
        admin: true,
        body: () => ({ ...forms.camp, price: 4999, currency: "INR" }),
        stores: { audit_log: 1 },
      },
      {
        route: "POST /api/admin/camps/:id/batches-from-start-date",
        url: () => `/api/admin/camps/${ids.camp}/batches-from-start-date`,
        admin: true,
        body: null,
        stores: { audit_log: 1 },
      },
      {
        route: "PATCH /api/admin/media/:id",
        url: () => `/api/admin/media/${ids.media}`,
        admin: true,
        body: () => ({ altEn: "A robot kit", altAr: "عدة روبوت" }),
        stores: { audit_log: 1 },
      },
      {
        route: "DELETE /api/admin/media/:id",
        url: () => `/api/admin/media/${ids.mediaToDelete}`,
        admin: true,
        body: null,
        stores: { media: -1, audit_log: 1 },
      },
      // Passkeys and the second factor (decision 046): each valid sample is a real ceremony.
      { route: "POST /api/passkeys/login/options", url: () => "/api/passkeys/login/options", admin: false, body: null, stores: { auth_steps: 1 } },
      {
        route: "POST /api/passkeys/login",
        url: () => "/api/passkeys/login",
        admin: false,
        prepare: async () => {
          const authenticator = await registeredDevice((await server.signIn("user")).cookie);
          const options = await server.request("POST", "/api/passkeys/login/options", { headers: { origin: server.url } });
          ceremony.body = { response: authenticator.assert(options.body.options.challenge) };
          return cookiesOf(options.headers).join("; ");
        },
        body: () => ceremony.body,
        stores: { sessions: 1, auth_steps: -1 },
      },
      {
        route: "POST /api/account/passkeys/options",
        url: () => "/api/account/passkeys/options",
        admin: false,
        account: "own",
        body: null,
        stores: { auth_steps: 1 },
      },
      {
        route: "POST /api/account/passkeys",
        url: () => "/api/account/passkeys",
        admin: false,
        account: "keys",
        prepare: async () => {
          const options = await server.request("POST", "/api/account/passkeys/options", { headers: await accountHeaders("keys") });
          ceremony.body = { response: device().register(options.body.options), name: "Laptop" };
          return cookiesOf(options.headers).join("; ");
        },
        body: () => ceremony.body,
        stores: { passkeys: 1, auth_steps: -1 },
      },
      {
        route: "PATCH /api/account/passkeys/:id",
        url: () => `/api/account/passkeys/${ids.passkey}`,
        admin: false,
        account: "keys",
        prepare: async () => (
          (ids.passkey = (await server.db.selectFrom("passkeys").select("id").where("user_id", "=", ids.keys!).executeTakeFirstOrThrow()).id),
          ""
        ),
        body: () => ({ name: "Phone" }),
        stores: {},
      },
      {
        route: "DELETE /api/account/passkeys/:id",
        url: () => `/api/account/passkeys/${ids.passkey}`,
        admin: false,
        account: "keys",
        body: null,
        stores: { passkeys: -1 },
      },
      { route: "POST /api/account/totp/setup", url: () => "/api/account/totp/setup", admin: true, body: null, stores: { totp_factors: 1 } },
      {
        route: "POST /api/account/totp/enable",
        url: () => "/api/account/totp/enable",
        admin: true,
        prepare: async () => (
          (ceremony.secret = (await server.request("GET", "/api/account/security", { headers: await staffHeaders() })).body.totp.pending.secret),
          ""
        ),
        body: () => ({ code: totpCode(ceremony.secret ?? "JBSWY3DPEHPK3PXP", Date.now()) }),
        stores: { recovery_codes: 10 },
      },
      {
        route: "POST /api/account/recovery-codes",
        url: () => "/api/account/recovery-codes",
        admin: true,
        body: () => ({ code: totpCode(ceremony.secret ?? "JBSWY3DPEHPK3PXP", Date.now() + 30_000) }),
        stores: {},
      },
      {
        route: "POST /api/account/totp/disable",
        url: () => "/api/account/totp/disable",
        admin: true,
        // Time passing (a later code) is simulated: the codes above spent the current steps.
        prepare: async () => (await server.db.updateTable("totp_factors").set({ last_step: 0 }).execute(), ""),
        body: () => ({ code: totpCode(ceremony.secret ?? "JBSWY3DPEHPK3PXP", Date.now()) }),
        stores: { totp_factors: -1, recovery_codes: -10 },
      },
      // Consent (issue 30): the set-up's optional pickup form is answered (declined) by every enrolment sample.
      {
        route: "POST /api/admin/consent/reminders",
        url: () => "/api/admin/consent/reminders",
        admin: true,
        body: () => ({ section: ids.section }),
        stores: { audit_log: 1 },
      },
      {
        route: "POST /api/consent/complete",
        url: () => "/api/consent/complete",
        admin: false,
        body: () => ({ token: tokens.consentLink, childName: "Camp Child", signerName: "Camp Parent" }),
        stores: {},
      },
      {
        route: "POST /api/teaching/camp/checkouts",
        url: () => "/api/teaching/camp/checkouts",
        admin: true,
        body: () => ({ enrollmentId: ids.campChild, day: dateIn(0), pickup: ids.pickupPerson }),
        stores: { camp_checkouts: 1, audit_log: 1 },
      },
      {
        route: "POST /api/admin/billing/notices/:id/resolve",
        url: () => `/api/admin/billing/notices/${ids.paymentNotice}/resolve`,
        admin: true,
        body: null,
        stores: { audit_log: 1 },
      },
      {
        route: "POST /api/admin/camp/pickups/:id/unlock",
        url: () => `/api/admin/camp/pickups/${ids.lockedPickup}/unlock`,
        admin: true,
        body: null,
        stores: { audit_log: 1 },
      },
      {
        route: "POST /api/teaching/camp/certificates",
        url: () => "/api/teaching/camp/certificates",
        admin: true,
        // 100 %: only this child was checked out, so the period's other (seeded) children stay below it.
        body: () => ({ camp: Number(tokens.campId), session: "1 July - 20th July", threshold: 100, language: "ar", enrolmentId: ids.campChild }),
        stores: { certificates: 1, audit_log: 1 },
      },
      // Consent forms last of the consent samples: their hostile variants that are valid text add more (optional) forms.
      {
        route: "POST /api/admin/consent-forms",
        url: () => "/api/admin/consent-forms",
        admin: true,
        body: () => ({ kind: "media", required: false, titleEn: "Media release", titleAr: "", bodyEn: "Photos may be shared.", bodyAr: "" }),
        stores: { consent_forms: 1, consent_versions: 1, audit_log: 1 },
      },
      {
        route: "PUT /api/admin/consent-forms/:id",
        url: () => `/api/admin/consent-forms/${ids.consentForm}`,
        admin: true,
        // New texts publish the next version (each accepted variant is a new text too).
        body: () => ({
          required: false,
          active: true,
          titleEn: "People who may collect",
          titleAr: "من يستلم الطفل",
          bodyEn: "Who may collect the child.",
          bodyAr: "من يحق له استلام الطفل.",
        }),
        stores: { consent_versions: 1, audit_log: 1 },
      },
      {
        route: "POST /api/login/second-factor",
        url: () => "/api/login/second-factor",
        admin: false,
        prepare: async () => {
          const editor = await server.signIn("editor");
          const headers = { cookie: editor.cookie, origin: server.url };
          const secret = (await server.request("POST", "/api/account/totp/setup", { headers })).body.setup.secret as string;
          await server.request("POST", "/api/account/totp/enable", { json: { code: totpCode(secret, Date.now()) }, headers });
          const password = await server.request("POST", "/api/admin/login", {
            json: { email: editor.user.email, password: editor.password },
            headers: { origin: server.url },
          });
          ceremony.body = { code: totpCode(secret, Date.now() + 30_000) };
          return cookiesOf(password.headers).join("; ");
        },
        body: () => ceremony.body,
        stores: { sessions: 1, auth_steps: -1 },
      },
    ];

    const listQuery = (extra: Record<string, string>) => ({ q: "robot", dir: "asc", page: "1", pageSize: "10", format: "json", ...extra });
    const reads: ReadSample[] = [
      { route: "GET /healthz", url: () => "/healthz", admin: false },
      { route: "GET /api/openapi.json", url: () => "/api/openapi.json", admin: false },
      { route: "GET /metrics", url: () => "/metrics", admin: false, headers: { authorization: `Bearer ${METRICS_TOKEN}` } },
      { route: "GET /api/getUser", url: () => "/api/getUser", admin: true },
      { route: "GET /api/account", url: () => "/api/account", admin: false, account: "own" },
      { route: "GET /api/account/export", url: () => "/api/account/export", admin: false, account: "own" },
      { route: "GET /api/account/children", url: () => "/api/account/children", admin: false, account: "own" },
      { route: "GET /api/account/sessions", url: () => "/api/account/sessions", admin: false, account: "own" },
      { route: "GET /api/admin/invites", url: () => "/api/admin/invites", admin: true },
      { route: "GET /api/account/security", url: () => "/api/account/security", admin: false, account: "keys" },
      { route: "GET /auth/google", url: () => "/auth/google", admin: false, query: { next: "/courses" }, redirects: true },
      { route: "GET /auth/google/callback", url: () => "/auth/google/callback", admin: false, query: { code: "abc", state: "xyz" }, redirects: true },
      { route: "GET /admin/course-dashboard/all-courses", url: () => "/admin/course-dashboard/all-courses", admin: false, query: { age: "6-12", lang: "ar" } },
      {
        route: "GET /api/courses/:course/demo-slots",
        url: () => `/api/courses/${courseSlug}/demo-slots`,
        admin: false,
        query: { from: dateIn(1), to: dateIn(30) },
      },
      { route: "GET /api/demo-bookings/:reference", url: () => `/api/demo-bookings/${tokens.reference}`, admin: false },
      { route: "GET /api/demo-waitlist/:token", url: () => `/api/demo-waitlist/${tokens.waitlistOffer}`, admin: false },
      { route: "GET /api/admin/slots", url: () => "/api/admin/slots", admin: true, query: { from: dateIn(1), to: dateIn(30) } },
      { route: "GET /api/courses/:course/sections", url: () => `/api/courses/${courseSlug}/sections`, admin: false },
      { route: "GET /api/admin/sections", url: () => "/api/admin/sections", admin: true, query: { courseId: String(ids.course) } },
      { route: "GET /api/admin/promo-codes", url: () => "/api/admin/promo-codes", admin: true },
      { route: "GET /api/admin/billing/invoices/:id/instalments", url: () => `/api/admin/billing/invoices/${ids.invoiceSplit}/instalments`, admin: true },
      { route: "GET /api/admin/promo-codes/:id", url: () => `/api/admin/promo-codes/${ids.promoEdit}`, admin: true },
      { route: "GET /api/admin/discounts/settings", url: () => "/api/admin/discounts/settings", admin: true },
      { route: "GET /api/admin/discounts/early-prices", url: () => "/api/admin/discounts/early-prices", admin: true },
      { route: "GET /api/admin/billing/invoices", url: () => "/api/admin/billing/invoices", admin: true, query: { status: "open", q: "example", page: "1" } },
      { route: "GET /api/admin/billing/invoices/:id", url: () => `/api/admin/billing/invoices/${ids.invoice}`, admin: true },
      { route: "GET /api/admin/billing/families/:familyKey", url: () => "/api/admin/billing/families/makeup-own%40example.com", admin: true },
      { route: "GET /api/admin/billing/export.csv", url: () => "/api/admin/billing/export.csv", admin: true },
      { route: "GET /api/section-waitlist/:token", url: () => `/api/section-waitlist/${tokens.sectionLeave}`, admin: false },
      { route: "GET /api/enrolments/:token", url: () => `/api/enrolments/${tokens.parentDrop}`, admin: false },
      {
        route: "GET /api/teaching/sections/:id/certificates",
        url: () => `/api/teaching/sections/${ids.certSection}/certificates`,
        admin: true,
        query: { threshold: "80" },
      },
      {
        route: "GET /api/teaching/camp/certificates",
        url: () => "/api/teaching/camp/certificates",
        admin: true,
        get query() {
          return { camp: tokens.campId ?? "", session: "1 July - 20th July", threshold: "80" };
        },
      },
      { route: "GET /api/admin/courses/:id/levels", url: () => `/api/admin/courses/${ids.ladderCourse}/levels`, admin: true },
      { route: "GET /api/teaching/sections/:id/skills", url: () => `/api/teaching/sections/${ids.teachSection}/skills`, admin: true },
      { route: "GET /api/teaching/sections/:id/portfolio", url: () => `/api/teaching/sections/${ids.teachSection}/portfolio`, admin: true },
      { route: "GET /api/account/portfolio", url: () => "/api/account/portfolio", admin: false, account: "own" },
      { route: "GET /api/account/class-passes", url: () => "/api/account/class-passes", admin: false, account: "own", query: { kind: "term" } },
      {
        route: "GET /api/teaching/pickups",
        url: () => "/api/teaching/pickups",
        admin: true,
        get query() {
          return { meetingId: String(ids.pickupMeeting), enrolmentId: String(ids.pickupEnrolment) };
        },
        stores: { audit_log: 1 },
      },
      {
        route: "GET /api/teaching/pickup-pass",
        url: () => "/api/teaching/pickup-pass",
        admin: true,
        get query() {
          return { token: tokens.pickupPass ?? "" };
        },
        stores: { audit_log: 1 },
      },
      { route: "GET /api/pickup-photos/:id", url: () => `/api/pickup-photos/${ids.pickupPhoto}`, admin: false, account: "own", query: { w: "320" } },
      { route: "GET /api/account/pickup-pass", url: () => "/api/account/pickup-pass", admin: false, account: "own" },
      { route: "GET /api/account/pickup-photos", url: () => "/api/account/pickup-photos", admin: false, account: "own" },
      { route: "GET /api/teaching/sections/:id/progress-reports", url: () => `/api/teaching/sections/${ids.teachSection}/progress-reports`, admin: true },
      {
        route: "GET /api/teaching/sections/:id/progress-reports/:enrolmentId/pdf",
        url: () => `/api/teaching/sections/${ids.certSection}/progress-reports/${ids.ownReportEnrolment}/pdf`,
        admin: true,
      },
      { route: "GET /api/account/progress-reports", url: () => "/api/account/progress-reports", admin: false, account: "own" },
      { route: "GET /api/account/progress-reports/:id/pdf", url: () => `/api/account/progress-reports/${ids.ownReport}/pdf`, admin: false, account: "own" },
      {
        route: "GET /api/account/progress-reports/:id/versions/:version/pdf",
        url: () => `/api/account/progress-reports/${ids.ownReport}/versions/1/pdf`,
        admin: false,
        account: "own",
      },
      { route: "GET /api/portfolio", url: () => "/api/portfolio", admin: false },
      { route: "GET /api/portfolio/photos/:id", url: () => `/api/portfolio/photos/${ids.portfolioPhoto}`, admin: false, query: { w: "640" } },
      { route: "GET /api/portfolio/videos/:id", url: () => `/api/portfolio/videos/${ids.portfolioVideo}`, admin: false },
      { route: "GET /api/teaching/certificates/:id/pdf", url: () => `/api/teaching/certificates/${ids.ownCertificate}/pdf`, admin: true },
      { route: "GET /api/certificates/:code", url: () => `/api/certificates/${tokens.certificateCode}`, admin: false },
      { route: "GET /api/account/certificates/:id/pdf", url: () => `/api/account/certificates/${ids.ownCertificate}/pdf`, admin: false, account: "own" },
      { route: "GET /api/admin/billing/payments/:id", url: () => `/api/admin/billing/payments/${ids.payment}`, admin: true },
      { route: "GET /admin/billing/invoices/:id/pdf", url: () => `/admin/billing/invoices/${ids.invoice}/pdf`, admin: true },
      { route: "GET /admin/billing/credit-notes/:id/pdf", url: () => `/admin/billing/credit-notes/${ids.creditNote}/pdf`, admin: true },
      { route: "GET /account/invoices/:id/pdf", url: () => `/account/invoices/${ids.ownInvoice}/pdf`, admin: false, account: "own" },
      { route: "GET /ar/account/invoices/:id/pdf", url: () => `/ar/account/invoices/${ids.ownInvoice}/pdf`, admin: false, account: "own" },
      { route: "GET /account/confirm-email", url: () => "/account/confirm-email", admin: false, query: { token: "not-a-token" }, redirects: true },
      { route: "GET /ar/account/confirm-email", url: () => "/ar/account/confirm-email", admin: false, query: { token: "not-a-token" }, redirects: true },
      { route: "GET /payments/invoice/pdf", url: () => `/payments/invoice/pdf?token=${tokens.invoicePay}`, admin: false },
      { route: "GET /ar/payments/invoice/pdf", url: () => `/ar/payments/invoice/pdf?token=${tokens.invoicePay}`, admin: false },
      { route: "GET /enrolments/calendar", url: () => `/enrolments/calendar?token=${tokens.receipt}`, admin: false },
      { route: "GET /ar/enrolments/calendar", url: () => `/ar/enrolments/calendar?token=${tokens.receipt}`, admin: false },
      { route: "GET /account/credit-notes/:id/pdf", url: () => `/account/credit-notes/${ids.creditNote}/pdf`, admin: false, account: "own" },
      { route: "GET /ar/account/credit-notes/:id/pdf", url: () => `/ar/account/credit-notes/${ids.creditNote}/pdf`, admin: false, account: "own" },
      { route: "GET /api/admin/sections/:id/roster", url: () => `/api/admin/sections/${ids.section}/roster`, admin: true },
      { route: "GET /api/teaching/meetings", url: () => "/api/teaching/meetings", admin: true },
      { route: "GET /api/teaching/meetings/:id", url: () => `/api/teaching/meetings/${ids.teachMeeting}`, admin: true },
      { route: "GET /api/admin/attendance", url: () => "/api/admin/attendance", admin: true },
      { route: "GET /api/admin/attendance/missed", url: () => "/api/admin/attendance/missed", admin: true },
      { route: "GET /api/admin/sections/:id/roster.csv", url: () => `/api/admin/sections/${ids.section}/roster.csv`, admin: true },
      { route: "GET /api/calendar-feeds/:token", url: () => `/api/calendar-feeds/${tokens.feed}.ics`, admin: false },
      { route: "GET /api/account/makeups", url: () => "/api/account/makeups", admin: false, account: "own" },
      { route: "GET /api/account/messaging", url: () => "/api/account/messaging", admin: false, account: "own" },
      { route: "GET /api/account/push-choices", url: () => "/api/account/push-choices", admin: false, account: "own" },
      { route: "GET /api/account/guardians", url: () => "/api/account/guardians", admin: false, account: "own" },
      { route: "GET /api/account/pickup", url: () => "/api/account/pickup", admin: false, account: "own" },
      { route: "GET /api/push/public-key", url: () => "/api/push/public-key", admin: false },
      { route: "GET /manifest.webmanifest", url: () => "/manifest.webmanifest", admin: false },
      { route: "GET /ar/manifest.webmanifest", url: () => "/ar/manifest.webmanifest", admin: false },
      {
        route: "GET /api/admin/messaging/messages",
        url: () => "/api/admin/messaging/messages",
        admin: true,
        query: { status: "dead", email: "makeup-own@example.com" },
      },
      { route: "GET /api/admin/messaging/threads", url: () => "/api/admin/messaging/threads", admin: true },
      { route: "GET /api/teaching/messaging/threads", url: () => "/api/teaching/messaging/threads", admin: true },
      {
        route: "GET /api/teaching/messaging/messages",
        url: () => "/api/teaching/messaging/messages",
        admin: true,
        query: { family: "makeup-own@example.com" },
      },
      { route: "GET /api/admin/messaging/templates", url: () => "/api/admin/messaging/templates", admin: true },
      { route: "GET /api/admin/messaging/broadcasts", url: () => "/api/admin/messaging/broadcasts", admin: true },
      { route: "GET /api/admin/messaging/automations", url: () => "/api/admin/messaging/automations", admin: true },
      {
        route: "GET /api/messaging/whatsapp/webhook",
        url: () => "/api/messaging/whatsapp/webhook",
        admin: false,
        // Read when the test runs (the stand-in's token exists by then).
        get query() {
          return { "hub.mode": "subscribe", "hub.verify_token": whatsapp.verifyToken, "hub.challenge": "1158201444" };
        },
      },
      { route: "GET /api/absences/:token", url: () => `/api/absences/${tokens.absenceLink}`, admin: false },
      { route: "GET /api/consent/forms", url: () => "/api/consent/forms", admin: false },
      { route: "GET /api/admin/consent/missing", url: () => "/api/admin/consent/missing", admin: true, query: { section: String(ids.section ?? 1) } },
      { route: "GET /api/account/timetable", url: () => "/api/account/timetable", admin: false, account: "own" },
      { route: "GET /api/admin/demo-funnel", url: () => "/api/admin/demo-funnel", admin: true, query: { months: "6" } },
      { route: "GET /api/account/invoices", url: () => "/api/account/invoices", admin: false, account: "own" },
      { route: "GET /api/admin/billing/summary", url: () => "/api/admin/billing/summary", admin: true, query: { from: "2026-10-01", to: "2026-10-31" } },
      { route: "GET /api/admin/reports/retention", url: () => "/api/admin/reports/retention", admin: true, query: { term: "2026-Q3" } },
      { route: "GET /api/admin/reports/retention.csv", url: () => "/api/admin/reports/retention.csv", admin: true, query: { term: "2026-Q3" } },
      { route: "GET /api/admin/reports/occupancy.csv", url: () => "/api/admin/reports/occupancy.csv", admin: true },
      { route: "GET /api/admin/reports/conversion.csv", url: () => "/api/admin/reports/conversion.csv", admin: true },
      { route: "GET /api/admin/slots/bookings.csv", url: () => "/api/admin/slots/bookings.csv", admin: true, query: { from: dateIn(1), to: dateIn(30) } },
      { route: "GET /summer-camp/brochure.pdf", url: () => "/summer-camp/brochure.pdf", admin: false, query: { lang: "ar" } },
      { route: "GET /api/admin/blogs", url: () => "/api/admin/blogs", admin: true, query: listQuery({ sort: "title", status: "published" }) },
      { route: "GET /api/admin/blogs/:id", url: () => `/api/admin/blogs/${ids.blog}`, admin: true },
      { route: "GET /api/admin/courses", url: () => "/api/admin/courses", admin: true, query: listQuery({ sort: "name" }) },
      { route: "GET /api/admin/courses/:id", url: () => `/api/admin/courses/${ids.course}`, admin: true },
      { route: "GET /api/admin/blogs/:id/revisions", url: () => `/api/admin/blogs/${ids.historyBlog}/revisions`, admin: true },
      {
        route: "GET /api/admin/blogs/:id/revisions/:revision",
        url: () => `/api/admin/blogs/${ids.historyBlog}/revisions/${ids.historyBlogRevision}`,
        admin: true,
      },
      { route: "GET /api/admin/blogs/:id/draft", url: () => `/api/admin/blogs/${ids.historyBlog}/draft`, admin: true },
      { route: "GET /api/admin/courses/:id/revisions", url: () => `/api/admin/courses/${ids.historyCourse}/revisions`, admin: true },
      {
        route: "GET /api/admin/courses/:id/revisions/:revision",
        url: () => `/api/admin/courses/${ids.historyCourse}/revisions/${ids.historyCourseRevision}`,
        admin: true,
      },
      { route: "GET /api/admin/courses/:id/draft", url: () => `/api/admin/courses/${ids.historyCourse}/draft`, admin: true },
      { route: "GET /api/admin/teachers", url: () => "/api/admin/teachers", admin: true, query: listQuery({ sort: "name", q: "a" }) },
      { route: "GET /api/admin/teachers/:id", url: () => `/api/admin/teachers/${ids.teacher}`, admin: true },
      { route: "GET /api/admin/products", url: () => "/api/admin/products", admin: true, query: listQuery({ sort: "price", q: "" }) },
      { route: "GET /api/admin/products/:id", url: () => `/api/admin/products/${ids.product}`, admin: true },
      { route: "GET /api/admin/testimonials", url: () => "/api/admin/testimonials", admin: true, query: listQuery({ sort: "name", kind: "parent", q: "a" }) },
      { route: "GET /api/admin/testimonials/:id", url: () => `/api/admin/testimonials/${ids.testimonial}`, admin: true },
      { route: "GET /api/admin/pages", url: () => "/api/admin/pages", admin: true },
      { route: "GET /api/admin/pages/:page", url: () => "/api/admin/pages/home", admin: true },
      { route: "GET /api/admin/testimonials/:id/revisions", url: () => `/api/admin/testimonials/${ids.historyTestimonial}/revisions`, admin: true },
      {
        route: "GET /api/admin/testimonials/:id/revisions/:revision",
        url: () => `/api/admin/testimonials/${ids.historyTestimonial}/revisions/${ids.historyTestimonialRevision}`,
        admin: true,
      },
      { route: "GET /api/admin/testimonials/:id/draft", url: () => `/api/admin/testimonials/${ids.historyTestimonial}/draft`, admin: true },
      { route: "GET /api/admin/page-sections/:id/revisions", url: () => `/api/admin/page-sections/${ids.historySection}/revisions`, admin: true },
      {
        route: "GET /api/admin/page-sections/:id/revisions/:revision",
        url: () => `/api/admin/page-sections/${ids.historySection}/revisions/${ids.historySectionRevision}`,
        admin: true,
      },
      { route: "GET /api/admin/page-sections/:id/draft", url: () => `/api/admin/page-sections/${ids.historySection}/draft`, admin: true },
      { route: "GET /api/blogs", url: () => "/api/blogs", admin: false, query: { page: "1", limit: "5", lang: "ar" } },
      { route: "GET /api/blogs/:slug", url: () => `/api/blogs/${tokens.blogSlug}`, admin: false },
      { route: "GET /sitemap.xml", url: () => "/sitemap.xml", admin: false },
      { route: "GET /robots.txt", url: () => "/robots.txt", admin: false },
      { route: "GET /og-image.png", url: () => "/og-image.png", admin: false, query: { src: "/images/blog/why-robotics-matters-for-kids.svg" } },
      { route: "GET /blog/rss.xml", url: () => "/blog/rss.xml", admin: false },
      { route: "GET /ar/blog/rss.xml", url: () => "/ar/blog/rss.xml", admin: false },
      {
        route: "GET /api/admin/submissions/:kind",
        url: () => "/api/admin/submissions/contact",
        admin: true,
        query: listQuery({ sort: "created", status: "new", q: "" }),
      },
      { route: "GET /api/admin/submissions/:kind/export", url: () => `/api/admin/submissions/contact/export?ids=${ids.contact}`, admin: true },
      { route: "GET /api/admin/submissions/:kind/:id", url: () => `/api/admin/submissions/contact/${ids.contact}`, admin: true },
      { route: "GET /api/admin/users", url: () => "/api/admin/users", admin: true, query: listQuery({ sort: "email", role: "user", q: "hostile" }) },
      { route: "GET /api/admin/users/:id", url: () => `/api/admin/users/${ids.target}`, admin: true },
      { route: "GET /api/admin/settings", url: () => "/api/admin/settings", admin: true },
      { route: "GET /api/admin/camps", url: () => "/api/admin/camps", admin: true },
      { route: "GET /api/admin/camps/:id", url: () => `/api/admin/camps/${ids.camp}`, admin: true },
      { route: "GET /api/admin/media", url: () => "/api/admin/media", admin: true, query: listQuery({ sort: "created" }) },
      { route: "GET /api/admin/media/:id", url: () => `/api/admin/media/${ids.media}`, admin: true },
      {
        route: "GET /api/admin/audit",
        url: () => "/api/admin/audit",
        admin: true,
        query: listQuery({ sort: "created", entity: "course", action: "update", user: "", q: "" }),
      },
    ];
    /** Multipart, with their own cases below. */
    const UPLOAD_ROUTES = [
      "POST /api/admin/uploads",
      "POST /api/admin/media",
      "POST /api/teaching/sections/:id/portfolio",
      "POST /api/account/portfolio",
      "POST /api/account/pickup-photos",
    ];

    /** What is wrong with an answer (undefined when it is fine). */
    function answerProblem(response: { status: number; body: Json; headers: Headers }, mayPass: boolean, redirects = false): string | undefined {
      const { status } = response;
      const isJson = (response.headers.get("content-type") ?? "").startsWith("application/json");
      if (status >= 500) return `answered ${status}`;
      if (status >= 400) {
        if (!isJson) return `answered ${status} as ${response.headers.get("content-type")}`;
        if (typeof response.body?.message !== "string" || response.body.message.trim() === "") return `answered ${status} without a message`;
        return undefined;
      }
      if (status >= 300) {
        if (!redirects) return `answered ${status}`;
        const location = response.headers.get("location") ?? "";
        return /^\/(?![/\\])/.test(location) ? undefined : `redirected off the site to ${location}`;
      }
      return mayPass ? undefined : `accepted it (${status})`;
    }

    /**
     * The counts after the last attempt, which are the next attempt's "before" while a test sends
     * attempt after attempt (nothing else writes between them); each test starts afresh. Counting
     * once per request instead of twice halves the counting, most of this file's time on PostgreSQL.
     */
    let carried: Counts | undefined;
    beforeEach(() => {
      carried = undefined;
    });

    /** Sends one request and checks its answer and its effect on the row counts. */
    async function attempt(label: string, a: Omit<Attempt, "label">, headers: Record<string, string>, stores: Counts, failures: string[], redirects = false) {
      const before = carried ?? (await counter.count());
      const started = performance.now();
      const response = await server.request(a.method, a.url, {
        body: a.body,
        headers: { ...headers, ...(a.contentType ? { "content-type": a.contentType } : {}) },
      });
      const took = performance.now() - started;
      if (a.withinMs !== undefined && took > a.withinMs) failures.push(`${label}: answered after ${Math.round(took)} ms`);
      const after = await counter.count();
      carried = after;
      const problem = answerProblem(response, a.mayPass, redirects);
      if (problem) failures.push(`${label}: ${problem}`);
      const changed = changes(before, after);
      if (response.status >= 300 && Object.keys(changed).length > 0)
        failures.push(`${label}: refused (${response.status}) but changed rows ${JSON.stringify(changed)}`);
      if (response.status < 300) {
        for (const [table, delta] of Object.entries(changed)) {
          const declared = stores[table] ?? 0;
          if (declared === 0 || Math.sign(delta) !== Math.sign(declared) || Math.abs(delta) > Math.abs(declared))
            failures.push(`${label}: changed ${table} by ${delta}`);
        }
      }
      return response;
    }

    const writing = part !== "reads and uploads";
    /** The write samples of this part: staff endpoints, or the public and parents' own (list order kept). */
    const partWrites = writes.filter((sample) => (sample.part ?? (sample.admin ? "staff writes" : "public and account writes")) === part);

    it.runIf(part === "reads and uploads")("has a sample for every endpoint the app registers", () => {
      const app = createApp({ config: server.config, db: server.db, logger: createLogger("silent") });
      const covered = [...writes.map((w) => w.route), ...reads.map((r) => r.route), ...UPLOAD_ROUTES].sort();
      expect(new Set(covered).size).toBe(covered.length);
      expect(covered).toEqual(routeKeys(app).sort());
    });

    // One request per staff endpoint (about 150) in a row: 5-10 s on a quiet machine, over 20 s under load.
    it.runIf(part === "staff writes")("refuses every staff endpoint without a session and stores nothing", { timeout: 90_000 }, async () => {
      const failures: string[] = [];
      for (const sample of writes.filter((w) => w.admin)) {
        const [method] = sample.route.split(" ");
        const body = sample.body ? JSON.stringify(sample.body()) : undefined;
        for (const [label, contentType, text] of [
          ["sample", "application/json", body],
          ["text/plain", "text/plain", body],
          ["unknown fields", "application/json", JSON.stringify({ isAdmin: true, role: "admin" })],
        ] as const) {
          const response = await attempt(
            `${sample.route} anonymous ${label}`,
            { method: method!, url: sample.url(), body: text ?? "", contentType, mayPass: false },
            { origin: server.url },
            {},
            failures,
          );
          if (label === "sample" && response.status !== 401) failures.push(`${sample.route} anonymous: ${response.status}, expected 401`);
        }
      }
      for (const sample of reads.filter((r) => r.admin)) {
        const response = await attempt(`${sample.route} anonymous`, { method: "GET", url: sample.url(), mayPass: false }, {}, {}, failures);
        if (response.status !== 401) failures.push(`${sample.route} anonymous: ${response.status}, expected 401`);
      }
      expect(failures).toEqual([]);
    });

    // One test per write endpoint, in list order (the first-admin sample must run first).
    for (const sample of partWrites) {
      it(`${sample.route}: the valid sample is stored once, hostile input is refused with a 4xx JSON message`, { timeout: 180_000 }, async () => {
        if (sample.admin) await loadForms();
        const headers = { ...(await sampleHeaders(sample)) };
        await sample.before?.();
        if (sample.prepare) headers.cookie = [headers.cookie, await sample.prepare()].filter(Boolean).join("; ");
        const [method] = sample.route.split(" ");
        const failures: string[] = [];
        const before = await counter.count();
        const json = sample.body?.();
        if (sample.signed) Object.assign(headers, sample.signed(sample.form ? new URLSearchParams(json).toString() : JSON.stringify(json)));
        const valid = sample.form
          ? await server.request(method!, sample.url(), {
              body: new URLSearchParams(json).toString(),
              headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
            })
          : await server.request(method!, sample.url(), sample.body ? { json, headers } : { headers });
        expect(valid.status, JSON.stringify(valid.body)).toBeLessThan(300);
        expect(changes(before, await counter.count())).toEqual(sample.stores);
        const rotated = (valid.headers.get("set-cookie") ?? "").split(";")[0]!;
        if (sample.account && /^sid=./.test(rotated)) headers.cookie = accountCookies[sample.account] = rotated;

        for (const a of writeAttempts(sample)) {
          await attempt(`${sample.route} ${a.label}`, a, headers, sample.stores, failures);
        }
        expect(failures).toEqual([]);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      });
    }

    // Both write parts send unknown fields with every sample: each checks what its samples stored.
    it.runIf(writing)("ignores unknown fields: no forced ids, no smuggled password hashes, no promoted accounts", async () => {
      for (const table of ["users", "courses", "blog_posts", "teachers", "products", "testimonials", "contact_messages", "camp_enrolments"] as const) {
        const row = await server.db.selectFrom(table).select("id").where("id", "=", 999_999).executeTakeFirst();
        expect(row, table).toBeUndefined();
      }
      expect(await server.db.selectFrom("users").select("id").where("password_hash", "=", "hacked").executeTakeFirst()).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty("polluted");
      // The sign-up and the contact form are public samples.
      if (part !== "public and account writes") return;
      const registered = await server.db.selectFrom("users").select("role").where("email", "=", "new.parent@example.com").executeTakeFirstOrThrow();
      expect(registered.role).toBe("user");
      expect(Object.prototype).not.toHaveProperty("polluted");
      // Hostile but valid free text is kept verbatim (pages render it as text).
      const kept = await server.db.selectFrom("contact_messages").select("id").where("description", "=", "<script>alert(1)</script>").executeTakeFirst();
      expect(kept).toBeDefined();
    });

    it.runIf(part === "public and account writes")("survives hostile cookies and headers", async () => {
      const failures: string[] = [];
      const cookies = [
        "sid=' OR 1=1 --",
        `sid=${"x".repeat(6000)}`,
        "sid=%00",
        "sid=%E0%A4%A",
        "sid=<script>alert(1)</script>",
        "sid",
        "=;=;=",
        "__proto__=1; constructor=2",
      ];
      for (const cookie of cookies) {
        for (const [method, url] of [
          ["GET", "/api/getUser"],
          ["GET", "/api/admin/users"],
          ["POST", "/logout"],
        ] as const) {
          const response = await attempt(
            `${method} ${url} with cookie ${cookie.slice(0, 20)}`,
            {
              method,
              url,
              body: method === "POST" ? "{}" : undefined,
              contentType: method === "POST" ? "application/json" : undefined,
              mayPass: method === "POST",
            },
            { cookie, origin: server.url },
            {},
            failures,
          );
          if (method === "GET" && response.status !== 401)
            failures.push(`${method} ${url} with cookie ${cookie.slice(0, 20)}: ${response.status}, expected 401`);
        }
      }
      for (const headers of [
        { "accept-language": "' OR 1=1 --" } as Record<string, string>,
        { "accept-language": "x".repeat(6000) },
        { "x-forwarded-for": "<script>, ../../etc/passwd" },
        { origin: "null" },
      ]) {
        await attempt(
          `headers ${JSON.stringify(headers).slice(0, 40)}`,
          { method: "POST", url: "/contact-us/form", body: "{", contentType: "application/json", mayPass: false },
          headers,
          {},
          failures,
        );
      }
      expect(failures).toEqual([]);
    });

    for (const sample of part === "reads and uploads" ? reads : []) {
      it(`${sample.route}: hostile query and path values answer 4xx JSON or a normal answer, never a 5xx`, { timeout: 120_000 }, async () => {
        // The revision and draft reads name the revisions loadForms makes (the staff writes make them in their part).
        if (sample.admin) await loadForms();
        const headers = { ...(sample.admin || sample.account ? await sampleHeaders(sample) : {}), ...sample.headers };
        const failures: string[] = [];
        const base = sample.url();
        const withQuery = (query: Record<string, string | string[]>) => {
          const params = new URLSearchParams();
          for (const [key, value] of Object.entries(query)) for (const item of [value].flat()) params.append(key, item);
          const text = params.toString();
          return text ? `${base}?${text}` : base;
        };
        const get = (label: string, url: string, mayPass: boolean) =>
          attempt(`${sample.route} ${label}`, { method: "GET", url, mayPass }, headers, sample.stores ?? {}, failures, sample.redirects);

        const valid = await get("valid", withQuery(sample.query ?? {}), true);
        if (valid.status >= (sample.redirects ? 400 : 300)) failures.push(`${sample.route}: the valid request answered ${valid.status}`);
        for (const key of Object.keys(sample.query ?? {})) {
          for (const bad of QUERY_PAYLOADS) await get(`${key}=${JSON.stringify(bad.slice(0, 20))}`, withQuery({ ...sample.query, [key]: bad }), true);
          await get(`${key} twice`, withQuery({ ...sample.query, [key]: [sample.query![key]!, "x"] }), true);
        }
        await get(
          "unknown query parameters",
          `${withQuery(sample.query ?? {})}${sample.query ? "&" : "?"}__proto__[polluted]=1&constructor=x&%3Cscript%3E=1`,
          true,
        );
        for (const param of sample.route.match(/:\w+/g) ?? []) {
          for (const bad of ID_PAYLOADS) await get(`${param} = ${bad}`, urlWithParam(sample, param, bad), false);
        }
        expect(failures).toEqual([]);
      });
    }

    describe.runIf(part === "reads and uploads")("uploads", () => {
      const png = () =>
        sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 40, b: 40 } } })
          .png()
          .toBuffer();
      type Part = { field: string; bytes: Buffer; name: string; type: string } | { field: string; text: string };
      async function uploadTo(parts: Part[], headers: Record<string, string>, uploadPath: string) {
        const form = new FormData();
        for (const part of parts) {
          if ("text" in part) form.append(part.field, part.text);
          else form.append(part.field, new Blob([new Uint8Array(part.bytes)], { type: part.type }), part.name);
        }
        const response = await fetch(`${server.url}${uploadPath}`, { method: "POST", body: form, headers: { "x-forwarded-for": "10.7.7.7", ...headers } });
        const text = await response.text();
        let body: Json = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: the check below reports it
        }
        return { status: response.status, body, headers: response.headers };
      }
      const filesUnder = (dir: string): string[] =>
        existsSync(dir)
          ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
              entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
            )
          : [];

      for (const uploadPath of ["/api/admin/uploads", "/api/admin/media"]) {
        it(`POST ${uploadPath}: stores a real image under a random name whatever the file name says, and refuses everything else with a 4xx JSON message`, async () => {
          const upload = (parts: Part[], headers: Record<string, string>) => uploadTo(parts, headers, uploadPath);
          const headers = await staffHeaders();
          const failures: string[] = [];
          const check = (label: string, response: { status: number; body: Json; headers: Headers }, mayPass = false) => {
            const problem = answerProblem(response, mayPass);
            if (problem) failures.push(`${label}: ${problem}`);
          };
          const before = await counter.count();

          for (const name of ["../../../etc/passwd.png", "..%2f..%2fevil.png", "..\\..\\evil.png", "<script>alert(1)</script>.png"]) {
            const response = await upload([{ field: "file", bytes: await png(), name, type: "image/png" }], headers);
            expect(response.status, `${name}: ${JSON.stringify(response.body)}`).toBe(201);
            expect(response.body.url ?? response.body.media.url).toMatch(/^\/uploads\/[\w-]+\.webp$/);
          }
          expect(existsSync(path.resolve(server.config.uploadsDir, "../../../etc/passwd.png"))).toBe(false);
          expect(filesUnder(path.dirname(server.config.uploadsDir)).filter((file) => /passwd|evil|script/.test(file))).toEqual([]);
          expect(filesUnder(server.config.uploadsDir).every((file) => file.endsWith(".webp"))).toBe(true);

          const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
          const cases: [string, Part[]][] = [
            ["text named .png", [{ field: "file", bytes: Buffer.from("not an image at all"), name: "x.png", type: "image/png" }]],
            ["SVG with a script", [{ field: "file", bytes: svg, name: "x.svg", type: "image/svg+xml" }]],
            ["HTML", [{ field: "file", bytes: Buffer.from("<html><script>alert(1)</script></html>"), name: "x.html", type: "text/html" }]],
            ["a NUL byte in the file name", [{ field: "file", bytes: await png(), name: "a\u0000b.png", type: "image/png" }]],
            ["an empty file", [{ field: "file", bytes: Buffer.alloc(0), name: "x.png", type: "image/png" }]],
            // A sound PNG header over pixel data that does not decode.
            [
              "a PNG with corrupt data",
              [
                {
                  field: "file",
                  bytes: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNkYPjPwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==", "base64"),
                  name: "x.png",
                  type: "image/png",
                },
              ],
            ],
            ["over MAX_UPLOAD_BYTES", [{ field: "file", bytes: Buffer.alloc(server.config.maxUploadBytes + 1, 1), name: "big.png", type: "image/png" }]],
            ["the wrong field", [{ field: "image", bytes: await png(), name: "x.png", type: "image/png" }]],
            [
              "two files",
              [
                { field: "file", bytes: await png(), name: "a.png", type: "image/png" },
                { field: "file", bytes: await png(), name: "b.png", type: "image/png" },
              ],
            ],
            [
              "alt text of 60,000 characters",
              [
                { field: "altEn", text: "x".repeat(60_000) },
                { field: "file", bytes: await png(), name: "x.png", type: "image/png" },
              ],
            ],
            [
              "alt text of 301 characters",
              [
                { field: "altAr", text: "x".repeat(301) },
                { field: "file", bytes: await png(), name: "x.png", type: "image/png" },
              ],
            ],
            [
              "alt text with a NUL byte",
              [
                { field: "altEn", text: "a\u0000b" },
                { field: "file", bytes: await png(), name: "x.png", type: "image/png" },
              ],
            ],
            [
              "twenty text fields",
              [
                ...Array.from({ length: 20 }, (_, i) => ({ field: `f${i}`, text: "x" })),
                { field: "file", bytes: await png(), name: "x.png", type: "image/png" },
              ],
            ],
          ];
          for (const [label, parts] of cases) {
            const response = await upload(parts, headers);
            // The image fields' endpoint reads no alt text: a picture sent with a bad one is still stored.
            check(label, response, uploadPath === "/api/admin/uploads" && (label === "alt text of 301 characters" || label === "alt text with a NUL byte"));
            if (label === "over MAX_UPLOAD_BYTES" && response.status !== 413) failures.push(`${label}: ${response.status}, expected 413`);
          }
          check("no session", await upload([{ field: "file", bytes: await png(), name: "x.png", type: "image/png" }], { origin: server.url }));

          const raw = (body: string, contentType: string) => server.request("POST", uploadPath, { body, headers: { ...headers, "content-type": contentType } });
          check("JSON instead of multipart", await raw(JSON.stringify({ file: "x" }), "application/json"));
          check("malformed JSON", await raw("{", "application/json"));
          check("text/plain", await raw("hello", "text/plain"));
          check("multipart without a boundary", await raw("--x\r\n", "multipart/form-data"));
          check(
            "multipart cut short",
            await raw('--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc', "multipart/form-data; boundary=b"),
          );

          expect(failures).toEqual([]);
          // Each stored upload joined the media library (the alt text cases refuse on the library's route only).
          const extra = uploadPath === "/api/admin/media" ? 0 : 2;
          expect(changes(before, await counter.count())).toEqual({ media: 4 + extra, audit_log: 4 + extra });
        });
      }

      // Pickup photos (decision 142): the family's multipart form, through the same pipeline into the private store.
      it("POST /api/account/pickup-photos: stores a real photo, refuses everything else with a 4xx JSON message", async () => {
        const family = await accountHeaders("own");
        const url = "/api/account/pickup-photos";
        const failures: string[] = [];
        const check = (label: string, response: { status: number; body: Json; headers: Headers }) => {
          const problem = answerProblem(response, false);
          if (problem) failures.push(`${label}: ${problem}`);
        };
        const photo = async (name = "face.png") => ({ field: "file", bytes: await png(), name, type: "image/png" });
        const stored = await uploadTo([{ field: "of", text: "self" }, await photo("../../etc/passwd.png")], family, url);
        expect(stored.status, JSON.stringify(stored.body)).toBe(201);
        const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
        const cases: [string, Part[]][] = [
          [
            "SVG with a script",
            [
              { field: "of", text: "self" },
              { field: "file", bytes: svg, name: "x.svg", type: "image/svg+xml" },
            ],
          ],
          [
            "text named .png",
            [
              { field: "of", text: "self" },
              { field: "file", bytes: Buffer.from("not an image"), name: "x.png", type: "image/png" },
            ],
          ],
          ["no file", [{ field: "of", text: "self" }]],
          ["two files", [{ field: "of", text: "self" }, await photo(), await photo()]],
          ["an SQL person", [{ field: "of", text: "1 OR 1=1" }, await photo()]],
          ["another family's person", [{ field: "of", text: "2147483647" }, await photo()]],
          ["no one named", [await photo()]],
        ];
        for (const [label, parts] of cases) check(label, await uploadTo(parts, family, url));
        check("no session", await uploadTo([{ field: "of", text: "self" }, await photo()], { origin: server.url }, url));
        const raw = (body: string, contentType: string) => server.request("POST", url, { body, headers: { ...family, "content-type": contentType } });
        check("JSON", await raw(JSON.stringify({ of: "self", file: "x" }), "application/json"));
        check("malformed JSON", await raw("{", "application/json"));
        expect(failures).toEqual([]);
      });

      // Portfolios (decision 135): the roster's and the family's multipart forms, through the same pipeline.
      it("POST /api/teaching/sections/:id/portfolio and POST /api/account/portfolio: store a real photo, refuse everything else with a 4xx JSON message", async () => {
        const staff = await staffHeaders();
        const family = await accountHeaders("own");
        // The staff setting on (straight in the table: earlier samples may have changed the staff's sign-in rules).
        await server.db.updateTable("site_settings").set({ value: "true" }).where("key", "=", "familyPortfolioUploads").execute();
        const own = await server.db
          .selectFrom("section_enrolments")
          .select("id")
          .where("section_id", "=", ids.certSection!)
          .orderBy("id")
          .executeTakeFirstOrThrow();
        const routes = [
          { url: `/api/teaching/sections/${ids.teachSection}/portfolio`, headers: staff, child: String(ids.teachEnrolment) },
          { url: "/api/account/portfolio", headers: family, child: String(own.id) },
        ];
        const failures: string[] = [];
        const before = await counter.count();
        for (const route of routes) {
          const check = (label: string, response: { status: number; body: Json; headers: Headers }) => {
            const problem = answerProblem(response, false);
            if (problem) failures.push(`${route.url} ${label}: ${problem}`);
          };
          const text = (fields: Record<string, string>) => Object.entries(fields).map(([field, value]) => ({ field, text: value }));
          const photo = async (name = "robot.png") => ({ field: "file", bytes: await png(), name, type: "image/png" });
          const valid = { enrolmentId: route.child, title: "Robot arm", note: "Five servos.", link: "https://example.com/arm" };
          const stored = await uploadTo([...text(valid), await photo("../../../etc/passwd.png")], route.headers, route.url);
          expect(stored.status, JSON.stringify(stored.body)).toBe(201);
          const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
          const cases: [string, Part[]][] = [
            ["SVG with a script", [...text(valid), { field: "file", bytes: svg, name: "x.svg", type: "image/svg+xml" }]],
            ["text named .png", [...text(valid), { field: "file", bytes: Buffer.from("not an image"), name: "x.png", type: "image/png" }]],
            // An MP4's first box over bytes that are no video (decision 144: ffprobe refuses it; without ffmpeg, 503).
            [
              "an MP4 header over junk",
              [
                ...text(valid),
                {
                  field: "file",
                  bytes: Buffer.concat([Buffer.from("\0\0\0\x18ftypisom\0\0\x02\0isomiso2", "latin1"), Buffer.alloc(4000, 7)]),
                  name: "x.mp4",
                  type: "video/mp4",
                },
              ],
            ],
            [
              "over MAX_UPLOAD_BYTES",
              [...text(valid), { field: "file", bytes: Buffer.alloc(server.config.maxUploadBytes + 1, 1), name: "big.png", type: "image/png" }],
            ],
            ["two files", [...text(valid), await photo(), await photo()]],
            ["title of 60,000 characters", [...text({ ...valid, title: "x".repeat(60_000) }), await photo()]],
            ["title of 121 characters", [...text({ ...valid, title: "x".repeat(121) }), await photo()]],
            ["a NUL byte in the title", [...text({ ...valid, title: "a\u0000b" }), await photo()]],
            ["a javascript: link", [...text({ ...valid, link: "javascript:alert(1)" }), await photo()]],
            ["a data: link", [...text({ ...valid, link: "data:text/html,<script>alert(1)</script>" }), await photo()]],
            ["an SQL child", [...text({ ...valid, enrolmentId: "1 OR 1=1" }), await photo()]],
            ["a child of 11 digits", [...text({ ...valid, enrolmentId: "99999999999" }), await photo()]],
            ["another child", [...text({ ...valid, enrolmentId: "2147483647" }), await photo()]],
            ["a __proto__ field without a title", [...text({ ...valid, title: "" }), { field: "__proto__", text: "x" }, await photo()]],
            ["a hundred text fields", [...Array.from({ length: 100 }, (_, i) => ({ field: `f${i}`, text: "x" })), await photo()]],
          ];
          for (const [label, parts] of cases) check(label, await uploadTo(parts, route.headers, route.url));
          check("no session", await uploadTo([...text(valid), await photo()], { origin: server.url }, route.url));
          const raw = (body: string, contentType: string) =>
            server.request("POST", route.url, { body, headers: { ...route.headers, "content-type": contentType } });
          // JSON is read as a post without a photo (a project may start without one): refused on its fields like any other.
          check("JSON without a title", await raw(JSON.stringify({ ...valid, title: "", file: "x" }), "application/json"));
          check("malformed JSON", await raw("{", "application/json"));
          check(
            "multipart cut short",
            await raw('--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc', "multipart/form-data; boundary=b"),
          );
        }
        expect(failures).toEqual([]);
        // One project and one photo per route (the teaching one names nobody in the photo; the family's, its child), each audited twice.
        expect(changes(before, await counter.count())).toEqual({
          portfolio_projects: 2,
          portfolio_photos: 2,
          portfolio_photo_children: 1,
          audit_log: 4,
        });
        const stored = readdirSync(path.join(server.config.dataDir, "portfolio"));
        expect(stored.every((name) => /^[a-f0-9]{24}(?:-\d+\.webp|\.mp4)$/.test(name))).toBe(true);
      });

      it("never serves a file outside the uploads folder", async () => {
        const failures: string[] = [];
        for (const url of [
          "/uploads/..%2f..%2fetc%2fpasswd",
          "/uploads/%2e%2e/%2e%2e/etc/passwd",
          "/uploads/..%5c..%5cetc%5cpasswd",
          "/uploads/%00",
          "/uploads/x%00.webp",
        ]) {
          const response = await server.request("GET", url);
          const problem = answerProblem(response, false);
          if (problem) failures.push(`${url}: ${problem}`);
        }
        // Unnormalised dot segments, as a raw client sends them (fetch would resolve them first).
        for (const rawPath of ["/uploads/../../../../etc/passwd", "/api/admin/blogs/../../../etc/passwd", "/api/blogs/..%2f..%2f..%2fetc%2fpasswd"]) {
          const { status, type, text } = await new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
            const { port } = new URL(server.url);
            http
              .get({ host: "127.0.0.1", port, path: rawPath }, (res) => {
                let text = "";
                res.on("data", (chunk: Buffer) => (text += chunk.toString()));
                res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), text }));
              })
              .on("error", reject);
          });
          if (status < 400 || status >= 500 || !type.startsWith("application/json") || !JSON.parse(text).message)
            failures.push(`${rawPath}: ${status} ${type}`);
          if (text.includes("root:")) failures.push(`${rawPath}: served a system file`);
        }
        expect(failures).toEqual([]);
      });
    });
  });
}
