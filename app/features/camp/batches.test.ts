import { describe, expect, it } from "vitest";
import { campBatches } from "~server/db/seed/camps";
import { batchesFollowStart, deriveCampBatches } from "./batches";

describe("deriveCampBatches", () => {
  it("gives the specification's batches for a 1 July 2025 start, exactly as seeded", () => {
    expect(deriveCampBatches("2025-07-01")).toEqual([
      { value: "1 July - 20th July", en: "1 July to 20 July", ar: "من 1 يوليو إلى 20 يوليو" },
      { value: "21st July - 10 Aug", en: "21 July to 10 August", ar: "من 21 يوليو إلى 10 أغسطس" },
    ]);
    expect(deriveCampBatches("2025-07-01")).toEqual(campBatches);
    expect(batchesFollowStart(campBatches, "2025-07-01")).toBe(true);
  });

  it("moves with the start date, across month ends", () => {
    expect(deriveCampBatches("2026-06-15").map((b) => b.value)).toEqual(["15 June - 4th July", "5th July - 25 Jul"]);
    expect(deriveCampBatches("2026-06-15").map((b) => b.ar)).toEqual(["من 15 يونيو إلى 4 يوليو", "من 5 يوليو إلى 25 يوليو"]);
    expect(deriveCampBatches("2026-07-02").map((b) => b.value)).toEqual(["2 July - 21st July", "22nd July - 11 Aug"]);
    expect(deriveCampBatches("2026-07-03").map((b) => b.value)).toEqual(["3 July - 22nd July", "23rd July - 12 Aug"]);
  });

  it("crosses a year end", () => {
    expect(deriveCampBatches("2026-12-20")).toEqual([
      { value: "20 December - 8th January", en: "20 December to 8 January", ar: "من 20 ديسمبر إلى 8 يناير" },
      { value: "9th January - 29 Jan", en: "9 January to 29 January", ar: "من 9 يناير إلى 29 يناير" },
    ]);
  });

  it("counts 29 February in a leap year and not otherwise", () => {
    expect(deriveCampBatches("2028-02-10").map((b) => b.value)).toEqual(["10 February - 29th February", "1st March - 21 Mar"]);
    expect(deriveCampBatches("2027-02-10").map((b) => b.value)).toEqual(["10 February - 1st March", "2nd March - 22 Mar"]);
  });

  it("writes 11th to 13th, not 11st", () => {
    expect(deriveCampBatches("2026-07-23").map((b) => b.value)).toEqual(["23 July - 11th August", "12th August - 1 Sep"]);
    expect(deriveCampBatches("2026-07-24")[1]!.value).toBe("13th August - 2 Sep");
  });
});

describe("batchesFollowStart", () => {
  it("is false when the batches belong to another season or were edited", () => {
    expect(batchesFollowStart(campBatches, "2026-07-02")).toBe(false);
    // Batches name no year: the same dates next summer still match.
    expect(batchesFollowStart(campBatches, "2026-07-01")).toBe(true);
    expect(batchesFollowStart(campBatches.slice(0, 1), "2025-07-01")).toBe(false);
    expect(batchesFollowStart([campBatches[0]!, { ...campBatches[1]!, ar: "أخرى" }], "2025-07-01")).toBe(false);
    expect(batchesFollowStart([], "2025-07-01")).toBe(false);
  });
});
