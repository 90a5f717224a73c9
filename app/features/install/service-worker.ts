/**
 * The service worker, served at /sw.js (issue 45, decision 131), built by vite.config.ts into the
 * client build with BUILD_ID replaced by the build's id (a hash of its file names): a deploy is a
 * new worker, whose caches are new and which deletes the old ones when it takes over.
 *
 * What it keeps: the family's own pages only (the timetable on /account, the children's class
 * passes on /account/passes, the invoices on /account/invoices, in both languages), each time the
 * server sends them, so the last ones seen open offline; with the invoices page, the PDFs of the
 * last few invoices it lists (decision 143). Online, the network always answers (no stale page).
 * A role that may not see bills (pickup, view only) is answered 403 there, so nothing of them is
 * kept, and a 403 or any other refusal deletes what was kept. Everything else (every public
 * page, the API, the build's files, which the browser's HTTP cache keeps for a year anyway) is not
 * touched: where the browser supports it, a static route sends it to the network without even
 * starting the worker.
 *
 * Whose pages: the server marks every answer to a signed-in visitor with X-Family-Cache, an opaque
 * key of the account (an HMAC, server/http/family-cache-key.ts). The pages go into the cache of
 * that key; an answer with another key, or none (signed out, the session ended elsewhere), deletes
 * every other family cache first. Signing in, up or out (any non-GET request to those paths, and
 * Google's sign-in) deletes them before the request even leaves, and the sign-out also ends this
 * browser's push subscription. So a second family on the same browser never gets the first one's pages.
 */
interface WorkerScope {
  location: Location;
  registration: { pushManager: PushManager; showNotification(title: string, options?: NotificationOptions): Promise<void> };
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: "window" }): Promise<{ url: string; focus(): Promise<unknown>; navigate?(url: string): Promise<unknown> }[]>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: string, listener: (event: never) => void): void;
}
interface ExtendableEvent {
  waitUntil(promise: Promise<unknown>): void;
}
interface InstallEvent extends ExtendableEvent {
  addRoutes?: (routes: unknown) => Promise<void>;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: { close(): void; data?: { url?: string } };
}

const worker = globalThis as unknown as WorkerScope;
const VERSION = "__BUILD_ID__";
const FAMILY = "family-";
const familyCache = (owner: string) => `${FAMILY}${VERSION}-${owner}`;
/** The family's pages kept for offline reading: the account (its timetable), the class passes and the invoices. */
const FAMILY_PAGES = /^(?:\/ar)?\/account(?:\/invoices|\/passes)?\/?$/;
const INVOICES_PAGE = /^(?:\/ar)?\/account\/invoices\/?$/;
/** An invoice's PDF on the family's invoices page (billing's accountInvoicePdfPath). */
const INVOICE_PDF = /^(?:\/ar)?\/account\/invoices\/\d{1,10}\/pdf$/;
/** How many of the newest invoices' PDFs are kept with the invoices page. */
const KEPT_PDFS = 5;
/** Requests that sign someone in, up or out. */
const SESSION_CHANGE =
  /^(?:\/ar)?\/(?:login|logout|signup|reset-password|admin\/login(?:\/second-factor)?|admin\/invite|admin\/setup)(?:\.data)?$|^\/api\/(?:logout-user|signup|admin\/login|login\/second-factor|passkeys\/login|account\/delete|account\/sessions(?:\/[^/]+)?)$|^\/auth\/google/;
const SIGN_OUT = /^(?:\/ar)?\/logout(?:\.data)?$|^\/api\/logout-user$/;

async function dropFamilyCaches(keep?: string) {
  for (const name of await caches.keys()) if (name.startsWith(FAMILY) && name !== keep) await caches.delete(name);
}

async function signedOut() {
  await dropFamilyCaches();
  // The family's notifications stop reaching this browser (the push service then answers 410 and the server forgets it).
  const subscription = await worker.registration.pushManager?.getSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => false);
}

worker.addEventListener("install", (event: InstallEvent) => {
  const routes = [
    // Nothing but the family's pages and the sign-in and sign-out requests wakes the worker.
    {
      condition: {
        not: {
          or: [
            { urlPattern: "/account{/invoices}?" },
            { urlPattern: "/ar/account{/invoices}?" },
            { urlPattern: "/account/passes" },
            { urlPattern: "/ar/account/passes" },
            { urlPattern: "/account/invoices/:id/pdf" },
            { urlPattern: "/ar/account/invoices/:id/pdf" },
            { requestMethod: "post" },
            { urlPattern: "/auth/google*" },
            { urlPattern: "/logout*" },
            { urlPattern: "/ar/logout*" },
          ],
        },
      },
      source: "network",
    },
  ];
  event.waitUntil(Promise.all([worker.skipWaiting(), addRoutes(event, routes)]));
});

