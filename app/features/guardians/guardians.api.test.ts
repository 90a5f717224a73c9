import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoaderFunctionArgs } from "react-router";
import { createApp } from "~server/app";
import { createLogger } from "~server/logger";
import { serverT } from "~server/i18n";
import { mailedToken } from "~server/security/one-time-links";
import { startTestServer, type TestServer } from "~server/test/harness";
import { loaderOnlyBuild } from "~server/test/loader-only-build";
import { queuedMailsOf } from "~server/test/mail-jobs";
import { routeKeys } from "~server/test/route-table";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { FAMILY_PARTS, GUARDIAN_ROLES, mayUse, type FamilyPart, type FamilyRole } from "~/features/family/family-parts";
import { loader as accountLoader } from "~/features/accounts/account.route";
import { loader as makeupsLoader } from "~/features/makeups/account-makeups.route";
import { loader as invoicesLoader } from "~/features/billing/reports/account-invoices.route";
import { loader as portfolioLoader } from "~/features/portfolio/account-portfolio.route";
import { loader as passesLoader } from "~/features/teaching/account-passes.route";
import { loader as pickupLoader } from "~/features/teaching/account-pickup.route";
import { queuePush } from "~/features/push/push.server";
import { GUARDIAN_INVITE_MAIL, guardianInviteMail } from "./guardians.server";

/**
 * Guardians with their own roles (issue 45 item 3, decision 139), on a real server and database
 * (SQLite, or PostgreSQL with TEST_DATABASE_URL): every family route answered for each role as
 * FAMILY_PARTS says (allowed, or 403), the family's records shown only where the role opens them,
 * removal ending the guardian's sessions at once, and one link accepted twice at once linking once.
 */
const CHILD = "Layla Haddad";

// The family pages: their real loaders behind the real Express app and page handler.
const pages = {
  account: accountLoader,
  "account/makeups": makeupsLoader,
  "account/invoices": invoicesLoader,
  "account/portfolio": portfolioLoader,
  "account/passes": passesLoader,
  "account/pickup": pickupLoader,
} as unknown as Record<string, (args: LoaderFunctionArgs) => unknown>;

/** What each family page needs (the account page itself is every role's: it shows what the role opens). */
const PAGE_PARTS: Record<string, FamilyPart | "own"> = {
  account: "own",
  "account/makeups": "act",
  "account/invoices": "bill",
  "account/portfolio": "act",
  "account/passes": "pickup",
  "account/pickup": "pickup",
};

/**
 * Every route under /api/account (and the family's PDFs): the part a guardian needs, or "own" for
 * the account's own settings (profile, password, devices, passkeys, notification choices), open to
 * every role. A new family route missing here fails the walk.
 */
const ROUTE_PARTS: Record<string, FamilyPart | "own"> = {
  "GET /api/account": "see",
  "POST /api/account/absences": "act",
  "POST /api/account/calendar-feed": "see",
  "DELETE /api/account/calendar-feed": "see",
  "GET /api/account/certificates/:id/pdf": "see",
  "GET /api/account/children": "see",
  "POST /api/account/children": "act",
  "PUT /api/account/children/:id": "act",
  "DELETE /api/account/children/:id": "act",
  "GET /api/account/export": "act",
  "GET /api/account/invoices": "bill",
  "GET /api/account/makeups": "act",
  "POST /api/account/makeups": "act",
  "POST /api/account/makeups/cancel": "act",
  "GET /api/account/portfolio": "see",
  // Termly progress reports (decision 138) and the class passes shown at arrival (decision 141).
  "GET /api/account/progress-reports": "see",
  "GET /api/account/progress-reports/:id/pdf": "see",
  "GET /api/account/progress-reports/:id/versions/:version/pdf": "see",
  "GET /api/account/class-passes": "pickup",
  // The guardian's own pickup pass and the collectors' photos (decision 142).
  "GET /api/account/pickup-pass": "pickup",
  "GET /api/account/pickup-photos": "pickup",
  "POST /api/account/pickup-photos": "pickup",
  "POST /api/account/portfolio": "act",
  "POST /api/account/portfolio/:id": "act",
  "GET /api/account/timetable": "see",
  "GET /api/account/guardians": "guardians-list",
  "POST /api/account/guardians": "guardians",
  "POST /api/account/guardians/remove": "guardians",
  "GET /api/account/pickup": "pickup",
  "GET /account/invoices/:id/pdf": "bill",
  "GET /ar/account/invoices/:id/pdf": "bill",
  "GET /account/credit-notes/:id/pdf": "bill",
  "GET /ar/account/credit-notes/:id/pdf": "bill",
  // The account's own: the same for every role.
  "POST /api/account/delete": "own",
  "POST /api/account/email-proof": "own",
  "GET /api/account/messaging": "own",
  "POST /api/account/messaging": "own",
  "POST /api/account/passkeys": "own",
  "DELETE /api/account/passkeys/:id": "own",
  "PATCH /api/account/passkeys/:id": "own",
  "POST /api/account/passkeys/options": "own",
  "POST /api/account/password": "own",
  "POST /api/account/password/link": "own",
  "PATCH /api/account/profile": "own",
  "GET /api/account/push-choices": "own",
  "POST /api/account/push-choices": "own",
  "POST /api/account/push-subscriptions": "own",
  "POST /api/account/recovery-codes": "own",
  "GET /api/account/security": "own",
  "GET /api/account/sessions": "own",
  "DELETE /api/account/sessions/:id": "own",
  "POST /api/account/totp/disable": "own",
  "POST /api/account/totp/enable": "own",
  "POST /api/account/totp/setup": "own",
  "GET /account/confirm-email": "own",
  "GET /ar/account/confirm-email": "own",
};

