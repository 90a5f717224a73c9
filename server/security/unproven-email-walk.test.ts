import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoaderFunctionArgs } from "react-router";
import { createApp } from "~server/app";
import { createLogger } from "~server/logger";
import { startTestServer, type TestServer } from "~server/test/harness";
import { loaderOnlyBuild } from "~server/test/loader-only-build";
import { routeKeys } from "~server/test/route-table";
import { issueCreditNote } from "~/features/billing/ledger.server";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { loader as accountLoader } from "~/features/accounts/account.route";
import { loader as securityLoader } from "~/features/accounts/security/security.route";
import { loader as makeupsLoader } from "~/features/makeups/account-makeups.route";
import { loader as invoicesLoader } from "~/features/billing/reports/account-invoices.route";
import { loader as passesLoader } from "~/features/teaching/account-passes.route";

/**
 * The access walk's "unproven e-mail" persona (issue 39 finding 1): a real family enrols without an
 * account and has invoices, a credit note, consent answers (allergies, pickup people), attendance, a
 * certificate, a camp place and a demo booking. Someone registers the family's address without
 * proving it and signs in: every /account page and every GET under /account and /api/account must
 * show none of it, and every family document id answers 404. The same account once its e-mail is
 * proven sees them (so the walk can fail).
 */
const CHILD = "Zubaida Qasimova";
const PARENT = "Farrukh Qasimov";
const FAMILY = "qasimov.family@example.com";

// The /account pages: their real loaders behind the real Express app and page handler.
const pages = {
  account: accountLoader,
  "account/security": securityLoader,
  "account/makeups": makeupsLoader,
  "account/invoices": invoicesLoader,
  "account/passes": passesLoader,
} as unknown as Record<string, (args: LoaderFunctionArgs) => unknown>;

