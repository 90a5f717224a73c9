import type Lenis from "lenis";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Smooth scrolling (lerp 0.1, 1.2 s) unless the visitor prefers reduced motion,
 * and a jump to the top of the page on every route change (not when the first page hydrates).
 */
export function SmoothScroll() {
  const lenis = useRef<Lenis | null>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let cancelled = false;
    // Lenis (its code and its animation loop) starts with the visitor's first gesture, so a page
    // that is only looked at does no scrolling work.
    const intents = ["wheel", "touchstart", "pointerdown", "keydown"] as const;
    const start = () => {
      intents.forEach((type) => window.removeEventListener(type, start));
      void import("lenis").then(({ default: LenisClass }) => {
        if (!cancelled) lenis.current = new LenisClass({ lerp: 0.1, duration: 1.2, autoRaf: true });
      });
    };
    intents.forEach((type) => window.addEventListener(type, start, { passive: true }));
    return () => {
      cancelled = true;
      intents.forEach((type) => window.removeEventListener(type, start));
      lenis.current?.destroy();
      lenis.current = null;
    };
  }, []);

  // Only on a change of page: at hydration the visitor may already have scrolled (or followed a
  // #fragment), and jumping them back to the top would move what they were about to click.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (lenis.current) lenis.current.scrollTo(0, { immediate: true });
    else window.scrollTo(0, 0);
  }, [pathname]);

  return null;
}
