import { describe, expect, it } from "vitest";
import { mergeDraft } from "./DraftNotice";
import { compareValues, valueText } from "./revision-compare.server";

const yesNo = { yes: "Yes", no: "No" };

describe("revision comparison", () => {
  it("shows content blocks, questions and yes/no as readable text", () => {
    const blocks = [
      { type: "heading", value: "Parts", level: 3 },
      { type: "list", items: ["Motor", "Battery"] },
      { type: "quote", value: "Build, test, repeat." },
      { type: "image", value: "/uploads/a.webp", alt: "A rover" },
    ];
    expect(valueText(blocks, yesNo)).toBe("### Parts\n\n• Motor\n• Battery\n\n> Build, test, repeat.\n\n[image] /uploads/a.webp — A rover");
    expect(valueText([{ questionEn: "Kit?", answerEn: "No.", questionAr: "", answerAr: "" }], yesNo)).toBe("Kit?\nNo.");
    expect(valueText(true, yesNo)).toBe("Yes");
    expect(valueText(null, yesNo)).toBe("");
  });

  it("lists only changed fields in the given order; short values without a diff, long ones word by word", () => {
    const before = { titleEn: "Old", price: 100, contentEn: [{ type: "paragraph", value: "Start small with one motor and a battery today." }], same: "x" };
    const after = { titleEn: "New", price: 120, contentEn: [{ type: "paragraph", value: "Start small with two motors and a battery today." }], same: "x" };
    const changes = compareValues(before, after, ["price", "titleEn", "contentEn", "same"], yesNo);
    expect(changes.map((c) => c.field)).toEqual(["price", "titleEn", "contentEn"]);
    expect(changes[0]).toEqual({ field: "price", before: "100", after: "120" });
    const parts = changes[2]!.parts!;
    expect(parts.filter((p) => p.kind === "removed").map((p) => p.text)).toEqual(["one", "motor"]);
    expect(parts.filter((p) => p.kind === "added").map((p) => p.text)).toEqual(["two", "motors"]);
    expect(
      parts
        .filter((p) => p.kind !== "added")
        .map((p) => p.text)
        .join(""),
    ).toBe(changes[2]!.before);
  });
});

describe("a draft merged onto the record", () => {
  const record = { titleEn: "Saved", price: 10, originalPrice: null as number | null, discounted: false, contentEn: [{ type: "paragraph", value: "a" }] };
  it("takes each draft field whose shape fits and ignores the rest", () => {
    const merged = mergeDraft(record, { titleEn: "Typed", price: null, originalPrice: 20, discounted: "yes", contentEn: ["not a block"], unknown: "x" });
    expect(merged).toEqual({ titleEn: "Typed", price: null, originalPrice: 20, discounted: false, contentEn: [{ type: "paragraph", value: "a" }] });
  });
});
