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

  it("keeps brackets around Latin text with it (issue 44: «(L298N)» and «(Python)» after a number landed in the wrong place)", () => {
    // Drawn left to right; a right-to-left run's brackets are mirrored, so «( x» reads «x )» from the right.
    expect(visualRuns("محرك (L298N) للسيارة")).toEqual([
      { rtl: true, text: "( للسيارة", spaceAfter: false },
      { rtl: false, text: "L298N", spaceAfter: false },
      { rtl: true, text: "محرك )", spaceAfter: false },
    ]);
    // A number before the pair no longer pulls the opening bracket into its left-to-right run.
    expect(visualRuns("المستوى 2 (Python) جاهز").map((run) => run.text)).toEqual(["( جاهز", "Python", ")", "2", "المستوى"]);
    // A word mixing scripts is cut where the script changes: the Latin part is never reversed.
    expect(visualRuns("مشروع و(Scratch)").map((run) => [run.rtl, run.text])).toEqual([
      [true, "("],
      [false, "Scratch"],
      [true, "مشروع و)"],
    ]);
    // After Latin text the pair reads left to right with it; a trailing full stop stays at the line's end.
    expect(visualRuns("Arduino (Uno) محرك").map((run) => run.text)).toEqual(["محرك", "Arduino (Uno)"]);
    expect(visualRuns("كود (L298N).").map((run) => run.text)).toEqual(["(.", "L298N", "كود )"]);
    // Brackets holding Arabic stay in the Arabic run.
    expect(visualRuns("اسم (ليلى) هنا").map((run) => run.text)).toEqual(["اسم )ليلى( هنا"]);
  });

  it("splits a long word of punctuation in linear time (the old pattern backtracked quadratically)", () => {
    const started = performance.now();
    const runs = visualRuns(`a${"!".repeat(50_000)}a`);
    expect(performance.now() - started).toBeLessThan(200);
    expect(runs.map((run) => run.text).join("")).toHaveLength(50_002);
  });
});
