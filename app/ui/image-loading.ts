/**
 * Loading hints for an image in a list: the first one is usually the page's largest paint on a
 * phone, so it loads at once with high priority; the rest wait until they are near the screen.
 */
export function imageLoading(first: boolean): { loading?: "lazy"; fetchPriority?: "high" } {
  return first ? { fetchPriority: "high" } : { loading: "lazy" };
}
