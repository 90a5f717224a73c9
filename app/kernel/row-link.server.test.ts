import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mac } from "~server/security/signed";
import { startTestServer, type TestServer } from "~server/test/harness";
import { MAX_RECORD_ID } from "~/lib/record-id";
import { isRowLinkShape, rowLink, rowLinkParts } from "./row-link.server";

/**
 * The one signed row link (decision 146): a link opens its own row and nothing else, and its
 * MAC is the one the three copies it replaced made, so links already e-mailed keep opening.
 */
const secret = "a-test-secret-of-some-length-0123456789";
const macOf = (id: number | string) => `${id}_${mac(secret, "any", Number(id), "x")}`;

describe("row link tokens", () => {
  it("are what the links already sent carry, for every purpose (tokens made by the code before decision 146)", () => {
    const reference = { id: 12, reference: "R7XK2M" };
    const createdAt = { id: 12, created_at: "2026-11-30T01:02:03.000Z" };
    expect(rowLink("booking-link", "demo_bookings", "reference").token(secret, reference)).toBe("12_vm-XsXvXtS6Sj8bpttLtuihRS7LgwkZzm2SzNKTdIVc");
    expect(rowLink("waitlist-link", "slot_waitlist", "created_at").token(secret, createdAt)).toBe("12_o5tF_O_QQZm3NbvTyAPK8Wr2kNtx_xNooJTdp-2mXm4");
    expect(rowLink("section-waitlist-link", "section_waitlist", "created_at").token(secret, createdAt)).toBe("12_Muk4aA88VJDbR3n0-K_FZEpgm8gESVyA8otv-nyiI9c");
    expect(rowLink("enrolment-link", "section_enrolments", "reference").token(secret, { id: MAX_RECORD_ID, reference: "R7XK2M" })).toBe(
      "2147483647_-NO54JTDZQhvyvibrwPNwvDS9HOaSdeoGGthrbtY8ak",
    );
    expect(rowLink("enrolment-payment-link", "section_enrolments", "reference").token(secret, reference)).toBe(
      "12_49nqek8rwGh0BbQ39KGx4l4MDhwWQG3bKMkLv4JCp7Y",
    );
    expect(rowLink("enrolment-receipt-link", "section_enrolments", "reference").token(secret, reference)).toBe(
      "12_jPLzRKy7FxcI_1H0yA5BnLnvZnspMfpV8_Bqpg0-UzY",
    );
    expect(rowLink("invoice-payment-link", "invoices", "number").token(secret, { id: 12, number: "INV-2026-0012" })).toBe(
      "12_and_unMP-aNMQEuQsiJc957VNUQekabe6_bOt0GhTaM",
    );
    expect(rowLink("absence-link", "section_enrolments", "reference").token(secret, reference)).toBe("12_6FsHsQUqXjEJ66FH-jB9PcuCRq33MfrJt2tPbGPgSjs");
  });

  it("have one shape and one id bound", () => {
    expect(rowLinkParts(macOf(1))).toEqual({ id: 1, mac: macOf(1).slice(2) });
    expect(rowLinkParts(macOf(MAX_RECORD_ID))?.id).toBe(MAX_RECORD_ID);
    const mac43 = macOf(1).slice(2);
    for (const wrong of [
      "",
      "12",
      "12_",
      `12_${mac43.slice(1)}`,
      `12_${mac43}A`,
      `12-${mac43}`,
      `a12_${mac43}`,
      `+12_${mac43}`,
      ` 12_${mac43}`,
      `12_${mac43}\n`,
      `12_${mac43.slice(1)}=`,
      `12_${mac43.slice(1)}/`,
      `_${mac43}`,
      `12.5_${mac43}`,
    ]) {
      expect(isRowLinkShape(wrong), wrong).toBe(false);
      expect(rowLinkParts(wrong), wrong).toBeUndefined();
    }
    // Record ids are 1 to MAX_RECORD_ID: the shape allows ten digits, the bound refuses the rest.
    for (const id of ["0", "0000000000", String(MAX_RECORD_ID + 1), "9999999999"]) {
      expect(isRowLinkShape(macOf(id)), id).toBe(true);
      expect(rowLinkParts(macOf(id)), id).toBeUndefined();
    }
    expect(isRowLinkShape(macOf("12345678901"))).toBe(false);
  });
});

describe("opening a row link", () => {
  let server: TestServer;
  const link = rowLink("test-course-link", "courses", "slug");
  let courses: { id: number; slug: string }[];

  beforeAll(async () => {
    server = await startTestServer();
    courses = await server.db.selectFrom("courses").select(["id", "slug"]).orderBy("id").limit(2).execute();
    expect(courses).toHaveLength(2);
  });
  afterAll(() => server.close());

  it("opens its own row", async () => {
    for (const course of courses) expect(await link.open(server.db, secret, link.token(secret, course))).toBe(course.id);
  });

  it("refuses a changed id, a changed MAC, another purpose, another secret and a row that is not there", async () => {
    const [a, b] = courses as [{ id: number; slug: string }, { id: number; slug: string }];
    const token = link.token(secret, a);
    const mac43 = token.slice(token.indexOf("_") + 1);
    expect(await link.open(server.db, secret, `${b.id}_${mac43}`)).toBeUndefined();
    // The first character: the last carries base64 padding bits a decoder may ignore.
    const flipped = `${mac43[0] === "A" ? "B" : "A"}${mac43.slice(1)}`;
    expect(await link.open(server.db, secret, `${a.id}_${flipped}`)).toBeUndefined();
    expect(await rowLink("another-link", "courses", "slug").open(server.db, secret, token)).toBeUndefined();
    expect(await link.open(server.db, `${secret}!`, token)).toBeUndefined();
    // The salt is the row's: a token made over another value (an old row's, given its id) opens nothing.
    expect(await link.open(server.db, secret, link.token(secret, { id: a.id, slug: b.slug }))).toBeUndefined();
    const missing = MAX_RECORD_ID - 1;
    expect(await link.open(server.db, secret, link.token(secret, { id: missing, slug: a.slug }))).toBeUndefined();
  });

  it("refuses wrong shapes and ids beyond the record id bound, its MAC right or not", async () => {
    const a = courses[0]!;
    for (const wrong of ["", "x", `${a.id}`, `${link.token(secret, a)}x`, ` ${link.token(secret, a)}`])
      expect(await link.open(server.db, secret, wrong)).toBeUndefined();
    for (const id of [0, MAX_RECORD_ID + 1, 9_999_999_999])
      expect(await link.open(server.db, secret, link.token(secret, { id, slug: a.slug }))).toBeUndefined();
  });
});
