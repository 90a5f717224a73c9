import { preload } from "react-dom";

/**
 * Loading hints for an image in a list: the first one is usually the page's largest paint on a
 * phone, so it loads at once with high priority; the rest wait until they are near the screen.
 */
export function imageLoading(first: boolean): { loading?: "lazy"; fetchPriority?: "high" } {
  return first ? { fetchPriority: "high" } : { loading: "lazy" };
}

/**
 * Asks for the page's largest image from the <head> (React puts a <link rel="preload"> there), so
 * it loads beside the stylesheet instead of once the parser reaches the <img> below the menu.
 * Called while rendering, with the same srcSet and sizes the <img> has.
 */
export function preloadLargestImage(src: string, responsive: { srcSet?: string; sizes?: string } = {}): void {
  preload(src, { as: "image", fetchPriority: "high", imageSrcSet: responsive.srcSet, imageSizes: responsive.sizes });
}
