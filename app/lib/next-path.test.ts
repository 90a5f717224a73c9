import { describe, expect, it } from "vitest";
import { safeAdminPath, safeLocalPath } from "~/lib/next-path";

describe("safeLocalPath", () => {
  it.each([
    ["/", "/"],
    ["/ar/courses?x=1#top", "/ar/courses?x=1#top"],
    ["/admin/../courses", "/courses"],
  ])("keeps the site path %s", (input, expected) => {
    expect(safeLocalPath(input)).toBe(expected);
  });

  // Each of these normalises to "//evil.example" (another host): issue 11.
  it.each(["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/%2E%2E//evil.example", "/./\\evil.example", "/a/..//evil.example"])(
    "refuses %s, whose normalised form leaves the site",
    (input) => {
      expect(safeLocalPath(input)).toBeNull();
      expect(safeAdminPath(input)).toBeNull();
    },
  );

  it.each(["//evil.example", "/\\evil.example", "https://evil.example/", "javascript:alert(1)", "courses", "/a\nb", "", 42, null, "/" + "x".repeat(600)])(
    "refuses %s",
    (input) => {
      expect(safeLocalPath(input)).toBeNull();
    },
  );
});

describe("safeAdminPath", () => {
  it("accepts admin paths in both languages", () => {
    expect(safeAdminPath("/admin")).toBe("/admin");
    expect(safeAdminPath("/admin/courses?page=2")).toBe("/admin/courses?page=2");
    expect(safeAdminPath("/ar/admin/users")).toBe("/ar/admin/users");
  });
  it("refuses paths outside the admin area", () => {
    expect(safeAdminPath("/administrator")).toBeNull();
    expect(safeAdminPath("/courses")).toBeNull();
    expect(safeAdminPath("/admin/../courses")).toBeNull();
    expect(safeAdminPath("//evil.example/admin")).toBeNull();
  });
});
