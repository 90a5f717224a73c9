import Lenis from "lenis";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Smooth scrolling (lerp 0.1, 1.2 s) unless the visitor prefers reduced motion,
 * and a jump to the top of the page on every route change.
 */
export function SmoothScroll() {
  const lenis = useRef<Lenis | null>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const instance = new Lenis({ lerp: 0.1, duration: 1.2, autoRaf: true });
    lenis.current = instance;
    return () => {
      instance.destroy();
      lenis.current = null;
    };
  }, []);

  useEffect(() => {
    if (lenis.current) lenis.current.scrollTo(0, { immediate: true });
    else window.scrollTo(0, 0);
  }, [pathname]);

  return null;
}
