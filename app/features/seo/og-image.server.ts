import { readFile } from "node:fs/promises";
import path from "node:path";
import { LRUCache } from "lru-cache";
import { projectRoot } from "~/lib/project-root.server";
import { loadSharp } from "~server/lazy/heavy-modules";

/**
 * Link-preview images. Facebook, WhatsApp and X do not render SVG, which most of the site's
 * pictures are, so a page's preview points at a 1200x630 PNG rendered from its picture here.
 */
const OG_WIDTH = 1200;
const OG_HEIGHT = 630;

const publicDir = path.join(projectRoot, "public");
/** Only the site's own pictures are rendered: never a URL fetched on a visitor's behalf. */
const sitePicture = /^\/(images|uploads)\/[\w-]+(?:\/[\w-]+)*\.(?:svg|png|jpe?g|webp|gif|avif)$/i;

// Sources never change under one name (uploads get random names, /images ship with a release).
const cache = new LRUCache<string, Buffer>({ max: 100 });

/** The file behind a site picture path, or undefined when it is not one. */
function sourceFile(src: string, uploadsDir: string): string | undefined {
  const match = sitePicture.exec(src);
  if (!match) return undefined;
  const relative = src.slice(match[1]!.length + 2);
  return path.join(match[1] === "uploads" ? uploadsDir : path.join(publicDir, "images"), relative);
}

/** The site default: the logo on the brand colour. */
async function defaultCard(): Promise<Buffer> {
  const sharp = await loadSharp();
  const logo = await sharp(path.join(publicDir, "images/logo.svg"), { density: 600 }).resize(360, 360).png().toBuffer();
  return sharp({ create: { width: OG_WIDTH, height: OG_HEIGHT, channels: 3, background: "#4338ca" } })
    .composite([{ input: logo, gravity: "center" }])
    .png()
    .toBuffer();
}

/** A 1200x630 PNG of the site picture `src` (cropped to fill), or of the default when it is missing. */
export async function ogImage(src: string, uploadsDir: string): Promise<Buffer> {
  const file = sourceFile(src, uploadsDir);
  const key = file ?? "";
  const hit = cache.get(key);
  if (hit) return hit;
  let png: Buffer;
  try {
    if (!file) throw new Error("no site picture");
    const sharp = await loadSharp();
    // density: SVGs are drawn sharp at the preview's size, not at their nominal one.
    png = await sharp(await readFile(file), { density: 300 })
      .resize(OG_WIDTH, OG_HEIGHT, { fit: "cover" })
      .flatten({ background: "#ffffff" })
      .png()
      .toBuffer();
  } catch {
    png = await (cache.get("") ?? defaultCard());
    cache.set("", png);
    return png;
  }
  cache.set(key, png);
  return png;
}
