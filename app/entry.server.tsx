import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, ServerRouter } from "react-router";
import { resourcesOf } from "~/i18n/resources.server";
import { ServerTranslations } from "~/i18n/translations";
import { scriptsAfterPaint } from "~/scripts-after-paint.server";

export const streamTimeout = 5_000;

/**
 * Server rendering with the request's CSP nonce on every script React Router emits; the page's
 * JavaScript starts loading after the first paint (scripts-after-paint.server.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Crawlers and link-preview bots get the whole page at once.
    const readyEvent = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    // The layout renders from the server's texts; the browser gets their files' URLs (decision 070).
    const app = (
      <ServerTranslations.Provider value={resourcesOf}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ServerTranslations.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      // React outlines a finished Suspense boundary once the page passes this many bytes, and only
      // a script reveals it: without JavaScript the footer's form would stay hidden (issue 14).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      [readyEvent]() {
        shellRendered = true;
        const body = scriptsAfterPaint();
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError: reject,
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
