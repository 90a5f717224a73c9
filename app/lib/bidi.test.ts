import { describe, expect, it } from "vitest";
import { mirrorBrackets, visualRuns } from "./bidi";

describe("visualRuns (one right-to-left line, drawn left to right)", () => {
  it("puts Arabic words in one run and keeps numbers and Latin words in reading order", () => {
    expect(visualRuns("إضاءة مصابيح LED بالبطاريات")).toEqual([
      { rtl: true, text: "بالبطاريات", spaceAfter: true },
      { rtl: false, text: "LED", spaceAfter: true },
      { rtl: true, text: "إضاءة مصابيح", spaceAfter: false },
    ]);
    expect(visualRuns("من 21 يوليو إلى 10 أغسطس").map((run) => run.text)).toEqual(["أغسطس", "10", "يوليو إلى", "21", "من"]);
  });

  it("keeps a phone number's leading + at the start of the number (review row 3: it landed at the far end)", () => {
    expect(visualRuns("اتصل بنا على +91 98765 43210 أو راسلنا").map((run) => run.text)).toEqual(["أو راسلنا", "+91 98765 43210", "اتصل بنا على"]);
  });

  it("keeps a dash between Latin words with them and gives other neutrals to the Arabic text", () => {
    expect(visualRuns("أهلًا Grade 2 - 5 بكم").map((run) => run.text)).toEqual(["بكم", "Grade 2 - 5", "أهلًا"]);
    expect(visualRuns("مخيم الصغار — من الصف").map((run) => run.text)).toEqual(["مخيم الصغار — من الصف"]);
  });

  it("detaches brackets glued to numbers and mirrors them for the reversed Arabic run", () => {
    const runs = visualRuns("خصم 50%)");
    expect(runs).toEqual([
      { rtl: true, text: "(", spaceAfter: false },
      { rtl: false, text: "50%", spaceAfter: true },
      { rtl: true, text: "خصم", spaceAfter: false },
    ]);
    expect(mirrorBrackets("(نص) [x]")).toBe(")نص( ]x[");
  });

  it("splits a long word of punctuation in linear time (the old pattern backtracked quadratically)", () => {
    const started = performance.now();
    const runs = visualRuns(`a${"!".repeat(50_000)}a`);
    expect(performance.now() - started).toBeLessThan(200);
    expect(runs.map((run) => run.text).join("")).toHaveLength(50_002);
  });
});
