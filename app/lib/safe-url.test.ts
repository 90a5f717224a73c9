import { describe, expect, it } from "vitest";
import { absoluteUrl, safeUrl } from "./safe-url";

describe("safeUrl", () => {
  it.each([
    ["/images/blog/a.svg", "/images/blog/a.svg"],
    ["/uploads/2026/photo.png", "/uploads/2026/photo.png"],
    ["https://cdn.example.com/a.png", "https://cdn.example.com/a.png"],
    ["  http://example.com/x.jpg ", "http://example.com/x.jpg"],
    ["HTTPS://Example.com/A.png", "https://example.com/A.png"],
  ])("accepts %s", (input, expected) => {
    expect(safeUrl(input)).toBe(expected);
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    " javascript:alert(1)",
    "data:image/svg+xml;base64,PHN2Zz4=",
    "vbscript:msgbox",
    "//evil.example/x.png",
    "/\\evil.example/x.png",
    "/admin/x.png",
    "images/a.png",
    "/images/",
    "/images//evil.example",
    'https://example.com/a.png"onerror=alert(1)',
    "https://example.com/<script>",
    "http://",
    "",
    42,
    null,
    undefined,
    { href: "https://example.com" },
  ])("refuses %s", (input) => {
    expect(safeUrl(input)).toBeUndefined();
  });
});

describe("absoluteUrl", () => {
  it("prefixes site paths with the public URL and keeps absolute ones", () => {
    expect(absoluteUrl("https://stem.example", "/images/a.svg")).toBe("https://stem.example/images/a.svg");
    expect(absoluteUrl("https://stem.example", "https://cdn.example/a.svg")).toBe("https://cdn.example/a.svg");
    expect(absoluteUrl("https://stem.example", "javascript:alert(1)")).toBeUndefined();
  });
});
