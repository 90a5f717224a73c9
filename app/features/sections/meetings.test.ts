import { describe, expect, it } from "vitest";
import { materialiseMeetings } from "./meetings";

describe("materialised meetings", () => {
  it("follows the weekdays from the first date, skips closures, and keeps the local time across a DST change", () => {
    // 2026-10-20 is a Tuesday; Tuesdays and Thursdays, 10 meetings, 2026-10-29 closed.
    const meetings = materialiseMeetings(
      { weekdays: [2, 4], startTime: "16:30", firstDate: "2026-10-20", count: 10, closures: ["2026-10-29"] },
      "Europe/London",
    );
    expect(meetings.map((m) => m.date)).toEqual([
      "2026-10-20",
      "2026-10-22",
      "2026-10-27",
      "2026-11-03",
      "2026-11-05",
      "2026-11-10",
      "2026-11-12",
      "2026-11-17",
      "2026-11-19",
      "2026-11-24",
    ]);
    // BST (UTC+1) before 25 October, GMT after: 16:30 local either way.
    expect(meetings[0]!.startsAt).toBe("2026-10-20T15:30:00.000Z");
    expect(meetings[2]!.startsAt).toBe("2026-10-27T16:30:00.000Z");
  });

  it("starts at the first chosen weekday on or after the first date, in the academy's zone", () => {
    const meetings = materialiseMeetings({ weekdays: [6], startTime: "09:00", firstDate: "2026-12-01", count: 2, closures: [] }, "Asia/Kolkata");
    expect(meetings).toEqual([
      { date: "2026-12-05", startsAt: "2026-12-05T03:30:00.000Z" },
      { date: "2026-12-12", startsAt: "2026-12-12T03:30:00.000Z" },
    ]);
  });
});