/** Static routing (Chrome 123+); a browser without it, or without `not`/`or`, sends every request through the worker, which passes them on. */
async function addRoutes(event: InstallEvent, routes: unknown) {
  try {
    await event.addRoutes?.(routes);
  } catch {
    // Unsupported conditions: the fetch handler below decides instead.
  }
}

worker.addEventListener("activate", (event: ExtendableEvent) => {
  event.waitUntil(
    (async () => {
      // A new build: the last build's caches go (their pages were rendered by the old code).
      for (const name of await caches.keys()) if (!name.includes(`-${VERSION}-`)) await caches.delete(name);
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener("fetch", (event: FetchEvent) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.method !== "GET" || url.pathname.startsWith("/auth/google")) {
    if (!SESSION_CHANGE.test(url.pathname)) return;
    event.respondWith((SIGN_OUT.test(url.pathname) ? signedOut() : dropFamilyCaches()).then(() => fetch(request)));
    return;
  }
  if (request.mode === "navigate" && (FAMILY_PAGES.test(url.pathname) || INVOICE_PDF.test(url.pathname))) event.respondWith(familyPage(event, url));
});

/** The owner's key an answer of ours carries, if any. */
const ownerOf = (response: Response) => {
  const owner = response.type === "basic" ? response.headers.get("x-family-cache") : null;
  return owner && /^[\w-]{8,64}$/.test(owner) ? owner : null;
};

/**
 * With the invoices page just stored: the PDFs of the newest invoices it lists (newest first, as
 * the page sorts them) fetched into the same cache, each only if answered for the same account;
 * PDFs no longer among them are deleted.
 */
async function keepInvoicePdfs(cache: Cache, owner: string, html: string) {
  const wanted = [...new Set([...html.matchAll(/href="((?:\/ar)?\/account\/invoices\/\d{1,10}\/pdf)"/g)].map((match) => match[1]!))].slice(0, KEPT_PDFS);
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (INVOICE_PDF.test(path) && !wanted.includes(path)) await cache.delete(request);
  }
  for (const path of wanted) {
    const answer = await fetch(path, { credentials: "same-origin" }).catch(() => null);
    if (answer?.status === 200 && ownerOf(answer) === owner) await cache.put(path, answer);
  }
}

/** The account may no longer see its bills (a role changed): the invoices page and its PDFs go. */
async function dropInvoices(cache: Cache) {
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (INVOICES_PAGE.test(path) || INVOICE_PDF.test(path)) await cache.delete(request);
  }
}

async function familyPage(event: FetchEvent, url: URL): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(event.request);
  } catch {
    // Offline: the last copy of this page, if the one family cache (this build's) has it.
    const names = (await caches.keys()).filter((name) => name.startsWith(`${FAMILY}${VERSION}-`));
    const kept = names.length === 1 ? await (await caches.open(names[0]!)).match(url.pathname) : undefined;
    return kept ?? Response.error();
  }
  const owner = ownerOf(response);
  if (!owner) {
    // Not signed in (a redirect to the sign-in page), or signed out elsewhere: nothing of anyone stays.
    event.waitUntil(dropFamilyCaches());
    return response;
  }
  const pdf = INVOICE_PDF.test(url.pathname);
  const copy = response.status === 200 ? response.clone() : null;
  event.waitUntil(
    (async () => {
      await dropFamilyCaches(familyCache(owner));
      const cache = await caches.open(familyCache(owner));
      if (!copy) {
        // Refused to this account now (403: its role no longer reads bills): what was kept of it goes.
        if (pdf || INVOICES_PAGE.test(url.pathname)) await dropInvoices(cache);
        return;
      }
      // A PDF is refreshed only when it is one of those kept (the invoices page chooses them).
      if (pdf) {
        if (await cache.match(url.pathname)) await cache.put(url.pathname, copy);
        return;
      }
      if (INVOICES_PAGE.test(url.pathname)) {
        const html = await copy.clone().text();
        await cache.put(url.pathname, copy);
        await keepInvoicePdfs(cache, owner, html);
      } else await cache.put(url.pathname, copy);
    })(),
  );
  return response;
}

worker.addEventListener("push", (event: PushEvent) => {
  const data = (event.data?.json() ?? {}) as { title?: string; body?: string; url?: string; tag?: string; lang?: string; dir?: NotificationDirection };
  if (!data.title) return;
  event.waitUntil(
    worker.registration.showNotification(data.title, {
      body: data.body,
      tag: data.tag,
      lang: data.lang,
      dir: data.dir,
      icon: "/icons/icon-192.png",
      data: { url: data.url },
    }),
  );
});

worker.addEventListener("notificationclick", (event: NotificationEvent) => {
  event.notification.close();
  const path = event.notification.data?.url ?? "/account";
  const target = new URL(path.startsWith("/") ? path : "/account", worker.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = (await worker.clients.matchAll({ type: "window" })).find((client) => client.url === target);
      return open ? open.focus() : worker.clients.openWindow(target);
    })(),
  );
});
