import { loadIslandTexts, readIslandProps } from "~/features/booking/island/island-data";
import { enhanceDialogs } from "./dialogs";
import { enhanceJsonForms } from "./json-forms";
import { enhanceMenus } from "./menus";
import { enhancePasswordToggles } from "./password-toggle";
import { enhanceSliders } from "./slider";
import { enhanceSwaps } from "./swap";
import { registerServiceWorker } from "./service-worker";

/**
 * The one script of a page that ships without React (a route with `handle = { hydrate: false }`,
 * decision 055). Everything on such a page works without it (links, forms that post); this adds
 * what the specification asks of an interactive page, framework-free and in a few KB: the menus,
 * the slider, lists swapped in place, dialogs, form answers as toasts, smooth scrolling, the language switch's memory;
 * and on the booking page, its steps as an island of React (decision 108).
 */
enhanceMenus();
enhanceSliders();
enhanceJsonForms();
enhanceSwaps();
enhanceDialogs();
enhancePasswordToggles();
// Only course pages show times on the visitor's clock: the code (and its date helpers) loads there alone.
if (document.querySelector("[data-visitor-clock]")) void import("./visitor-clock").then(({ enhanceVisitorClock }) => enhanceVisitorClock());
// /account's "allow notifications" button: its code loads there alone.
const pushBox = document.querySelector<HTMLElement>("[data-push-device]");
if (pushBox) void import("./push-subscribe").then(({ enhancePushButton }) => enhancePushButton(pushBox));
registerServiceWorker();
rememberLanguage();
focusFormTargets();
smoothScroll();
// Browser tests and bench:js wait for this, as for `data-hydrated` on pages React takes over; on the
// booking page, once its island has hydrated too (or could not be).
void bookingIsland().finally(() => {
  document.documentElement.dataset.enhanced = "";
});

/**
 * The booking page's steps are an island of React (decision 108): its code (React DOM, the calendar
 * and the form) is a chunk of this script's bundle, fetched only on that page and only after the
 * first paint, as the scripts of pages that hydrate (decision 038).
 */
async function bookingIsland() {
  const container = document.getElementById("booking-island");
  const props = container && readIslandProps(document);
  if (!container || !props) return;
  await afterFirstPaint();
  try {
    // The texts download alongside the code, not after it (decision 117).
    const [texts, { hydrateBookingIsland }] = await Promise.all([loadIslandTexts(props.files), import("../features/booking/island/booking-island")]);
    await hydrateBookingIsland(container, props, texts);
  } catch (error) {
    console.warn("The booking steps could not start; the page works as the server sent it.", error);
  }
}

function afterFirstPaint(): Promise<void> {
  // A tab opened in the background paints nothing and gets no frames.
  if (document.visibilityState === "hidden") return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** The language switch remembers the choice for the bare home page (app/ui/LanguageSwitch.tsx). */
function rememberLanguage() {
  document.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>("a[data-remember-lang]");
    if (link) document.cookie = `${link.dataset.rememberLang}; Path=/; Max-Age=31536000; SameSite=Lax`;
  });
}

/** A link to a form on the page (Schedule a Class) brings it into view and puts the cursor in its first field. */
function focusFormTargets() {
  document.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[href^="#"]');
    const target = link && document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (!(target instanceof HTMLFormElement)) return;
    event.preventDefault();
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
    target.querySelector<HTMLInputElement>("input:not([type=hidden])")?.focus({ preventScroll: true });
  });
}

/**
 * The specification's smooth scrolling (Lenis, lerp 0.1, 1.2 s; app/ui/SmoothScroll.tsx), not for
 * visitors who prefer reduced motion. Lenis loads with the first gesture, so a page that is only
 * looked at fetches and runs none of it.
 */
function smoothScroll() {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const intents = ["wheel", "touchstart", "pointerdown", "keydown"] as const;
  const start = () => {
    intents.forEach((type) => window.removeEventListener(type, start));
    void import("lenis").then(({ default: Lenis }) => new Lenis({ lerp: 0.1, duration: 1.2, autoRaf: true }));
  };
  intents.forEach((type) => window.addEventListener(type, start, { passive: true }));
}
