import { describe, expect, it } from "vitest";
import { buildCalendar } from "~/features/booking/calendar";
import { isTimeZone } from "~/lib/time-zone";
import { addDays, daysBetween, weekdayOf, zonedParts, zonedToUtc } from "~/lib/zoned-time";

describe("academy time zone arithmetic", () => {
  it("turns Kolkata wall-clock time into UTC and back", () => {
    expect(zonedToUtc("2026-11-23", "10:00", "Asia/Kolkata").toISOString()).toBe("2026-11-23T04:30:00.000Z");
    expect(zonedParts("2026-11-23T04:30:00.000Z", "Asia/Kolkata")).toEqual({ date: "2026-11-23", time: "10:00", weekday: 1 });
    // Just before midnight UTC is already the next day in Kolkata.
    expect(zonedParts("2026-11-22T20:00:00.000Z", "Asia/Kolkata").date).toBe("2026-11-23");
  });

  it("follows daylight saving time where a zone has it", () => {
    expect(zonedToUtc("2026-07-01", "10:00", "Europe/London").toISOString()).toBe("2026-07-01T09:00:00.000Z");
    expect(zonedToUtc("2026-12-01", "10:00", "Europe/London").toISOString()).toBe("2026-12-01T10:00:00.000Z");
  });

  it("does calendar arithmetic on plain dates", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(daysBetween("2026-11-22", "2026-12-22")).toBe(30);
    expect(weekdayOf("2026-11-22")).toBe(0);
    expect(isTimeZone("Asia/Kolkata")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });

  it("lays months out in Sunday-first weeks with the open days marked, and the fully booked ones as full", () => {
    const months = buildCalendar(
      "2026-11-22",
      "2026-12-03",
      { open: new Set(["2026-11-23", "2026-12-03"]), full: new Set(["2026-11-25", "2026-12-03"]) },
      "en",
    );
    expect(months.map((m) => m.label)).toEqual(["November 2026", "December 2026"]);
    const november = months[0]!.weeks.flat();
    // 1 November 2026 is a Sunday: no padding; 30 days then 5 empty cells.
    expect(november[0]?.date).toBe("2026-11-01");
    expect(november).toHaveLength(35);
    expect(november.filter((d) => d?.available).map((d) => d!.date)).toEqual(["2026-11-23", "2026-11-25"]);
    expect(november.filter((d) => d?.full).map((d) => d!.date)).toEqual(["2026-11-25"]);
    // A day with an open time and a full one is open, not full.
    expect(months[1]!.weeks.flat().find((d) => d?.date === "2026-12-03")).toMatchObject({ available: true, full: false });
    expect(november.find((d) => d?.date === "2026-11-23")?.label).toBe("Monday, 23 November 2026");
    const december = months[1]!.weeks.flat();
    expect(december.slice(0, 2)).toEqual([null, null]);
  });
});
