import { describe, expect, it } from "vitest";
import { addMonths, equalSplit, isCalendarDay, partStates, splitProblems } from "./instalment-split";

describe("instalment arithmetic", () => {
  it("splits equally, the remainder on the first part, monthly from the first date", () => {
    expect(equalSplit(10_000, 3, "2027-01-31")).toEqual([
      { dueOn: "2027-01-31", amountMinor: 3334 },
      { dueOn: "2027-02-28", amountMinor: 3333 },
      { dueOn: "2027-03-31", amountMinor: 3333 },
    ]);
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2027-11-15", 2)).toBe("2028-01-15");
  });

  it("knows real calendar days", () => {
    expect(isCalendarDay("2027-02-29")).toBe(false);
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2027-13-01")).toBe(false);
    expect(isCalendarDay("27-01-01")).toBe(false);
  });

  it("refuses a bad split with each problem", () => {
    const ok = equalSplit(9000, 3, "2027-01-10");
    expect(splitProblems(ok, 9000, "2027-01-01")).toEqual([]);
    expect(splitProblems(ok.slice(0, 1), 9000, "2027-01-01")).toEqual([{ kind: "count" }]);
    expect(splitProblems(ok, 9001, "2027-01-01")).toEqual([{ kind: "sum", sumMinor: 9000 }]);
    expect(splitProblems([ok[0]!, { ...ok[1]!, dueOn: ok[0]!.dueOn }, ok[2]!], 9000, "2027-01-01")).toEqual([{ kind: "order", index: 1 }]);
    expect(splitProblems(ok, 9000, "2027-01-11")).toEqual([{ kind: "beforeIssue", index: 0 }]);
    expect(splitProblems([ok[0]!, { dueOn: "2027-02-30", amountMinor: 0 }, ok[2]!], 9000, "2027-01-01")).toEqual([
      { kind: "date", index: 1 },
      { kind: "amount", index: 1 },
    ]);
  });

  it("covers parts in order with what is settled", () => {
    const parts = equalSplit(9000, 3, "2027-01-10");
    const states = partStates(parts, 4000, "2027-02-11", false);
    expect(states.map((s) => [s.status, s.paidMinor, s.leftMinor])).toEqual([
      ["paid", 3000, 0],
      ["overdue", 1000, 2000],
      ["open", 0, 3000],
    ]);
    expect(partStates(parts, 0, "2027-01-01", true).map((s) => s.status)).toEqual(["void", "void", "void"]);
  });
});
