import { describe, expect, it } from "vitest";
import { buildIcs, escapeText, foldLine } from "./ics";

describe("iCalendar file", () => {
  it("escapes backslashes, semicolons, commas and line breaks in text", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("folds lines at 75 octets without splitting a character", () => {
    const arabic = "حصة تجريبية ".repeat(10);
    const folded = foldLine(`SUMMARY:${arabic}`);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(" "))).toBe(true);
    expect(lines.map((line, i) => (i === 0 ? line : line.slice(1))).join("")).toBe(`SUMMARY:${arabic}`);
  });

  it("builds one event in UTC with CRLF line ends", () => {
    const ics = buildIcs({
      uid: "ref@example.com",
      start: new Date("2026-11-23T04:30:00.000Z"),
      end: new Date("2026-11-23T05:30:00.000Z"),
      stamp: new Date("2026-11-22T08:00:00.000Z"),
      summary: "Demo class: Robotics, basics",
      description: "Line one\nLine two",
      location: "Noida; India",
    });
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
    expect(ics).toContain("\r\nDTSTART:20261123T043000Z\r\n");
    expect(ics).toContain("\r\nDTEND:20261123T053000Z\r\n");
    expect(ics).toContain("\r\nDTSTAMP:20261122T080000Z\r\n");
    expect(ics).toContain("\r\nSUMMARY:Demo class: Robotics\\, basics\r\n");
    expect(ics).toContain("\r\nDESCRIPTION:Line one\\nLine two\r\n");
    expect(ics).toContain("\r\nLOCATION:Noida\\; India\r\n");
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/\n/);
  });
});
