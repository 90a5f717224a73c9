import { randomBytes } from "node:crypto";
import { loadSharp } from "~server/lazy/heavy-modules";
import { IMAGE_WIDTHS } from "~/lib/responsive-image";
import type { MediaStorage } from "./storage";

// Refuse decompression bombs: a few KB of PNG can claim gigapixels.
const MAX_INPUT_PIXELS = 40_000_000;

export class NotAnImageError extends Error {}

interface StoredImage {
  url: string;
  srcset: string;
  width: number;
  height: number;
}

/** The format of the bytes as sharp reads them, if it is one we accept (by content, never by name). */
async function acceptedFormat(bytes: Buffer): Promise<{ width: number; height: number } | undefined> {
  const sharp = await loadSharp();
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    return undefined;
  }
  const ok =
    meta.format === "jpeg" ||
    meta.format === "png" ||
    meta.format === "webp" ||
    meta.format === "gif" ||
    // AVIF is HEIF with AV1 compression; HEIC (HEVC) is not accepted.
    (meta.format === "heif" && meta.compression === "av1");
  if (!ok || !meta.width || !meta.height) return undefined;
  if (meta.width * meta.height > MAX_INPUT_PIXELS) return undefined;
  // EXIF orientations 5-8 turn the picture a quarter: width and height swap after auto-rotation.
  const turned = (meta.orientation ?? 1) >= 5;
  return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
}

/**
 * Checks the bytes are a real JPEG, PNG, WebP, GIF or AVIF, then stores WebP copies (auto-rotated,
 * metadata stripped) at the responsive widths under one random name.
 */
export async function storeImage(storage: MediaStorage, bytes: Buffer): Promise<StoredImage> {
  const size = await acceptedFormat(bytes);
  if (!size) throw new NotAnImageError("not an accepted image");
  const widths = [...new Set([...IMAGE_WIDTHS.filter((w) => w < size.width), Math.min(size.width, IMAGE_WIDTHS.at(-1)!)])];
  const base = randomBytes(12).toString("hex");
  const variants: { url: string; width: number; height: number }[] = [];
  const stored: string[] = [];
  const sharp = await loadSharp();
  try {
    for (const width of widths) {
      // sharp writes no metadata unless asked (keepMetadata), so EXIF and GPS tags are dropped.
      // A header that reads well over pixel data that does not (a corrupt file) fails here: not an image we take.
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true })
        .catch(() => {
          throw new NotAnImageError("the image data could not be read");
        });
      const name = `${base}-${width}.webp`;
      const url = await storage.put(name, data, "image/webp");
      stored.push(name);
      variants.push({ url, width: info.width, height: info.height });
    }
  } catch (error) {
    // A failed upload leaves no partial set of copies behind (best effort: the store may be down).
    await storage.remove(stored).catch(() => undefined);
    throw error;
  }
  const largest = variants.at(-1)!;
  return {
    url: largest.url,
    srcset: variants.map((v) => `${v.url} ${v.width}w`).join(", "),
    width: largest.width,
    height: largest.height,
  };
}

// The largest copy's URL (the one records keep) ends in {24 hex}-{width}.webp; every copy shares the 24 hex.
const storedImageName = /(?:^|\/)([a-f0-9]{24})-\d+\.webp$/;

/**
 * Removes every stored copy (each width) of the upload whose URL a record kept; returns the names
 * removed. A URL that is not one of our uploads removes nothing.
 */
export async function deleteImage(storage: MediaStorage, url: string): Promise<string[]> {
  const match = storedImageName.exec(url);
  if (!match) return [];
  const names = (await storage.list(`${match[1]}-`)).map((object) => object.name).filter((name) => /^[a-f0-9]{24}-\d+\.webp$/.test(name));
  await storage.remove(names);
  return names;
}
