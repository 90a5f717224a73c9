import { inflateSync } from "node:zlib";

/**
 * Text of a PDF written by pdfkit, for tests, as two kinds of real readers extract it: its
 * compressed streams are inflated, the fonts' ToUnicode maps read, and every shown string decoded
 * with the map of the font it is shown in (Tf). Decoding with every font's map once made noise that,
 * on some dates, spelt a phrase a test looks for.
 * - `text`: as readers that honour marked content read it (Acrobat, Poppler's pdftotext, PDFBox):
 *   a string inside an /ActualText span reads as the span's text; other strings as their glyphs.
 * - `logical`: as readers that ignore /ActualText and reverse a right-to-left string character by
 *   character read it (pdf.js): a ligature's letters come out in the order the font's map gives.
 * Right-to-left runs are stored in visual order, so an Arabic phrase reads right in both only
 * when the PDF says what it shows (issue 42: «ليلى حسن» once read back «ليىل حنس»).
 */
export function pdfText(pdf: Buffer | Uint8Array): { text: string; logical: string } {
  const raw = Buffer.from(pdf).toString("latin1");
  // Every object with a stream, by number (pdfkit writes no object streams, so dictionaries are plain text).
  const streams = new Map<number, string>();
  for (const match of raw.matchAll(/(\d+) 0 obj\s*<<(?:(?!endobj)[\s\S])*?>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const bytes = Buffer.from(raw.slice(start, raw.indexOf("endstream", start)), "latin1");
    let body: string;
    try {
      body = inflateSync(bytes).toString("latin1");
    } catch {
      body = bytes.toString("latin1");
    }
    streams.set(Number(match[1]), body);
  }
  // Font resource name (/F1) → that font's ToUnicode map, so each string is decoded with the font it is shown in.
  const unicodeOf = new Map<number, Map<number, string>>();
  for (const font of raw.matchAll(/(\d+) 0 obj\s*<<((?:(?!endobj)[\s\S])*?)\/ToUnicode (\d+) 0 R/g)) {
    const cmap = streams.get(Number(font[3]));
    if (cmap) unicodeOf.set(Number(font[1]), toUnicodeMap(cmap));
  }
  const fonts = new Map<string, Map<number, string>>();
  for (const dict of raw.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
    for (const entry of dict[1]!.matchAll(/\/([^\s/]+)\s+(\d+) 0 R/g)) {
      const map = unicodeOf.get(Number(entry[2]));
      if (map) fonts.set(entry[1]!, map);
    }
  }
  const decode = (font: string | null, hex: string) => {
    const map = (font ? fonts.get(font) : undefined) ?? new Map<number, string>();
    return (hex.match(/.{4}/g) ?? []).map((gid) => map.get(Number.parseInt(gid, 16)) ?? "").join("");
  };
  const text: string[] = [];
  const logical: string[] = [];
  let inside: string | null = null;
  for (const event of [...streams.values()].flatMap(contentEvents)) {
    if (event.kind === "span") {
      inside = event.actual;
      if (inside !== null) text.push(inside);
    } else if (event.kind === "end") {
      inside = null;
    } else {
      const shown = decode(event.font, event.hex);
      if (inside === null) text.push(shown);
      logical.push(ARABIC.test(shown) ? [...shown].reverse().join("") : shown);
    }
  }
  return { text: text.join("\n"), logical: logical.join("\n") };
}

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

type ContentEvent = { kind: "span"; actual: string | null } | { kind: "end" } | { kind: "shown"; hex: string; font: string | null };

/** The marked-content spans and shown strings of a content stream, in order. */
function contentEvents(stream: string): ContentEvent[] {
  const events: ContentEvent[] = [];
  // The strings of one text object (BT … ET, one run as pdfkit draws it) are read as one string, as a
  // reader joins the pieces of a line: a mark placed apart («تُ») is its own TJ after the letters.
  const token = /\/Span\s*<<|\bEMC\b|\bET\b|\[([^\]]*)\]\s*TJ|\/([^\s/]+)\s+[\d.]+\s+Tf/g;
  let open: { kind: "shown"; hex: string; font: string | null } | null = null;
  let font: string | null = null;
  for (let m = token.exec(stream); m; m = token.exec(stream)) {
    if (m[2] !== undefined) font = m[2];
    else if (m[0] === "ET") open = null;
    else if (m[0] === "EMC") {
      open = null;
      events.push({ kind: "end" });
    } else if (m[1] !== undefined) {
      const hex = [...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!).join("");
      if (open) open.hex += hex;
      else events.push((open = { kind: "shown", hex, font }));
    } else {
      const dictEnd = stream.indexOf("BDC", m.index);
      const at = stream.indexOf("/ActualText", m.index);
      let actual: string | null = null;
      if (at !== -1 && at < dictEnd) {
        const [value, end] = literalString(stream, stream.indexOf("(", at));
        actual = decodeTextString(value);
        token.lastIndex = Math.max(end, stream.indexOf("BDC", end) + 3);
      }
      open = null;
      events.push({ kind: "span", actual });
    }
  }
  return events;
}

/** A PDF literal string starting at "(" (escapes and balanced parentheses), and the index after it. */
function literalString(s: string, open: number): [string, number] {
  let out = "";
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    const c = s[i]!;
    if (c === "\\") {
      const next = s[i + 1]!;
      const octal = /^[0-7]{1,3}/.exec(s.slice(i + 1, i + 4));
      if (octal) {
        out += String.fromCharCode(Number.parseInt(octal[0], 8));
        i += octal[0].length;
      } else {
        out += ({ n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" } as Record<string, string>)[next] ?? next;
        i++;
      }
    } else if (c === "(") {
      if (depth++ > 0) out += c;
    } else if (c === ")") {
      if (--depth === 0) return [out, i + 1];
      out += c;
    } else out += c;
  }
  return [out, s.length];
}

/** A text string's bytes: UTF-16BE after a byte-order mark, else PDFDocEncoding (Latin-1 here). */
function decodeTextString(bytes: string): string {
  if (!bytes.startsWith("\u00fe\u00ff")) return bytes;
  let out = "";
  for (let i = 2; i + 1 < bytes.length; i += 2) out += String.fromCharCode((bytes.charCodeAt(i) << 8) | bytes.charCodeAt(i + 1));
  return out;
}

function toUnicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<[0-9a-fA-F]+>\s*\[([^\]]*)\]/g)) {
    let gid = Number.parseInt(range[1]!, 16);
    for (const entry of range[2]!.matchAll(/<([0-9a-fA-F ]*)>/g)) {
      const units = entry[1]!
        .split(" ")
        .filter(Boolean)
        .map((u) => Number.parseInt(u, 16));
      map.set(gid++, String.fromCharCode(...units));
    }
  }
  return map;
}
