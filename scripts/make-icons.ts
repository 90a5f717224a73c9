import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

/**
 * Draws the installed app's icons (issue 45, decision 131) from the favicon's design (an atom in
 * the site's indigo, public/favicon.svg) with sharp, into public/icons (checked in; run again after
 * changing the design): 192 and 512 pixels for every purpose, and a maskable 512 whose atom sits
 * inside the safe zone (the central 80 %) on a full indigo square, as launchers crop it.
 *   npx tsx scripts/make-icons.ts
 */
const INDIGO = "#4f46e5";
const atom = (scale: number) =>
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)"><g fill="none" stroke="#fff" stroke-width="3"><ellipse cx="32" cy="32" rx="22" ry="8"/><ellipse cx="32" cy="32" rx="22" ry="8" transform="rotate(60 32 32)"/><ellipse cx="32" cy="32" rx="22" ry="8" transform="rotate(120 32 32)"/></g><circle cx="32" cy="32" r="5" fill="#fbbf24"/></g>`;
const round = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="31" fill="${INDIGO}"/>${atom(1)}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${INDIGO}"/>${atom(0.72)}</svg>`;

const dir = path.resolve("public/icons");
mkdirSync(dir, { recursive: true });
for (const [name, svg, size] of [
  ["icon-192.png", round, 192],
  ["icon-512.png", round, 512],
  ["maskable-512.png", maskable, 512],
  ["apple-touch-icon.png", maskable, 180],
] as const) {
  const png = await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  writeFileSync(path.join(dir, name), png);
  console.log(name, png.length, "bytes");
}
