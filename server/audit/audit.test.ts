import { describe, expect, it } from "vitest";
import { parseAuditSummary } from "~/features/admin/audit/audit-summary";
import { diffFields } from "./audit";

describe("diffFields", () => {
  it("keeps only the fields that changed, each before → after", () => {
    expect(diffFields({ name: "Robotics", price: 100, notes: "" }, { name: "Robotics", price: 120, notes: "Call back" })).toEqual({
      price: { from: 100, to: 120 },
      notes: { from: "", to: "Call back" },
    });
  });

  it("treats the databases' spellings of one value as equal", () => {
    // SQLite's 1 for true, PostgreSQL's "4999" for a number, null for an empty field.
    expect(diffFields({ discounted: 1, price: "4999", image: null }, { discounted: true, price: 4999, image: "" })).toEqual({});
  });

  it("never logs secrets or timestamps, and cuts long values", () => {
    const changes = diffFields({ password_hash: "a", updated_at: "x", body: "" }, { password_hash: "b", updated_at: "y", body: "word ".repeat(100) });
    expect(Object.keys(changes)).toEqual(["body"]);
    expect(String(changes.body!.to).length).toBeLessThanOrEqual(161);
    expect(String(changes.body!.to).endsWith("…")).toBe(true);
  });
});

describe("parseAuditSummary", () => {
  it("reads the name, the changes and anything else", () => {
    expect(parseAuditSummary(JSON.stringify({ name: "Robotics", changes: { price: { from: 1, to: 2 } }, added: 3 }))).toEqual({
      name: "Robotics",
      changes: [{ field: "price", from: "1", to: "2" }],
      other: [{ key: "added", value: "3" }],
    });
  });

  it("reads rows written before fields were named, and text that is not JSON", () => {
    expect(parseAuditSummary(JSON.stringify({ from: "user", to: "admin" })).changes).toEqual([{ field: "", from: "user", to: "admin" }]);
    expect(parseAuditSummary(JSON.stringify({ status: { from: "new", to: "closed" } })).changes).toEqual([{ field: "status", from: "new", to: "closed" }]);
    expect(parseAuditSummary("not json")).toEqual({ changes: [], other: [{ key: "", value: "not json" }] });
  });
});
