import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify", () => {
  it("makes a readable Latin address from an Arabic title (issue 16, defect 11)", () => {
    const slug = slugify("لماذا الروبوتات مهمة للأطفال");
    expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(slug.split("-")).toHaveLength(4);
  });

  it("keeps English words, drops accents and punctuation", () => {
    expect(slugify("  Why Robotics Matters — for Kids!  ")).toBe("why-robotics-matters-for-kids");
    expect(slugify("Crème brûlée 101")).toBe("creme-brulee-101");
  });

  it("gives an empty slug for text with nothing to spell", () => {
    expect(slugify("!!! ???")).toBe("");
  });
});
