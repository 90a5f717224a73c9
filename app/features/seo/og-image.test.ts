import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ogImage } from "./og-image.server";

const size = async (png: Buffer) => {
  const { width, height, format } = await sharp(png).metadata();
  return { width, height, format };
};

describe("link-preview images", () => {
  it("renders a site SVG as a 1200x630 PNG", async () => {
    expect(await size(await ogImage("/images/blog/why-robotics-matters-for-kids.svg", "/nonexistent"))).toEqual({ width: 1200, height: 630, format: "png" });
  });

  it("gives the default card for anything that is not a site picture, never reading it", async () => {
    const fallback = await ogImage("", "/nonexistent");
    expect(await size(fallback)).toEqual({ width: 1200, height: 630, format: "png" });
    for (const src of ["/images/../../package.json", "/etc/passwd", "https://example.com/a.png", "/images/blog/missing.svg", "/uploads/..%2f..%2fx.png"]) {
      expect((await ogImage(src, "/nonexistent")).equals(fallback), src).toBe(true);
    }
  });
});
