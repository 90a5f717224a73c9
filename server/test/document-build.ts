import type { ServerBuild } from "react-router";
import { testBuild } from "./action-only-build";

/**
 * A page build of one catch-all route whose document is a known HTML page (about 60 KB, so
 * compression matters), numbered per render. Tests of the page cache run it behind the real
 * Express app and React Router handler, so every step between the visitor and the page is real.
 */
export function documentBuild(): { build: ServerBuild; renders: () => number; page: (render: number, path: string) => string } {
  let renders = 0;
  const page = (render: number, path: string) =>
    `<!DOCTYPE html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>أكاديمية STEM</title></head><body><main><h1>${path}</h1>` +
    `<p data-render="${render}">الصفحة رقم ${render}</p>${"<p>دورات البرمجة والروبوتات للأطفال — coding and robotics for children.</p>".repeat(600)}</main></body></html>`;
  const build = testBuild(
    {
      root: { id: "root", path: "", module: { default: () => null } },
      page: { id: "page", parentId: "root", path: "*", module: { default: () => null } },
    },
    (request, status, headers) => {
      renders += 1;
      headers.set("content-type", "text/html; charset=utf-8");
      return new Response(page(renders, new URL(request.url).pathname), { status, headers });
    },
  );
  return { build, renders: () => renders, page };
}
