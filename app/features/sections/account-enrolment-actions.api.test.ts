import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "~server/test/harness";
import { addDays, zonedParts } from "~/lib/zoned-time";
import { sectionRefundProposal } from "~/features/billing/index.server";

/**
 * Parents act from /account (issue 42 step 8): each enrolment of the account's timetable carries
 * its own page's link (the e-mail's manage link, for the account that holds it, by the one
 * ownership rule); that page's JSON states what a drop does to the money, from billing's one
 * function, and the drop then does exactly that.
 */
describe("change group and withdraw from /account, with the money consequence", () => {
  let server: TestServer;
  let staff: Record<string, string>;
  let course: { id: number; slug: string; min_age: number };
  let today: string;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await server.signIn("admin");
    staff = { cookie: admin.cookie, origin: server.url };
    course = await server.db.selectFrom("courses").select(["id", "slug", "min_age"]).where("slug", "=", "robotics-fundamentals").executeTakeFirstOrThrow();
    const timeZone = (await server.request("GET", `/api/courses/${course.slug}/sections`)).body.timeZone;
    today = zonedParts(new Date(), timeZone).date;
  });
  afterAll(async () => {
    await server?.close();
  });

  const createSection = async () => {
    const json = {
      courseId: course.id,
      weekdays: [2, 4],
      startTime: "16:00",
      durationMinutes: 60,
      firstDate: addDays(today, 20),
      meetings: 4,
      capacity: 5,
    };
    const res = await server.request("POST", "/api/admin/sections", {
      json,
      headers: staff,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  /** A family signed in enrols a child: the enrolment carries its account. */
  const family = async (name: string) => {
    const parent = await server.signIn("user");
    const headers = { cookie: parent.cookie, origin: server.url };
    return { parent, headers, name };
  };
  const enrol = async (sectionId: number, who: Awaited<ReturnType<typeof family>>) => {
    const json = {
      childName: who.name,
      childAge: course.min_age,
      parentName: "Sana Khan",
      email: who.parent.user.email,
      phone: "+91 98765 43210",
    };
    const res = await server.request("POST", `/api/sections/${sectionId}/enrolments`, { json, headers: who.headers });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.reference as string;
  };
  const timetable = async (headers: Record<string, string>, lang = "en") => {
    const res = await server.request("GET", "/api/account/timetable", {
      headers: { ...headers, "accept-language": lang },
    });
    expect(res.status).toBe(200);
    return (
      res.body.children as {
        name: string;
        savedChildId: number | null;
        enrolments: { reference: string; manageUrl: string }[];
      }[]
    ).flatMap((child) => child.enrolments);
  };
  const tokenOf = (url: string) => new URL(url, server.url).searchParams.get("token") ?? "";

  it("each enrolment of the account carries its own page's link; another family's account lists none of them, and a forged link answers 404", async () => {
    const sectionId = await createSection();
    const sara = await family("Omar Ahmed");
    const reference = await enrol(sectionId, sara);
    const mine = await timetable(sara.headers);
    const card = mine.find((enrolment) => enrolment.reference === reference);
    expect(card?.manageUrl).toMatch(/^\/enrolments\/manage\?token=\d+_[\w-]{43}$/);
    expect((await timetable(sara.headers, "ar")).find((enrolment) => enrolment.reference === reference)?.manageUrl).toMatch(
      /^\/ar\/enrolments\/manage\?token=/,
    );
    const opened = await server.request("GET", `/api/enrolments/${tokenOf(card!.manageUrl)}`);
    expect(opened.status).toBe(200);
    expect(opened.body.enrolment).toMatchObject({
      childName: "Omar Ahmed",
      status: "enrolled",
    });

    // Another family: nothing of Sara's in its account, and a link made up from Sara's id opens nothing.
    const other = await family("Lina Saleh");
    expect(await timetable(other.headers)).toEqual([]);
    const id = Number(tokenOf(card!.manageUrl).split("_")[0]);
    expect((await server.request("GET", `/api/enrolments/${id}_${"A".repeat(43)}`)).status).toBe(404);
    expect(
      (
        await server.request("POST", "/api/enrolments/drop", {
          json: { token: `${id}_${"A".repeat(43)}` },
          headers: other.headers,
        })
      ).status,
    ).toBe(404);
    expect((await server.request("GET", "/api/account/timetable")).status).toBe(401);
  });

  it("the page states what a drop does to the money (owed voided, the policy's refund of what was paid), and the drop does exactly that", async () => {
    const sectionId = await createSection();
    const sara = await family("Adam Ahmed");
    const reference = await enrol(sectionId, sara);
    const card = (await timetable(sara.headers)).find((enrolment) => enrolment.reference === reference)!;
    const token = tokenOf(card.manageUrl);
    const enrolment = await server.db.selectFrom("section_enrolments").select("id").where("reference", "=", reference).executeTakeFirstOrThrow();
    const invoice = await server.db
      .selectFrom("invoices")
      .select(["id", "total_minor", "currency"])
      .where("enrolment_id", "=", enrolment.id)
      .executeTakeFirstOrThrow();
    expect(invoice.total_minor).toBeGreaterThan(1000);

    // Nothing paid yet: the whole invoice would be cancelled, nothing to refund.
    const before = await server.request("GET", `/api/enrolments/${token}`);
    expect(before.body.money).toEqual({
      currency: invoice.currency,
      voidedMinor: invoice.total_minor,
      paidMinor: 0,
      refund: null,
    });

    // 1000 paid at the desk, a policy of 50% before the first class: 500 proposed back, the rest owed voided.
    const policy = await server.request("PUT", `/api/admin/billing/refund-policies/course/${course.id}`, {
      json: { percentBefore: 50, percentAfter: 0 },
      headers: staff,
    });
    expect(policy.status, JSON.stringify(policy.body)).toBe(200);
    const paid = await server.request("POST", `/api/admin/billing/invoices/${invoice.id}/payments`, {
      json: { method: "cash", amountMinor: 1000 },
      headers: staff,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const stated = (await server.request("GET", `/api/enrolments/${token}`)).body.money;
    expect(stated).toEqual({
      currency: invoice.currency,
      voidedMinor: invoice.total_minor - 1000,
      paidMinor: 1000,
      refund: { percent: 50, amountMinor: 500 },
    });

    // The drop (the same endpoint the page's form posts to) voids what was stated, and staff see the stated refund proposed.
    const dropped = await server.request("POST", "/api/enrolments/drop", {
      json: { token, reason: "" },
      headers: sara.headers,
    });
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
    const notes = await server.db.selectFrom("credit_notes").select(["kind", "amount_minor"]).where("invoice_id", "=", invoice.id).execute();
    expect(notes).toEqual([{ kind: "void", amount_minor: stated.voidedMinor }]);
    expect((await server.request("GET", `/api/enrolments/${token}`)).body.enrolment.status).toBe("dropped");
    expect(await sectionRefundProposal(server.db, enrolment.id)).toMatchObject({
      percent: 50,
      totalMinor: stated.refund.amountMinor,
    });
    // Put the course's policy back for the other tests of this file.
    await server.request("PUT", `/api/admin/billing/refund-policies/course/${course.id}`, { json: { percentBefore: 100, percentAfter: 0 }, headers: staff });
  });

  it("a move keeps the invoice as it is: nothing voided, the same owed stated after it", async () => {
    const sectionId = await createSection();
    const target = await createSection();
    const sara = await family("Huda Ahmed");
    const reference = await enrol(sectionId, sara);
    const token = tokenOf((await timetable(sara.headers)).find((enrolment) => enrolment.reference === reference)!.manageUrl);
    const enrolment = await server.db.selectFrom("section_enrolments").select("id").where("reference", "=", reference).executeTakeFirstOrThrow();
    const invoice = await server.db.selectFrom("invoices").select(["id", "total_minor"]).where("enrolment_id", "=", enrolment.id).executeTakeFirstOrThrow();
    const moved = await server.request("POST", "/api/enrolments/move", {
      json: { token, sectionId: target },
      headers: sara.headers,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = (await server.request("GET", `/api/enrolments/${token}`)).body;
    expect(after.section.id).toBe(target);
    expect(after.money.voidedMinor).toBe(invoice.total_minor);
    expect(await server.db.selectFrom("credit_notes").select("id").where("invoice_id", "=", invoice.id).execute()).toEqual([]);
  });
});