const cookieOf = (headers: Headers) => (headers.get("set-cookie") ?? "").split(";")[0]!;

describe("guardians of a family", () => {
  let server: TestServer;
  let invoiceId: number;
  let certificateId: number;
  let primary: { cookie: string; user: { id: number; email: string } };
  const guardians = {} as Record<Exclude<FamilyRole, "primary">, { cookie: string; id: number }>;

  /** The link of the newest invitation mailed to `email`, as the mail job rebuilds it. */
  async function inviteToken(email: string): Promise<string> {
    const mails = (await queuedMailsOf(server.db, guardianInviteMail)).filter((mail) => mail.to === email);
    const { seed } = mails.at(-1)!.data as { seed: string };
    return mailedToken(server.config.sessionSecret, GUARDIAN_INVITE_MAIL, seed);
  }

  /** The primary invites `email` as `role`; a fresh account accepts the link and gets its new session. */
  async function join(role: Exclude<FamilyRole, "primary">) {
    const invited = await server.signIn("user");
    const sent = await server.request("POST", "/api/account/guardians", {
      json: { email: invited.user.email, role, language: "en" },
      headers: { cookie: primary.cookie, origin: server.url },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const token = await inviteToken(invited.user.email);
    const accepted = await server.request("POST", "/api/guardian-invites/accept", { json: { token }, headers: { cookie: invited.cookie, origin: server.url } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body.role).toBe(role);
    // Joining ended the account's old sessions (a grant of power); the answer signed this browser in again.
    expect((await server.request("GET", "/api/account/sessions", { headers: { cookie: invited.cookie } })).status).toBe(401);
    return { cookie: cookieOf(accepted.headers), id: invited.user.id };
  }

  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: "error" }, { pages: { build: loaderOnlyBuild(pages) } });
    const signedIn = await server.signIn("user");
    await server.db.updateTable("users").set({ email_verified_at: new Date().toISOString() }).where("id", "=", signedIn.user.id).execute();
    primary = signedIn;
    const admin = await server.signIn("admin");
    const staff = { cookie: admin.cookie, origin: server.url };
    const course = await server.db.selectFrom("courses").select(["id", "min_age"]).where("slug", "=", "robotics-fundamentals").executeTakeFirstOrThrow();
    const today = zonedParts(new Date(), "Asia/Kolkata").date;
    const section = await server.request("POST", "/api/admin/sections", {
      json: { courseId: course.id, weekdays: [2], startTime: "16:00", durationMinutes: 60, firstDate: addDays(today, 10), meetings: 4, capacity: 20 },
      headers: staff,
    });
    expect(section.status, JSON.stringify(section.body)).toBe(201);
    const enrolled = await server.request("POST", `/api/sections/${section.body.id}/enrolments`, {
      json: { childName: CHILD, childAge: course.min_age, parentName: "Primary Parent", email: primary.user.email, phone: "+91 98765 43210" },
    });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
    const enrolment = await server.db.selectFrom("section_enrolments").select("id").where("reference", "=", enrolled.body.reference).executeTakeFirstOrThrow();
    await server.db.updateTable("section_enrolments").set({ status: "enrolled" }).where("id", "=", enrolment.id).execute();
    invoiceId = (await server.db.selectFrom("invoices").select("id").where("enrolment_id", "=", enrolment.id).executeTakeFirstOrThrow()).id;
    const now = new Date().toISOString();
    certificateId = (
      await server.db
        .insertInto("certificates")
        .values({
          code: "GUARDIANWALK",
          section_id: section.body.id,
          enrolment_id: enrolment.id,
          child_name: CHILD,
          course_en: "Robotics",
          course_ar: "روبوتات",
          lang: "en",
          issued_on: today,
          threshold: 0,
          rate: 100,
          issued_by: null,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    for (const role of GUARDIAN_ROLES) guardians[role] = await join(role);
  });
  afterAll(async () => {
    await server?.close();
  });

  const cookieFor = (role: FamilyRole) => (role === "primary" ? primary.cookie : guardians[role].cookie);
  const refusals = [serverT("en", "guardians", "api.notYourPart"), serverT("ar", "guardians", "api.notYourPart")];

  // Every family route for five roles, one request each: about 10 s on a quiet machine, over 20 s under load.
  it("answers every family route for each role as FAMILY_PARTS says: allowed, or 403", { timeout: 90_000 }, async () => {
    const app = createApp({ config: server.config, db: server.db, logger: createLogger("silent") });
    const routes = routeKeys(app).filter((key) => /^\w+ (\/ar)?(\/api)?\/account(\/|$)/.test(key));
    // Every family route is in the table: a new one must say which part it needs.
    expect(routes.filter((key) => !(key in ROUTE_PARTS))).toEqual([]);
    const ids: Record<string, number> = { invoices: invoiceId, certificates: certificateId, "credit-notes": 999_999 };
    const failures: string[] = [];
    for (const role of ["primary", ...GUARDIAN_ROLES] as const) {
      for (const key of routes) {
        const part = ROUTE_PARTS[key]!;
        const [method, pattern] = key.split(" ") as [string, string];
        const path = pattern.replace(/\/([\w-]+)\/:id/, (_m, segment: string) => `/${segment}/${ids[segment] ?? 1}`).replace(/:\w+/g, "1");
        // Nothing that ends this account's sessions or the account itself: those are walked as "own" by their status only.
        if (key === "POST /api/account/delete" || key === "POST /api/account/password") continue;
        const res = await fetch(server.url + path, {
          method,
          headers: {
            cookie: cookieFor(role),
            origin: server.url,
            accept: "application/json",
            ...(method === "GET" || method === "DELETE" ? {} : { "content-type": "application/json" }),
          },
          body: method === "GET" || method === "DELETE" ? undefined : "{}",
          redirect: "manual",
        });
        const text = await res.text();
        const refused = res.status === 403 && refusals.some((refusal) => text.includes(refusal));
        const allowed = part === "own" || mayUse(role, part);
        if (res.status >= 500 || res.status === 401) failures.push(`${role} ${key}: ${res.status}`);
        else if (allowed && refused) failures.push(`${role} ${key}: refused, but the role opens ${part}`);
        else if (!allowed && !refused) failures.push(`${role} ${key}: ${res.status}, not 403 (needs ${part})`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("opens each family page only to the roles of its part, and shows a role only its part of the family", async () => {
    const failures: string[] = [];
    for (const role of ["primary", ...GUARDIAN_ROLES] as const) {
      for (const [page, part] of Object.entries(PAGE_PARTS)) {
        for (const url of [`/${page}`, `/ar/${page}`]) {
          const res = await fetch(server.url + url, { headers: { cookie: cookieFor(role) }, redirect: "manual" });
          const allowed = part === "own" || mayUse(role, part);
          if (allowed ? res.status !== 200 : res.status !== 403) failures.push(`${role} ${url}: ${res.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
    const account = async (role: FamilyRole) => (await fetch(server.url + "/account", { headers: { cookie: cookieFor(role) } })).text();
    // The family's records: the primary, a full parent and a view-only guardian see the child; a payer sees no child on /account.
    for (const role of ["primary", "parent", "viewer"] as const) expect(await account(role)).toContain("GUAR-DIAN-WALK");
    expect(await account("payer")).not.toContain(CHILD);
    // A pickup guardian: the child's name and next classes on the pickup card, nothing else (no certificate, no invoice, no guardians).
    const pickup = JSON.parse(await account("pickup")) as Record<
      string,
      { guardians?: { pickup: { children: { name: string; classes: unknown[] }[] } | null } }
    >;
    const card = Object.values(pickup).find((data) => data?.guardians)?.guardians?.pickup;
    expect(card?.children.map((child) => child.name)).toEqual([CHILD]);
    expect(card?.children[0]!.classes.length).toBeGreaterThan(0);
    const pickupText = await account("pickup");
    expect(pickupText).not.toContain("GUAR-DIAN-WALK");
    expect(pickupText).not.toContain(primary.user.email);
    // A view-only guardian gets no link that moves or drops an enrolment.
    expect(await account("viewer")).not.toContain("/enrolments/manage");
    // The family's invoice PDF: the payer's, not the view-only guardian's.
    expect((await fetch(`${server.url}/account/invoices/${invoiceId}/pdf`, { headers: { cookie: cookieFor("payer") } })).status).toBe(200);
    expect((await fetch(`${server.url}/account/invoices/${invoiceId}/pdf`, { headers: { cookie: cookieFor("viewer") } })).status).toBe(403);
    // The invoices list of a payer is the family's.
    const invoices = await server.request("GET", "/api/account/invoices", { headers: { cookie: cookieFor("payer") } });
    expect(JSON.stringify(invoices.body)).toContain(CHILD);
  });

  it("sends each guardian the notifications their role reads, to their own browsers, by their own choices", async () => {
    const payerEmail = (await server.db.selectFrom("users").select("email").where("id", "=", guardians.payer.id).executeTakeFirstOrThrow()).email;
    const pickupEmail = (await server.db.selectFrom("users").select("email").where("id", "=", guardians.pickup.id).executeTakeFirstOrThrow()).email;
    for (const [cookie, n] of [
      [guardians.payer.cookie, 1],
      [guardians.pickup.cookie, 2],
    ] as const) {
      const subscribed = await server.request("POST", "/api/account/push-subscriptions", {
        json: {
          endpoint: `http://127.0.0.1:9/push/guardian-${n}`,
          expirationTime: null,
          keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
          lang: "en",
        },
        headers: { cookie, origin: server.url },
      });
      expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(201);
    }
    // The pickup guardian turns class reminders off: their own choice, not the family's.
    expect(
      (
        await server.request("POST", "/api/account/push-choices", {
          json: { schedule: true, classTomorrow: false, absence: true, invoice: true, makeup: true, waitlist: true, certificate: true },
          headers: { cookie: guardians.pickup.cookie, origin: server.url },
        })
      ).status,
    ).toBe(200);
    const family = primary.user.email;
    await queuePush(server.db, {
      event: "test-invoice:1",
      email: family,
      category: "invoice",
      template: "instalment_due",
      params: { amount: "1", date: "1", link: "-" },
      url: "/account/invoices",
    });
    await queuePush(server.db, {
      event: "test-schedule:1",
      email: family,
      category: "schedule",
      template: "class_moved",
      params: { course: "R", date: "1" },
      url: "/account",
    });
    await queuePush(server.db, { event: "test-tomorrow:1", email: family, category: "classTomorrow", template: "class_tomorrow", params: {}, url: "/account" });
    const rows = await server.db.selectFrom("push_notifications").select(["key", "email"]).where("key", "like", "test-%").execute();
    expect(rows.map((row) => `${row.key.split(":")[0]}:${row.email}`).sort()).toEqual([`test-invoice:${payerEmail}`, `test-schedule:${pickupEmail}`].sort());
  });

  it("lists the guardians to the primary and full parents; only the primary removes, which ends that guardian's sessions at once", async () => {
    const listed = await server.request("GET", "/api/account/guardians", { headers: { cookie: cookieFor("parent") } });
    expect(listed.status).toBe(200);
    expect(listed.body.guardians.map((g: { role: string; status: string }) => `${g.role}:${g.status}`).sort()).toEqual(
      ["parent:joined", "payer:joined", "pickup:joined", "viewer:joined"].sort(),
    );
    const viewer = listed.body.guardians.find((g: { role: string }) => g.role === "viewer") as { ref: string };
    // A full parent does not remove.
    const byParent = await server.request("POST", "/api/account/guardians/remove", {
      json: { ref: viewer.ref },
      headers: { cookie: cookieFor("parent"), origin: server.url },
    });
    expect(byParent.status).toBe(403);
    // Another family's primary cannot name this family's guardian.
    const stranger = await server.signIn("user");
    const byStranger = await server.request("POST", "/api/account/guardians/remove", {
      json: { ref: viewer.ref },
      headers: { cookie: stranger.cookie, origin: server.url },
    });
    expect(byStranger.status).toBe(404);
    expect((await server.request("GET", "/api/account/timetable", { headers: { cookie: cookieFor("viewer") } })).status).toBe(200);
    const removed = await server.request("POST", "/api/account/guardians/remove", {
      json: { ref: viewer.ref },
      headers: { cookie: primary.cookie, origin: server.url },
    });
    expect(removed.status).toBe(200);
    // At once: the removed guardian's session is gone, and the account is a family of its own again.
    expect((await server.request("GET", "/api/account/timetable", { headers: { cookie: cookieFor("viewer") } })).status).toBe(401);
    expect(await server.db.selectFrom("family_guardians").select("id").where("user_id", "=", guardians.viewer.id).executeTakeFirst()).toBeUndefined();
    const audit = await server.db.selectFrom("audit_log").select("action").where("action", "=", "remove_guardian").execute();
    expect(audit.length).toBe(1);
  });

  it("refuses an invitation to the primary's own address, and a link that was used, or that the primary removed before it was accepted", async () => {
    const own = await server.request("POST", "/api/account/guardians", {
      json: { email: primary.user.email.toUpperCase(), role: "payer" },
      headers: { cookie: primary.cookie, origin: server.url },
    });
    expect(own.status).toBe(409);
    const bad = await server.request("POST", "/api/account/guardians", {
      json: { email: "x@example.com", role: "owner" },
      headers: { cookie: primary.cookie, origin: server.url },
    });
    expect(bad.status).toBe(400);
    const someone = await server.signIn("user");
    await server.request("POST", "/api/account/guardians", {
      json: { email: someone.user.email, role: "payer" },
      headers: { cookie: primary.cookie, origin: server.url },
    });
    const token = await inviteToken(someone.user.email);
    const pending = (await server.request("GET", "/api/account/guardians", { headers: { cookie: primary.cookie } })).body.guardians.find(
      (g: { status: string; email: string }) => g.status === "pending" && g.email === someone.user.email,
    ) as { ref: string };
    expect(
      (await server.request("POST", "/api/account/guardians/remove", { json: { ref: pending.ref }, headers: { cookie: primary.cookie, origin: server.url } }))
        .status,
    ).toBe(200);
    const late = await server.request("POST", "/api/guardian-invites/accept", { json: { token }, headers: { cookie: someone.cookie, origin: server.url } });
    expect(late.status).toBe(410);
    // The database keeps the token's hash only.
    const stored = await server.db.selectFrom("family_guardians").select("token_hash").where("token_hash", "is not", null).execute();
    for (const row of stored) expect(row.token_hash).not.toBe(token);
  });

  it("links once when the same link is accepted twice at once, by one account or by two", async () => {
    for (const twoAccounts of [false, true]) {
      const first = await server.signIn("user");
      const second = twoAccounts ? await server.signIn("user") : first;
      await server.request("POST", "/api/account/guardians", {
        json: { email: first.user.email, role: "payer" },
        headers: { cookie: primary.cookie, origin: server.url },
      });
      const token = await inviteToken(first.user.email);
      const answers = await Promise.all(
        [first, second].map((who) =>
          server.request("POST", "/api/guardian-invites/accept", { json: { token }, headers: { cookie: who.cookie, origin: server.url } }),
        ),
      );
      // The other: 410 (the link is spent). For one account it may instead find its session already
      // ended by the first (401), or read the invitation before the first commits and its own link
      // after (409: the account is a guardian now, which is true).
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      const other = answers.find((a) => a.status !== 201)!.status;
      expect(twoAccounts ? [410] : [401, 409, 410]).toContain(other);
      const linked = await server.db.selectFrom("family_guardians").select("user_id").where("user_id", "in", [first.user.id, second.user.id]).execute();
      expect(linked).toHaveLength(1);
      // Spent: a third try answers 410.
      const again = await server.request("POST", "/api/guardian-invites/accept", {
        json: { token },
        headers: { cookie: cookieOf(answers.find((a) => a.status === 201)!.headers), origin: server.url },
      });
      expect(again.status).toBe(410);
    }
  });

  it("keeps a family without guardians as it was, and a deleted guardian's account leaves the family's records with the family", async () => {
    const alone = await server.signIn("user");
    const own = await server.request("GET", "/api/account/guardians", { headers: { cookie: alone.cookie } });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ role: "primary", guardians: [] });
    // The full parent deletes their own account: the family keeps its records and its primary.
    const before = await server.request("GET", "/api/account/invoices", { headers: { cookie: primary.cookie } });
    const deleted = await server.request("POST", "/api/account/delete", {
      json: { email: (await server.db.selectFrom("users").select("email").where("id", "=", guardians.parent.id).executeTakeFirstOrThrow()).email },
      headers: { cookie: guardians.parent.cookie, origin: server.url },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const after = await server.request("GET", "/api/account/invoices", { headers: { cookie: primary.cookie } });
    expect(JSON.stringify(after.body)).toBe(JSON.stringify(before.body));
    expect(JSON.stringify(after.body)).toContain(CHILD);
    expect(FAMILY_PARTS.guardians).toEqual(["primary"]);
  });
});
