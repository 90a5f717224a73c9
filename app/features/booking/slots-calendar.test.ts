import { describe, expect, it } from "vitest";
import { calendarFrame, calendarHours, parseCreateParam, weekStart } from "./slots-calendar";

describe("the staff slots calendar's frame", () => {
  it("starts weeks on Sunday and moves by a week or a day", () => {
    expect(weekStart("2026-11-24")).toBe("2026-11-22");
    expect(weekStart("2026-11-22")).toBe("2026-11-22");
    const week = calendarFrame("week", "2026-11-22", { date: "2026-11-24", time: "10:30" }, "en");
    expect([week.from, week.to, week.previous, week.next]).toEqual(["2026-11-22", "2026-11-28", "2026-11-15", "2026-11-29"]);
    expect(week.days.map((day) => [day.today, day.past])).toEqual([
      [false, true],
      [false, true],
      [true, false],
      [false, false],
      [false, false],
      [false, false],
      [false, false],
    ]);
    expect(week.days[2]!.heading).toBe("Tue 24 Nov");
    const day = calendarFrame("day", "2026-12-31", { date: "2026-11-24", time: "10:30" }, "ar");
    expect([day.from, day.to, day.previous, day.next, day.days.length]).toEqual(["2026-12-31", "2026-12-31", "2026-12-30", "2027-01-01", 1]);
    expect(day.days[0]!.label).toContain("2026");
  });

  it("shows the opening hours plus any hour holding a slot", () => {
    expect(calendarHours([])).toEqual(["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"]);
    expect(calendarHours(["07:30", "10:15", "19:00"])).toEqual([
      "07:00",
      "09:00",
      "10:00",
      "11:00",
      "12:00",
      "13:00",
      "14:00",
      "15:00",
      "16:00",
      "17:00",
      "19:00",
    ]);
  });

  it("reads ?create= only as a real date and time", () => {
    expect(parseCreateParam("2026-11-24T10:00")).toEqual({ date: "2026-11-24", time: "10:00" });
    for (const value of [null, "", "2026-13-01T10:00", "2026-11-24T24:00", "2026-11-24 10:00", "2026-11-24T10:00Z", "<script>"])
      expect(parseCreateParam(value)).toBeNull();
  });
});
