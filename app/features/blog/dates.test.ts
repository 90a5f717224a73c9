import { describe, expect, it } from "vitest";
import { formatLongDate } from "./dates";

describe("formatLongDate", () => {
  it("writes the day before the month in English (decision 112) and long Arabic dates in Arabic", () => {
    expect(formatLongDate("2026-03-14T09:00:00.000Z", "en", "Asia/Kolkata")).toBe("14 March 2026");
    expect(formatLongDate("2026-03-14T09:00:00.000Z", "ar", "Asia/Kolkata")).toBe("14 مارس 2026");
  });

  it("uses the academy's time zone for the calendar day", () => {
    expect(formatLongDate("2026-03-14T20:00:00.000Z", "en", "Asia/Kolkata")).toBe("15 March 2026");
    expect(formatLongDate("2026-03-14T20:00:00.000Z", "en")).toBe("14 March 2026");
  });

  it("survives a bad date or time zone", () => {
    expect(formatLongDate("not a date", "en")).toBe("");
    expect(formatLongDate("2026-03-14T09:00:00.000Z", "en", "Mars/Olympus")).toBe("14 March 2026");
  });
});
