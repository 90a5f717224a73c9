/** Widths of the responsive WebP copies of an upload; an image is never scaled up. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;

/** How wide an image shows, for the browser to pick a copy (`sizes`). */
export const imageSizes = {
  /** A card in the 1-, 2- and 3-column grids. */
  card: "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw",
  /** The main image of a course or a post. */
  main: "(min-width: 1024px) 768px, 100vw",
  fixed: (pixels: number) => `${pixels}px`,
};

// Uploads are stored as {24 hex}-{width}.webp at each width of IMAGE_WIDTHS below the original's,
// plus the largest, whose URL is the one kept (server/storage/images.ts).
const uploaded = /^(.*\/[a-f0-9]{24}-)(\d+)\.webp$/;

/** `srcSet` and `sizes` for an uploaded image, from the URL of its largest copy; nothing for other images. */
export function responsiveImage(url: string, sizes: string): { srcSet?: string; sizes?: string } {
  const match = uploaded.exec(url);
  if (!match) return {};
  const largest = Number(match[2]);
  const widths = [...IMAGE_WIDTHS.filter((width) => width < largest), largest];
  return { srcSet: widths.map((width) => `${match[1]}${width}.webp ${width}w`).join(", "), sizes };
}

// Every copy of one upload shares the 24 hex characters of its name.
const uploadName = /(?:^|\/)([a-f0-9]{24})-\d+\.webp$/;

/** The name (24 hex) of the upload a URL points at, or undefined for any other image. */
export function uploadNameOf(url: string): string | undefined {
  return uploadName.exec(url)?.[1];
}
