import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { deferImports, scriptsAfterPaint } from "~/scripts-after-paint.server";

// The shape React Router 7 writes (Scripts in framework mode, lazy route discovery on).
const page = [
  '<!DOCTYPE html><html lang="ar" dir="rtl"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/chunk-B.js" nonce="n0nce"/>',
  '<link rel="stylesheet" href="/assets/root.css"/></head>',
  "<body><h1>أكاديمية ستيم للأطفال</h1>",
  '<script nonce="n0nce">window.__reactRouterContext = {"a":1};</script>',
  '<script nonce="n0nce" type="module" async="">;\nimport * as route0 from "/assets/root-C.js";\nimport * as route1 from "/assets/home-D.js";\n',
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"}};\n',
  '  window.__reactRouterRouteModules = {"root":route0,"en:home":route1};\n\nimport("/assets/entry.client-A.js");</script>',
  '<script type="application/ld+json">{"@type":"Organization"}</script></body></html>',
].join("");

async function rewrite(chunks: (string | Buffer)[]): Promise<string> {
  return text(Readable.from(chunks).pipe(scriptsAfterPaint()));
}

describe("scripts after the first paint", () => {
  it("takes the module preloads out of the head and starts the imports after a frame, in parallel", async () => {
    const html = await rewrite([page]);
    expect(html).not.toContain('modulepreload" href');
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    const script = /<script nonce="n0nce" type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(script.indexOf("requestAnimationFrame")).toBeLessThan(script.indexOf("import("));
    expect(script).toContain('["/assets/entry.client-A.js","/assets/chunk-B.js"]');
    expect(script).toContain('const [route0, route1] = await Promise.all([import("/assets/root-C.js"), import("/assets/home-D.js")]);');
    expect(script).not.toMatch(/^import /m);
    // The rest of React Router's script is kept as it was.
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"en:home":route1};');
    expect(script).toContain('import("/assets/entry.client-A.js");');
    // Other scripts and the page's text are untouched.
    expect(html).toContain('<script nonce="n0nce">window.__reactRouterContext = {"a":1};</script>');
    expect(html).toContain('<script type="application/ld+json">{"@type":"Organization"}</script>');
    expect(html).toContain("<h1>أكاديمية ستيم للأطفال</h1>");
  });

  it("gives the same page however the stream is cut, also inside a tag or an Arabic letter", async () => {
    const whole = await rewrite([page]);
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut += 7) {
      expect(await rewrite([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(whole);
    }
    expect(await rewrite([...bytes].map((byte) => Buffer.from([byte])))).toBe(whole);
  });

  it("leaves a module script of another shape as it is", async () => {
    expect(deferImports('import { a } from "/x.js";\nimport * as b from "/y.js";\na(b);', [])).toBeNull();
    expect(deferImports('window.x = 1;\nimport("/z.js");', [])).toBeNull();
    const other = '<script type="module">import { a } from "/x.js";\nimport * as b from "/y.js";\na(b);</script>';
    expect(await rewrite([`<html><body>${other}</body></html>`])).toBe(`<html><body>${other}</body></html>`);
  });

  it("passes a page without React (decision 055) through unchanged: its one script is a file", async () => {
    const page =
      '<html><head><link rel="stylesheet" href="/assets/root.css"></head><body><main>x</main><script type="module" src="/assets/enhance-E.js" nonce="n0nce"></script></body></html>';
    expect(await rewrite([page])).toBe(page);
  });

  it("keeps a side-effect import in its place in the list", () => {
    const body = deferImports('import "/manifest.js";\nimport * as route0 from "/root.js";\nwindow.r = route0;', []);
    expect(body).toContain('const [, route0] = await Promise.all([import("/manifest.js"), import("/root.js")]);');
  });
});