describe("an account with an unproven e-mail of a real family reaches none of its records", () => {
  let server: TestServer;
  let invoiceId: number;
  let creditNoteId: number;
  let certificateId: number;
  let reportId: number;
  beforeAll(async () => {
    server = await startTestServer({}, { pages: { build: loaderOnlyBuild(pages) } });
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
      json: { childName: CHILD, childAge: course.min_age, parentName: PARENT, email: FAMILY, phone: "+91 98765 43210" },
    });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
    const enrolment = await server.db.selectFrom("section_enrolments").selectAll().where("reference", "=", enrolled.body.reference).executeTakeFirstOrThrow();
    const invoice = await server.db.selectFrom("invoices").select("id").where("enrolment_id", "=", enrolment.id).executeTakeFirstOrThrow();
    invoiceId = invoice.id;
    creditNoteId = (await server.db.transaction().execute((trx) => issueCreditNote(trx, { invoiceId, amountMinor: 100, kind: "adjustment", reason: "Walk" })))
      .id;
    const now = new Date().toISOString();
    await server.db.updateTable("section_enrolments").set({ status: "enrolled" }).where("id", "=", enrolment.id).execute();
    const meeting = await server.db
      .selectFrom("section_meetings")
      .select("id")
      .where("section_id", "=", section.body.id)
      .orderBy("starts_at")
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto("meeting_attendance")
      .values({ meeting_id: meeting.id, enrolment_id: enrolment.id, status: "present", marked_by: null, created_at: now, updated_at: now })
      .execute();
    certificateId = (
      await server.db
        .insertInto("certificates")
        .values({
          code: "WALKUNPROVEN",
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
    // An issued progress report of the child (decision 138): its list and PDF name the child.
    const content = {
      childName: CHILD,
      course: { en: "Robotics", ar: "روبوتات" },
      term: { first: today, last: today },
      attendance: { attended: 1, held: 1 },
      skills: [],
      levelsCompleted: [],
      projects: [],
      comment: "",
      nextStep: "",
      proposal: null,
    };
    reportId = (
      await server.db
        .insertInto("progress_reports")
        .values({
          enrolment_id: enrolment.id,
          section_id: section.body.id,
          version: 1,
          lang: "en",
          content: JSON.stringify(content),
          issued_at: now,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    // A portfolio project of the child (decision 135): /account and GET /api/account/portfolio name the child.
    await server.db
      .insertInto("portfolio_projects")
      .values({
        family_email: FAMILY,
        child_key: CHILD.toLowerCase(),
        child_name: CHILD,
        enrolment_id: enrolment.id,
        section_id: section.body.id,
        title: "Walk project",
        note: "",
        link: "",
        added_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const form = await server.db.selectFrom("consent_versions").select(["id", "form_id"]).orderBy("id").executeTakeFirst();
    if (form) {
      const answer = await server.db
        .insertInto("consent_answers")
        .values({
          version_id: form.id,
          form_id: form.form_id,
          email: FAMILY,
          child_key: CHILD.toLowerCase(),
          child_name: CHILD,
          signer_name: PARENT,
          user_id: null,
          lang: "en",
          agreed: 1,
          allergies: "Peanuts",
          medical: "Asthma",
          enrolment_id: enrolment.id,
          camp_enrolment_id: null,
          signed_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await server.db.insertInto("consent_pickups").values({ answer_id: answer.id, name: PARENT, phone: "+919876543210", pin_hash: null }).execute();
    }
    const camp = await server.db.selectFrom("camps").select("id").orderBy("id").executeTakeFirstOrThrow();
    await server.db
      .insertInto("camp_enrolments")
      .values({
        student_name: CHILD,
        parent_name: PARENT,
        email: FAMILY,
        phone_number: "+919876543210",
        camp_id: camp.id,
        camp_slug: "walk",
        camp_title: "Camp",
        session: "Walk",
        message: "",
        lang: "en",
        reference: null,
        status: "new",
        notes: "",
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The attacker: registers the family's address (never proving it) and signs in. */
  let attacker: { cookie: string; user: { id: number } } | undefined;
  const signInAttacker = async () => {
    if (attacker) return attacker;
    attacker = await server.signIn("user");
    await server.db.updateTable("users").set({ email: FAMILY, email_verified_at: null }).where("id", "=", attacker.user.id).execute();
    return attacker;
  };

  it("sees nothing of the family on any /account page or GET route, and each document id is a 404", async () => {
    const who = await signInAttacker();
    const get = async (path: string) => {
      const res = await fetch(server.url + path, { headers: { cookie: who.cookie, accept: "application/json" }, redirect: "manual" });
      return { status: res.status, text: Buffer.from(await res.arrayBuffer()).toString("latin1") };
    };
    const app = createApp({ config: server.config, db: server.db, logger: createLogger("silent") });
    const routes = routeKeys(app)
      .map((key) => key.split(" ") as [string, string])
      .filter(([method, path]) => method === "GET" && /^(\/ar)?(\/api)?\/account(\/|$)/.test(path));
    expect(routes.length).toBeGreaterThanOrEqual(6);
    const ids: Record<string, number> = { invoices: invoiceId, "credit-notes": creditNoteId, certificates: certificateId, "progress-reports": reportId };
    const urls = routes.map(([, path]) => path.replace(/\/([\w-]+)\/:id/, (_m, segment: string) => `/${segment}/${ids[segment] ?? 1}`).replace(/:\w+/g, "1"));
    const walked = [...urls, ...Object.keys(pages).flatMap((page) => [`/${page}`, `/ar/${page}`])];
    const failures: string[] = [];
    for (const url of walked) {
      const res = await get(url);
      if (res.status >= 500) failures.push(`${url}: ${res.status}`);
      for (const secret of [CHILD, PARENT, "Peanuts", "Asthma", "WALKUNPROVEN"]) if (res.text.includes(secret)) failures.push(`${url} shows ${secret}`);
      if (/\/(invoices|credit-notes|certificates|progress-reports)\/\d+/.test(url) && res.status !== 404) failures.push(`${url}: ${res.status}, not 404`);
    }
    // PDFs compress their text: the status is the proof there.
    for (const url of [`/account/invoices/${invoiceId}/pdf`, `/ar/account/credit-notes/${creditNoteId}/pdf`]) {
      const res = await get(url);
      if (res.status !== 404) failures.push(`${url}: ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it("once the e-mail is proven, the same account reaches them (the walk can fail)", async () => {
    const who = await signInAttacker();
    await server.db.updateTable("users").set({ email_verified_at: new Date().toISOString() }).where("id", "=", who.user.id).execute();
    const get = (path: string) => fetch(server.url + path, { headers: { cookie: who.cookie }, redirect: "manual" });
    expect((await get(`/account/invoices/${invoiceId}/pdf`)).status).toBe(200);
    expect((await get(`/account/credit-notes/${creditNoteId}/pdf`)).status).toBe(200);
    const account = await (await get("/api/account")).text();
    expect(account).toContain(CHILD);
    expect(await (await get("/api/account/invoices")).text()).toContain(CHILD);
    expect(await (await get("/account")).text()).toContain(CHILD);
    expect(await (await get("/api/account/portfolio")).text()).toContain("Walk project");
    expect(await (await get("/api/account/class-passes")).text()).toContain(CHILD);
    expect(await (await get("/api/account/progress-reports")).text()).toContain(CHILD);
    expect((await get(`/api/account/progress-reports/${reportId}/pdf`)).status).toBe(200);
  });
});
