import { Transform } from "node:stream";

/**
 * Holds a page's JavaScript back until the browser has painted the server's HTML (decision 038).
 *
 * React Router writes a `<link rel="modulepreload">` into `<head>` for every module the page will
 * hydrate with, and a `<script type="module">` whose static imports fetch them. On a slow
 * connection those 20-odd scripts (about 110 KiB) share the line with the hero image, the fonts
 * and the stylesheet, so the first paint waits for code the page does not need to be read.
 *
 * This rewrite, applied to the HTML as it streams out, takes the preload links out of the head and
 * turns the module script's static imports into dynamic ones that start in the frame after the
 * first paint (at once in a tab opened in the background), preloading the same list then (so nested imports still load in parallel). What
 * the module script does afterwards is unchanged. A module script of any other shape is left as it
 * is, so a React Router upgrade that changes it costs speed, not correctness; a test watches for it.
 */
export function scriptsAfterPaint(): Transform {
  const decoder = new TextDecoder();
  let pending = "";
  const preloads: string[] = [];

  const rewrite = (html: string) =>
    html
      .replace(MODULE_PRELOAD, (tag) => {
        const href = /\shref="([^"]+)"/.exec(tag)?.[1];
        if (!href) return tag;
        preloads.push(href);
        return "";
      })
      .replace(MODULE_SCRIPT, (script, attributes: string, body: string) => {
        const deferred = deferImports(body, preloads);
        return deferred === null ? script : `<script${attributes}>${deferred}</script>`;
      });

  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const text = pending + (typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true }));
      const cut = safeEnd(text);
      pending = text.slice(cut);
      done(null, rewrite(text.slice(0, cut)));
    },
    flush(done) {
      done(null, rewrite(pending + decoder.decode()));
    },
  });
}

const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const MODULE_SCRIPT = /<script\b([^>]*\btype="module"[^>]*)>([\s\S]*?)<\/script>/g;
const STATIC_IMPORT = /^import (?:\* as ([A-Za-z_$][\w$]*) from )?("[^"\\]+");?[ \t]*$/gm;

/**
 * Where a chunk can be cut without splitting something the rewrite must see whole: an unfinished
 * tag, or a module script whose end has not arrived yet.
 */
function safeEnd(text: string): number {
  const openScript = text.lastIndexOf("<script");
  if (openScript >= 0 && text.indexOf("</script>", openScript) < 0) return openScript;
  const openTag = text.lastIndexOf("<");
  if (openTag >= 0 && text.indexOf(">", openTag) < 0) return openTag;
  return text.length;
}

/** The module script's body with its static imports started after the first paint, or null. */
export function deferImports(body: string, preloads: readonly string[]): string | null {
  const imports: { name: string | undefined; from: string }[] = [];
  const rest = body.replace(STATIC_IMPORT, (_line, name: string | undefined, from: string) => {
    imports.push({ name, from });
    return "";
  });
  // Anything else importing statically would run before our wait: leave such a script alone.
  if (imports.length === 0 || /^\s*import[\s{*"']/m.test(rest) || /^\s*export\b/m.test(rest)) return null;
  const names = imports.map((entry) => entry.name ?? "").join(", ");
  const modules = imports.map((entry) => `import(${entry.from})`).join(", ");
  return [
    // The frame after the first paint; a tab opened in the background paints nothing and gets no frames.
    'await new Promise((go) => (document.visibilityState === "visible" ? requestAnimationFrame(() => setTimeout(go, 0)) : go()));',
    `for (const href of ${JSON.stringify(preloads).replaceAll("<", "\\u003c")}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `const [${names}] = await Promise.all([${modules}]);`,
    rest,
  ].join("\n");
}
