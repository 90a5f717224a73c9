/**
 * Content blocks of a blog post (and of a course page): the stored JSON, checked block by block.
 * Types of the specification (section 3): paragraph, heading (level 1-6, default 2), image (URL and
 * alt text, which is also the caption), list, quote, code. Unknown or malformed blocks are dropped.
 */
export type ContentBlock =
  | { type: "paragraph"; value: string }
  | { type: "heading"; value: string; level: HeadingLevel }
  | { type: "image"; value: string; alt: string }
  | { type: "list"; items: string[] }
  | { type: "quote"; value: string }
  | { type: "code"; value: string };

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

const textOf = (value: unknown): string | undefined => (typeof value === "string" && value.trim() !== "" ? value : undefined);

function headingLevel(value: unknown): HeadingLevel {
  const level = typeof value === "string" ? Number(value) : value;
  return typeof level === "number" && Number.isInteger(level) && level >= 1 && level <= 6 ? (level as HeadingLevel) : 2;
}

function toBlock(raw: unknown): ContentBlock | undefined {
  if (raw === null || typeof raw !== "object") return undefined;
  const block = raw as Record<string, unknown>;
  const value = textOf(block.value);
  switch (block.type) {
    case "paragraph":
    case "quote":
    case "code":
      return value === undefined ? undefined : { type: block.type, value };
    case "heading":
      return value === undefined ? undefined : { type: "heading", value, level: headingLevel(block.level) };
    case "image":
      return value === undefined ? undefined : { type: "image", value, alt: typeof block.alt === "string" ? block.alt : "" };
    case "list": {
      const items = Array.isArray(block.items) ? block.items.filter((item): item is string => textOf(item) !== undefined) : [];
      return items.length > 0 ? { type: "list", items } : undefined;
    }
    default:
      return undefined;
  }
}

/** Known, well-formed blocks from stored JSON text or an already parsed value. */
export function normalizeBlocks(input: unknown): ContentBlock[] {
  let value = input;
  if (typeof input === "string") {
    try {
      value = JSON.parse(input);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  return value.map(toBlock).filter((block): block is ContentBlock => block !== undefined);
}

/**
 * The HTML heading rank of each heading block. The page's h1 is the title, so the highest level
 * used in the content becomes h2 and the others keep their distance from it (at most h6).
 */
/** The image URLs of stored content blocks, in order. */
export function imageUrlsOf(input: unknown): string[] {
  return normalizeBlocks(input).flatMap((block) => (block.type === "image" ? [block.value] : []));
}

export function headingRank(level: HeadingLevel, blocks: readonly ContentBlock[]): 2 | 3 | 4 | 5 | 6 {
  const top = Math.min(...blocks.flatMap((b) => (b.type === "heading" ? [b.level] : [])), level);
  return Math.min(6, level - top + 2) as 2 | 3 | 4 | 5 | 6;
}
