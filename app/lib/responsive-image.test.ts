import { describe, expect, it } from "vitest";
import { imageSizes, responsiveImage } from "./responsive-image";

describe("responsiveImage", () => {
  it("lists every stored copy of an upload up to the kept one", () => {
    expect(responsiveImage("/uploads/0123456789abcdef01234567-1280.webp", imageSizes.card)).toEqual({
      srcSet:
        "/uploads/0123456789abcdef01234567-320.webp 320w, /uploads/0123456789abcdef01234567-640.webp 640w, /uploads/0123456789abcdef01234567-1280.webp 1280w",
      sizes: imageSizes.card,
    });
  });

  it("stops at the original's width when the upload was smaller than the largest copy", () => {
    expect(responsiveImage("https://bucket.example.com/media/0123456789abcdef01234567-900.webp", "96px").srcSet).toBe(
      "https://bucket.example.com/media/0123456789abcdef01234567-320.webp 320w, https://bucket.example.com/media/0123456789abcdef01234567-640.webp 640w, https://bucket.example.com/media/0123456789abcdef01234567-900.webp 900w",
    );
    expect(responsiveImage("/uploads/0123456789abcdef01234567-120.webp", "96px").srcSet).toBe("/uploads/0123456789abcdef01234567-120.webp 120w");
  });

  it("leaves other images alone", () => {
    expect(responsiveImage("/images/courses/robotics.svg", imageSizes.card)).toEqual({});
    expect(responsiveImage("https://example.com/photo-640.webp", imageSizes.card)).toEqual({});
  });
});
