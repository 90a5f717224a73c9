import { describe, expect, it } from "vitest";
import { csvCell, csvInstant, csvLine } from "~/features/admin-kit/list/csv";
import { defineList, escapeLike, parseListQuery } from "~/features/admin-kit/list/list-query.server";

describe("csvInstant", () => {
  it("writes a stored instant as the academy's wall clock and leaves other values alone", () => {
    expect(csvInstant("2026-01-15T10:00:00.000Z", "Asia/Kolkata")).toBe("2026-01-15 15:30");
    expect(csvInstant("2026-01-15T23:45:00.000Z", "Asia/Dubai")).toBe("2026-01-16 03:45");
    expect(csvInstant("2026-07-01T12:00:00.000Z", "Europe/London")).toBe("2026-07-01 13:00");
    expect(csvInstant("2026-07-01", "Asia/Kolkata")).toBe("2026-07-01");
    expect(csvInstant(null, "Asia/Kolkata")).toBeNull();
    expect(csvInstant("not a date", "Asia/Kolkata")).toBe("not a date");
  });
});

describe("csvCell", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["=SUM(A1:A9)", "'=SUM(A1:A9)"],
    ["+1 555", "'+1 555"],
    // A stored phone number (E.164) stays as it is; "+" with anything else is still guarded.
    ["+919876543210", "+919876543210"],
    ["+1+SUM(A1)", "'+1+SUM(A1)"],
    ["+12345", "'+12345"],
    ["-2+3", "'-2+3"],
    ["@cmd", "'@cmd"],
    ["\tx", "'\tx"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ["مرحبا", "مرحبا"],
  ])("writes %j as %j", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it("keeps numbers as numbers (a negative amount is not a formula) and empties null", () => {
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(12.5)).toBe("12.5");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(true)).toBe("true");
  });

  it("ends lines with CRLF", () => {
    expect(csvLine(["a", 1, "b,c"])).toBe('a,1,"b,c"\r\n');
  });
});

describe("escapeLike", () => {
  it("escapes LIKE wildcards and the escape character", () => {
    expect(escapeLike("100%_a\\b")).toBe("100\\%\\_a\\\\b");
  });
});

describe("parseListQuery (pages)", () => {
  const spec = defineList({
    search: ["email"],
    sorts: { created: "created_at", email: "email" },
    defaultSort: "created",
    filters: { status: { values: ["new", "closed"] } },
  });

  it("reads valid values", () => {
    const query = parseListQuery(spec, new URLSearchParams("q=%20ann%20&sort=email&dir=asc&page=3&pageSize=50&status=closed"));
    expect(query).toEqual({ q: "ann", sort: "email", dir: "asc", page: 3, pageSize: 50, filters: { status: "closed" }, timeZone: "UTC" });
  });

  it("falls back to the defaults of bad or hostile values instead of failing", () => {
    const query = parseListQuery(spec, new URLSearchParams("sort=password_hash&dir=x&page=-1&pageSize=100000&status=&status=closed&q=" + "y".repeat(500)));
    expect(query).toEqual({ q: "", sort: "created", dir: "desc", page: 1, pageSize: 25, filters: {}, timeZone: "UTC" });
  });

  it("reads a date range only for lists that have one, dropping impossible days", () => {
    const dated = defineList({ ...spec, dateColumn: "created_at" });
    expect(parseListQuery(dated, new URLSearchParams("from=2026-03-01&to=2026-03-31"), "Asia/Kolkata")).toMatchObject({
      from: "2026-03-01",
      to: "2026-03-31",
      timeZone: "Asia/Kolkata",
    });
    expect(parseListQuery(dated, new URLSearchParams("from=2026-02-30&to=2026-03-31")).from).toBeUndefined();
    expect(parseListQuery(spec, new URLSearchParams("from=2026-03-01")).from).toBeUndefined();
  });
});
