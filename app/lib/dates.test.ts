import { describe, expect, it } from "vitest";
import { formatDateTime, formatTime } from "~/features/admin-kit/format";
import { formatDateLabel, formatDateTimeLabel, formatDayHeading } from "~/kernel/slot-format";
import { formatCalendarDay, formatInstant } from "./dates";
import { formatMoney, plainMoney } from "./money";

/** Issue 42 step 7 (decision 112): one date per language, day before month in English, one 24-hour clock, amounts isolated. */
describe("dates written one way", () => {
  it("writes the day before the month in English and the month's name in Arabic, never ISO", () => {
    expect(formatCalendarDay("2026-12-05", "en")).toBe("5 Dec 2026");
    expect(formatCalendarDay("2026-12-05", "ar")).toBe("5 ديسمبر 2026");
    expect(formatDateLabel("2026-12-12T06:30:00Z", "Asia/Dubai", "en")).toBe("Saturday, 12 December 2026");
    expect(formatDayHeading("2026-11-24", "en")).toBe("Tue 24 Nov");
  });

  it("uses a 24-hour clock in both languages (no «م» nor PM)", () => {
    const instant = "2026-11-28T15:37:00Z";
    expect(formatInstant(instant, "en", "Asia/Dubai")).toBe("28 Nov 2026, 19:37");
    expect(formatInstant(instant, "ar", "Asia/Dubai")).toBe("28 نوفمبر 2026، 19:37");
    expect(formatDateTime(instant, "ar", "Asia/Dubai")).toBe("28 نوفمبر 2026، 19:37");
    expect(formatTime(instant, "ar", "Asia/Dubai")).toBe("19:37");
    expect(formatDateTimeLabel(instant, "Asia/Dubai", "ar")).toMatch(/، الساعة 19:37$/);
    for (const lang of ["en", "ar"] as const) expect(formatInstant(instant, lang, "Asia/Dubai")).not.toMatch(/[ap]m|[صم]\b/i);
  });

  it("survives a bad instant or time zone", () => {
    expect(formatInstant("not a date", "en")).toBe("not a date");
    expect(formatInstant("2026-11-28T15:37:00Z", "en", "Mars/Olympus")).toBe("28 Nov 2026, 15:37");
    expect(formatCalendarDay("nope", "ar")).toBe("nope");
  });
});

describe("money written one way", () => {
  it("isolates every amount left to right at the formatter, without Intl's right-to-left mark", () => {
    expect(formatMoney(499_600, "USD", "ar")).toBe("\u20664,996\u00a0US$\u2069");
    expect(formatMoney(499_600, "USD", "en")).toBe("\u2066$4,996\u2069");
    expect(plainMoney(499_600, "USD", "ar")).toBe("4,996\u00a0US$");
    expect(plainMoney(45_000, "KWD", "ar")).not.toMatch(/[\u061C\u200E\u200F]/);
  });
});
