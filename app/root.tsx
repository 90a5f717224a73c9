import { lazy, Suspense, useContext, useEffect, useMemo, type ReactNode } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import cairoArabic400 from "@fontsource/cairo/files/cairo-arabic-400-normal.woff2?url";
import cairoArabic700 from "@fontsource/cairo/files/cairo-arabic-700-normal.woff2?url";
import cairoLatin400 from "@fontsource/cairo/files/cairo-latin-400-normal.woff2?url";
import cairoLatin700 from "@fontsource/cairo/files/cairo-latin-700-normal.woff2?url";
import { listCourses } from "./features/courses/courses.server";
import { getSiteSettings } from "./features/site/site.server";
import { pickPair } from "./i18n/localized";
import { createI18n } from "./i18n/i18n";
import { dirOf, langFromPath, localizePath, remembersArabic, stripLang } from "./i18n/lang";
import { unusedNamespaces } from "./i18n/namespaces";
import { inlineTexts } from "./i18n/resources.server";
import { loadedResources, loadTranslations, ServerTranslations, translationsFor } from "./i18n/translations";
import { StaffBar } from "./features/admin/StaffBar";
import { Footer } from "./ui/Footer";
import { pageTexts } from "./features/site/page-sections.server";
import { FormNotice } from "./ui/FormNotice";
import { Navbar } from "./ui/Navbar";
import { NotFound } from "./ui/NotFound";
import { SmoothScroll } from "./ui/SmoothScroll";
import { WhatsAppButton } from "./ui/WhatsAppButton";
import { useToastsWanted } from "./ui/toast";
import { ToastTemplate } from "./ui/ToastTemplate";
// Bundled and hashed on its own (Vite's worker bundling; decision 055): the one script of a static page.
import enhanceScript from "./enhance/enhance.ts?worker&url";

// Toasts only appear after something is done on the page: their library loads with the first one.
const Toasts = lazy(() => import("./ui/Toasts"));

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  // The language switch remembers Arabic for the bare home page.
  if (url.pathname === "/" && remembersArabic(request.headers.get("cookie"))) {
    throw redirect(`/ar${url.search}`);
  }
  const [settings, courses, siteTexts] = await Promise.all([getSiteSettings(context.db), listCourses(context.db, lang), pageTexts(context.db, ["site"], lang)]);
  return {
    lang,
    // The page's translation files (URLs), not their texts (decision 070).
    translations: translationsFor(lang, unusedNamespaces(url.pathname), inlineTexts(lang)),
    settings,
    programs: courses.map((course) => ({ slug: course.slug, name: course.courseName })),
    /** The staff-edited texts every page may show: the academy's numbers and the footer's about text (decision 058). */
    siteTexts,
    user: context.user ? { username: context.user.username, email: context.user.email, role: context.user.role } : null,
    sessionKind: context.user ? context.sessionKind : null,
    googleSignIn: context.config.google !== null,
    publicUrl: context.config.publicUrl,
    nonce: context.cspNonce,
  };
}

/**
 * In the browser, after a navigation's root data: the translation files it names are loaded before
 * the new page renders (no flash of keys); files seen before come from the browser's cache.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadTranslations(data.translations);
  return data;
}

// Site-wide data changes with the language, or after a form posts; not on every click.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return (
    langFromPath(currentUrl.pathname) !== langFromPath(nextUrl.pathname) ||
    unusedNamespaces(currentUrl.pathname).join() !== unusedNamespaces(nextUrl.pathname).join()
  );
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}

/**
 * True while the server renders a page that ships without React (a route with
 * `handle = { hydrate: false }`, a visitor who is not signed in; decision 055; with
 * `staticWhenSignedIn: true`, signed-in visitors too: the teaching pages, decision 074). Such a page renders
 * what its enhancement script needs (templates, `data-` hooks); never true in the browser.
 */
