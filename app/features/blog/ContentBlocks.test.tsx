import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ContentBlocks } from "./ContentBlocks";
import { headingRank, normalizeBlocks } from "./content-blocks";

const render = (blocks: unknown) => renderToStaticMarkup(<ContentBlocks blocks={blocks} className="c" />);

describe("ContentBlocks", () => {
  it("gives an image block without alt text the media library's, and keeps a block's own", () => {
    const upload = "/uploads/0123456789abcdef01234567-640.webp";
    const html = renderToStaticMarkup(
      <ContentBlocks
        blocks={[
          { type: "image", value: upload, alt: "" },
          { type: "image", value: upload, alt: "Own words" },
          { type: "image", value: "/images/blog/a.svg", alt: "" },
        ]}
        libraryAlts={{ [upload]: "Children with a robot" }}
      />,
    );
    expect([...html.matchAll(/alt="([^"]*)"/g)].map((m) => m[1])).toEqual(["Children with a robot", "Own words", ""]);
    // The library's text is not turned into a visible caption.
    expect([...html.matchAll(/<figcaption[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual(["Own words"]);
  });

  it("renders every block type with its element", () => {
    const html = render([
      { type: "paragraph", value: "Hello" },
      { type: "heading", value: "Section", level: 2 },
      { type: "heading", value: "Sub", level: 3 },
      { type: "image", value: "/images/blog/a.svg", alt: "A robot" },
      { type: "list", items: ["one", "two"] },
      { type: "quote", value: "Wise words" },
      { type: "code", value: "print('hi')" },
    ]);
    expect(html).toBe(
      '<div class="c"><p>Hello</p>' +
        '<h2 class="pt-4 text-2xl font-bold text-slate-900">Section</h2>' +
        '<h3 class="pt-4 text-2xl font-bold text-slate-900">Sub</h3>' +
        '<figure class="my-6"><img src="/images/blog/a.svg" alt="A robot" loading="lazy" class="w-full rounded-xl border border-slate-200"/>' +
        '<figcaption class="mt-2 text-center text-sm text-slate-600">A robot</figcaption></figure>' +
        '<ul class="list-disc space-y-2 ps-6"><li>one</li><li>two</li></ul>' +
        '<blockquote class="border-s-4 border-indigo-400 bg-indigo-50 px-5 py-3 italic text-slate-800"><p>Wise words</p></blockquote>' +
        '<pre dir="ltr" class="overflow-x-auto rounded-xl bg-slate-900 p-4 text-left text-sm leading-6 text-slate-100"><code>print(&#x27;hi&#x27;)</code></pre></div>',
    );
  });

  it("shows markup in the content as text and drops unsafe image URLs", () => {
    const html = render([
      { type: "paragraph", value: "<script>window.__pwned=1</script>" },
      { type: "heading", value: '<img src=x onerror="alert(1)">' },
      { type: "image", value: "javascript:alert(1)", alt: "bad" },
      { type: "image", value: "data:text/html,<script>alert(1)</script>", alt: "bad" },
      { type: "code", value: "</code></pre><script>alert(1)</script>" },
      { type: "list", items: ["<b>bold?</b>", 42, null] },
    ]);
    expect(html).not.toMatch(/<script|<img|<b>|javascript:|data:/);
    expect(html).toContain("&lt;script&gt;window.__pwned=1&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain("<li>&lt;b&gt;bold?&lt;/b&gt;</li></ul>");
  });

  it("ignores unknown and malformed blocks and bad JSON", () => {
    expect(
      normalizeBlocks('[{"type":"video","value":"x"},{"type":"paragraph"},{"type":"list","items":"no"},null,"text",{"type":"quote","value":"ok"}]'),
    ).toEqual([{ type: "quote", value: "ok" }]);
    expect(normalizeBlocks("{not json")).toEqual([]);
    expect(normalizeBlocks({ type: "paragraph", value: "not an array" })).toEqual([]);
    expect(render("nope")).toBe('<div class="c"></div>');
  });

  it("gives headings level 2 by default and ranks them below the page's h1", () => {
    const blocks = normalizeBlocks([
      { type: "heading", value: "Top", level: 1 },
      { type: "heading", value: "Default" },
      { type: "heading", value: "Odd", level: 9 },
      { type: "heading", value: "Deep", level: 6 },
    ]);
    expect(blocks.map((b) => (b.type === "heading" ? b.level : 0))).toEqual([1, 2, 2, 6]);
    expect(blocks.map((b) => (b.type === "heading" ? headingRank(b.level, blocks) : 0))).toEqual([2, 3, 3, 6]);
    const html = render([
      { type: "heading", value: "A", level: 3 },
      { type: "heading", value: "B", level: 4 },
    ]);
    expect(html).toMatch(/<h2[^>]*>A<\/h2><h3[^>]*>B<\/h3>/);
  });
});
