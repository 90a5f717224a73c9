/**
 * The home page's latest-programs slider without React (decision 055), as app/features/home/
 * CourseSlider.tsx: Previous/Next move by one slide and are aria-disabled at the ends, the arrow
 * keys move it (mirrored right to left), no animation for visitors who prefer reduced motion.
 */
export function enhanceSliders(): void {
  for (const region of document.querySelectorAll<HTMLElement>("[data-slider]")) slider(region);
}

function slider(region: HTMLElement) {
  const track = region.querySelector<HTMLElement>("[data-slider-track]");
  const previous = region.querySelector<HTMLButtonElement>("[data-slider-previous]");
  const next = region.querySelector<HTMLButtonElement>("[data-slider-next]");
  if (!track || !previous || !next) return;
  const measure = () => {
    // scrollLeft is negative in right-to-left pages; its size is the distance from the start.
    const offset = Math.abs(track.scrollLeft);
    previous.setAttribute("aria-disabled", String(offset <= 2));
    next.setAttribute("aria-disabled", String(offset + track.clientWidth >= track.scrollWidth - 2));
  };
  const move = (direction: 1 | -1) => {
    const slide = track.firstElementChild;
    if (!slide) return;
    const style = getComputedStyle(track);
    const step = slide.getBoundingClientRect().width + (Number.parseFloat(style.columnGap) || 0);
    const sign = style.direction === "rtl" ? -1 : 1;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    track.scrollBy({ left: direction * step * sign, behavior: reduce ? "auto" : "smooth" });
  };
  previous.addEventListener("click", () => previous.getAttribute("aria-disabled") !== "true" && move(-1));
  next.addEventListener("click", () => next.getAttribute("aria-disabled") !== "true" && move(1));
  region.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const rtl = getComputedStyle(region).direction === "rtl";
    event.preventDefault();
    move((event.key === "ArrowRight") !== rtl ? 1 : -1);
  });
  track.addEventListener("scroll", measure, { passive: true });
  new ResizeObserver(measure).observe(track);
}
