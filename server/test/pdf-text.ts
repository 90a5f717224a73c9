import { inflateSync } from "node:zlib";

/**
 * Text of a PDF written by pdfkit, for tests: its compressed streams are inflated, the fonts'
 * ToUnicode maps read, and every shown string decoded. Each string is decoded with every font's
 * map (tests look for a phrase in any of them). Right-to-left runs are stored in visual order,
 * so `logical` also gives every string with its glyphs reversed.
 */
export function pdfText(pdf: Buffer | Uint8Array): { text: string; logical: string } {
  const raw = Buffer.from(pdf).toString("latin1");
  const streams: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    const bytes = Buffer.from(raw.slice(start, end), "latin1");
    try {
      streams.push(inflateSync(bytes).toString("latin1"));
    } catch {
      streams.push(bytes.toString("latin1"));
    }
  }
  const maps = streams.filter((s) => s.includes("beginbfrange")).map(toUnicodeMap);
  const shown = streams.flatMap((s) => [...s.matchAll(/\[([^\]]*)\]\s*TJ/g)].map((m) => [...m[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!).join("")));
  const decode = (map: Map<number, string>, hex: string) => (hex.match(/.{4}/g) ?? []).map((gid) => map.get(Number.parseInt(gid, 16)) ?? "");
  const text: string[] = [];
  const logical: string[] = [];
  for (const map of maps) {
    for (const hex of shown) {
      const glyphs = decode(map, hex);
      text.push(glyphs.join(""));
      logical.push([...glyphs].reverse().join(""));
    }
  }
  return { text: text.join("\n"), logical: logical.join("\n") };
}

function toUnicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<[0-9a-fA-F]+>\s*\[([^\]]*)\]/g)) {
    let gid = Number.parseInt(range[1]!, 16);
    for (const entry of range[2]!.matchAll(/<([0-9a-fA-F ]*)>/g)) {
      const units = entry[1]!.split(" ").filter(Boolean).map((u) => Number.parseInt(u, 16));
      map.set(gid++, String.fromCharCode(...units));
    }
  }
  return map;
}
