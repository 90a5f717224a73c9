import { describe, expect, it } from "vitest";
import { isBlogSlug, pageFrom, postsFromBody } from "./blog-post";

describe("blog list helpers", () => {
  it("reads the list as a plain array, a data array or a blogs array, else empty (spec section 7)", () => {
    const post = { slug: "a" };
    expect(postsFromBody([post])).toEqual([post]);
    expect(postsFromBody({ data: [post] })).toEqual([post]);
    expect(postsFromBody({ blogs: [post] })).toEqual([post]);
    expect(postsFromBody({ posts: [post] })).toEqual([]);
    expect(postsFromBody("nope")).toEqual([]);
    expect(postsFromBody(null)).toEqual([]);
  });

  it("takes ?page as a positive whole number, else 1", () => {
    expect(pageFrom("3")).toBe(3);
    for (const value of [null, "", "0", "-2", "1.5", "abc", "1e3", "9999999"]) expect(pageFrom(value)).toBe(1);
  });

  it("accepts lower-case hyphenated slugs only", () => {
    expect(isBlogSlug("why-robotics-matters-for-kids")).toBe(true);
    for (const slug of ["", "Upper", "a--b", "-a", "a_b", "a/b", "rss.xml", "x".repeat(201)]) expect(isBlogSlug(slug)).toBe(false);
  });
});