export function useStaticPage(): boolean {
  const data = useRootData();
  const matches = useMatches();
  // The deepest route that says decides: a page inside a static layout may hydrate (the teaching
  // layout's security page: passkeys need the browser's WebAuthn; issue 42).
  const handle = matches
    .map((match) => match.handle as { hydrate?: boolean; staticWhenSignedIn?: boolean } | undefined)
    .filter((candidate) => candidate?.hydrate !== undefined)
    .at(-1);
  // The instructors' pages have their own sign-out form and no account menu: static for them too.
  return import.meta.env.SSR && handle?.hydrate === false && (!data?.user || handle.staticWhenSignedIn === true);
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const { pathname, search } = useLocation();
  const failed = useRouteError() != null;
  const lang = data?.lang ?? langFromPath(pathname);
  // The server renders from its own texts; the browser from the files loaded before hydration.
  const serverTexts = useContext(ServerTranslations);
  const translations = data?.translations;
  const i18n = useMemo(
    () => createI18n(lang, translations ? (serverTexts ? serverTexts(translations) : loadedResources(translations)) : {}),
    [lang, translations, serverTexts],
  );
  const base = data?.publicUrl ?? "";
  // One canonical URL per page: no trailing slash; a list's page number is part of it.
  const pageNumber = Number(new URLSearchParams(search).get("page") ?? 1);
  const path = stripLang(pathname).replace(/(.)\/+$/, "$1") + (pageNumber > 1 ? `?page=${pageNumber}` : "");
  const toastsWanted = useToastsWanted();
  const matches = useMatches();
  // The staff area (every page inside the admin layout) has its own chrome: no public menu or footer.
  const staffArea = matches.some((match) => match.id === `${lang}:admin` || match.id === `${lang}:teaching`);
  // A route with `handle = { hydrate: false }` ships without React's runtime to visitors who are not
  // signed in (decision 055; a signed-in visitor's account menu, log-out and session check are
  // React's). Only the server decides: in the browser React runs only on pages that hydrated, and a
  // page reached by a client-side navigation from one of them is rendered by that running app.
  const staticPage = useStaticPage();
  // Marks the moment React has taken the page over; browser tests wait for it before acting.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang={lang} dir={dirOf(lang)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The installable app (issue 45, decision 131): its manifest in the page's language, the palette's indigo for the browser's bar. */}
        <link rel="manifest" href={localizePath("/manifest.webmanifest", lang)} />
        <meta name="theme-color" content="#4f46e5" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <Meta />
        {failed ? null : (
          <>
            <link rel="canonical" href={base + localizePath(path, lang)} />
            <link rel="alternate" hrefLang="en" href={base + localizePath(path, "en")} />
            <link rel="alternate" hrefLang="ar" href={base + localizePath(path, "ar")} />
            <link rel="alternate" hrefLang="x-default" href={base + localizePath(path, "en")} />
          </>
        )}
        {/* The page's own script of Cairo, fetched with the HTML so text does not reflow when it arrives. */}
        {(lang === "ar" ? [cairoArabic400, cairoArabic700] : [cairoLatin400, cairoLatin700]).map((href) => (
          <link key={href} rel="preload" as="font" type="font/woff2" href={href} crossOrigin="anonymous" />
        ))}
        <Links />
        {/* A page that hydrates fetches its translation files at once, behind what paints the page (entry.client.tsx waits for them). */}
        {translations && !staticPage
          ? Object.values(translations.files).map((href) => (
              <link key={href} rel="preload" as="fetch" href={href} crossOrigin="anonymous" fetchPriority="low" data-translations="" />
            ))
          : null}
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        <I18nextProvider i18n={i18n}>
          <SkipLink />
          {data ? staffArea ? <StaffBar /> : <Navbar /> : null}
          {data ? <FormNotice /> : null}
          {children}
          {data && !staffArea ? (
            <Footer settings={data.settings} programs={data.programs} texts={data.siteTexts}>
              <WhatsAppButton number={data.settings.whatsappNumber} message={pickPair(data.settings.whatsappMessage, lang)} />
            </Footer>
          ) : null}
          {toastsWanted ? (
            <Suspense fallback={null}>
              <Toasts />
            </Suspense>
          ) : null}
          <SmoothScroll />
          {staticPage ? <ToastTemplate /> : null}
        </I18nextProvider>
        {staticPage ? <script type="module" src={enhanceScript} nonce={data?.nonce} /> : <Scripts nonce={data?.nonce} />}
      </body>
    </html>
  );
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
    >
      {t("skipToContent")}
    </a>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>{`404 | ${t("brand")}`}</title>
        <NotFound />
      </>
    );
  }
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-24 text-center">
      <title>{t("error.title")}</title>
      <h1 className="text-2xl font-bold">{t("error.title")}</h1>
      <p className="mt-4 text-slate-700">{t("error.body")}</p>
    </main>
  );
}
