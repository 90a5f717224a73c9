import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { CourseCard } from "~/features/courses/CourseCard";
import type { Course } from "~/features/courses/course";

const prefersReducedMotion = () => typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * The latest programs as a horizontal slider: native scrolling with snap points (works without
 * JavaScript and by touch), Previous/Next buttons and the arrow keys; no autoplay, and no
 * animation for visitors who prefer reduced motion.
 */
export function CourseSlider({ courses }: { courses: Course[] }) {
  const { t } = useTranslation("home");
  const track = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    // scrollLeft is negative in right-to-left pages; its size is the distance from the start.
    const offset = Math.abs(el.scrollLeft);
    setEdges({ atStart: offset <= 2, atEnd: offset + el.clientWidth >= el.scrollWidth - 2 });
  }, []);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  const move = (direction: 1 | -1) => {
    const el = track.current;
    const slide = el?.firstElementChild;
    if (!el || !slide) return;
    const style = getComputedStyle(el);
    const step = slide.getBoundingClientRect().width + (Number.parseFloat(style.columnGap) || 0);
    const sign = style.direction === "rtl" ? -1 : 1;
    el.scrollBy({ left: direction * step * sign, behavior: prefersReducedMotion() ? "auto" : "smooth" });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const forward = (event.key === "ArrowRight") !== rtl;
    event.preventDefault();
    move(forward ? 1 : -1);
  };

  const arrowClass =
    "flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-40";

  return (
    // The data-slider attributes: where app/enhance/slider.ts does the same on a page without React (decision 055).
    <section aria-roledescription="carousel" aria-label={t("latest.label")} onKeyDown={onKeyDown} data-slider="">
      <div className="mb-4 flex justify-end gap-2">
        <button
          type="button"
          className={arrowClass}
          aria-label={t("latest.previous")}
          data-slider-previous=""
          aria-disabled={edges.atStart}
          onClick={() => !edges.atStart && move(-1)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="flip-rtl h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="M15 5l-7 7 7 7" />
          </svg>
        </button>
        <button
          type="button"
          className={arrowClass}
          aria-label={t("latest.next")}
          data-slider-next=""
          aria-disabled={edges.atEnd}
          onClick={() => !edges.atEnd && move(1)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="flip-rtl h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="M9 5l7 7-7 7" />
          </svg>
        </button>
      </div>
      {/* relative: the cards' visually hidden texts are absolutely positioned; they must be clipped here, not widen the page. */}
      <div
        ref={track}
        onScroll={measure}
        data-slider-track=""
        className="relative flex snap-x snap-mandatory gap-6 overflow-x-auto pb-4 [scrollbar-width:thin]"
      >
        {courses.map((course, index) => (
          <div
            key={course._id}
            role="group"
            aria-roledescription="slide"
            aria-label={t("latest.slide", { index: index + 1, total: courses.length })}
            className="flex w-[85%] shrink-0 snap-start sm:w-[calc(50%-0.75rem)] lg:w-[calc((100%-3rem)/3)]"
          >
            <CourseCard course={course} />
          </div>
        ))}
      </div>
    </section>
  );
}
