/**
 * Just enough of the Unicode bidirectional algorithm to draw one line of a right-to-left
 * paragraph with a PDF library that only shapes: the line's words are grouped into runs of
 * Arabic and of left-to-right text (Latin words, numbers), and the runs are put in visual order.
 * Each Arabic run is later laid out as one piece, which reverses its glyphs.
 */
interface Run {
  rtl: boolean;
  text: string;
}

const ARABIC_LETTER = /[\u0620-\u064A\u066E-\u06D3\u06FA-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFC]/;
const LTR_STRONG = /[A-Za-z0-9\u00C0-\u024F\u0660-\u0669\u06F0-\u06F9]/;

type Kind = "r" | "l" | "n";
const kindOf = (word: string): Kind => (ARABIC_LETTER.test(word) ? "r" : LTR_STRONG.test(word) ? "l" : "n");

const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;

/**
 * A left-to-right word as [leading punctuation, the word, trailing punctuation other than %], by
 * two scans: the pattern it replaces (`^(non-letters*)(.*?)(non-letters*)$`) backtracked
 * quadratically on a long word of punctuation (issue 25).
 */
function splitGlued(word: string): [string, string, string] {
  const chars = Array.from(word);
  let start = 0;
  // A "+" right before a digit belongs to the number (a phone number's country code).
  while (start < chars.length && !LETTER_OR_NUMBER.test(chars[start]!) && !(chars[start] === "+" && /\d/.test(chars[start + 1] ?? ""))) start++;
  let end = chars.length;
  while (end > start && !LETTER_OR_NUMBER.test(chars[end - 1]!) && chars[end - 1] !== "%") end--;
  return [chars.slice(0, start).join(""), chars.slice(start, end).join(""), chars.slice(end).join("")];
}

/** Arabic letters and marks (not the Arabic-Indic digits, which read left to right). */
const ARABIC_SPAN = /[\u0600-\u065F\u066A-\u06EF\u06FA-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFC]+/u;
const PAIRED: Record<string, string> = { "(": ")", "[": "]", "{": "}" };
const CLOSING = new Set(Object.values(PAIRED));
const LATIN_LETTER = /[A-Za-z\u00C0-\u024F]/;

/**
 * A word's pieces: Arabic letters, each bracket on its own, and the rest (a Latin word or a number
 * with its leading and trailing punctuation split off). A word mixing scripts («و(Scratch)») is cut
 * where the script changes, so the Latin part is never drawn inside a reversed Arabic run.
 */
function wordPieces(word: string): string[] {
  const pieces: string[] = [];
  for (const segment of word.split(new RegExp(`(${ARABIC_SPAN.source}|[()[\\]{}])`, "u")).filter(Boolean)) {
    pieces.push(...(kindOf(segment) === "l" ? splitGlued(segment) : [segment]));
  }
  return pieces.filter(Boolean);
}

/**
 * The direction of each bracket pair, as the Unicode algorithm's rule N0 decides it on a right-to-left
 * line: a pair holding Arabic, or no Latin letter, is resolved later as any neutral; a pair holding
 * Latin text only («(L298N)») takes the left-to-right direction when the text before it is Latin,
 * and otherwise the line's: so it encloses the Latin word rather than joining a number before it
 * («المستوى 2 (Python)» drew «2 (Python» as one left-to-right run).
 */
function bracketPairs(tokens: string[]): Map<number, Kind> {
  const resolved = new Map<number, Kind>();
  const open: number[] = [];
  tokens.forEach((token, i) => {
    if (PAIRED[token]) open.push(i);
    else if (CLOSING.has(token)) {
      const at = open.findLastIndex((o) => PAIRED[tokens[o]!] === token);
      if (at < 0) return;
      const o = open[at]!;
      open.length = at;
      const inside = tokens.slice(o + 1, i);
      if (inside.some((text) => kindOf(text) === "r") || !inside.some((text) => LATIN_LETTER.test(text))) return;
      // The strong text before the pair; a number counts as what precedes it (W7), the line's start as Arabic.
      const before = tokens
        .slice(0, o)
        .reverse()
        .find((text) => kindOf(text) === "r" || LATIN_LETTER.test(text));
      const kind: Kind = before !== undefined && kindOf(before) === "l" ? "l" : "r";
      resolved.set(o, kind).set(i, kind);
    }
  });
  return resolved;
}

/**
 * Runs of a right-to-left line, from left to right as they are to be drawn. `spaceAfter` says
 * whether a space separates a run from the one drawn after it (to its right is logically before).
 */
export function visualRuns(line: string): (Run & { spaceAfter: boolean })[] {
  // Punctuation glued to a number or Latin word ("50%)") follows the paragraph's direction.
  const tokens: { text: string; glued: boolean }[] = [];
  for (const word of withoutBidiControls(line).split(/\s+/).filter(Boolean)) {
    wordPieces(word).forEach((text, i) => tokens.push({ text, glued: i > 0 }));
  }
  const texts = tokens.map((token) => token.text);
  const pairs = bracketPairs(texts);
  const kinds = texts.map((text, i) => pairs.get(i) ?? kindOf(text));
  // A neutral word (a dash, a dot) joins left-to-right text only when it sits inside it.
  const resolved = kinds.map((kind, i) => {
    if (kind !== "n") return kind;
    const before = kinds
      .slice(0, i)
      .reverse()
      .find((k) => k !== "n");
    const after = kinds.slice(i + 1).find((k) => k !== "n");
    return before === "l" && after === "l" ? "l" : "r";
  });
  const runs: (Run & { spaceBefore: boolean })[] = [];
  tokens.forEach((token, i) => {
    const rtl = resolved[i] === "r";
    const last = runs[runs.length - 1];
    if (last && last.rtl === rtl) last.text += token.glued ? token.text : ` ${token.text}`;
    else runs.push({ rtl, text: token.text, spaceBefore: i > 0 && !token.glued });
  });
  return runs.reverse().map((run) => ({ rtl: run.rtl, text: run.rtl ? mirrorBrackets(run.text) : run.text, spaceAfter: run.spaceBefore }));
}

/**
 * Locale text isolates phones and amounts for browsers and mail clients (⁦{{phone}}⁩, an amount's
 * RLM); a PDF line is ordered by the runs above instead, and the font has no glyph for the controls.
 */
export const withoutBidiControls = (text: string): string => text.replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, "");

const MIRRORED: Record<string, string> = { "(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{", "<": ">", ">": "<", "«": "»", "»": "«" };

/** Brackets face the other way once a run's glyphs are reversed. */
export function mirrorBrackets(text: string): string {
  return text.replace(/[()[\]{}<>«»]/g, (c) => MIRRORED[c] ?? c);
}
