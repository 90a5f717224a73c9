import { diffWordsWithSpace } from "diff";
import type { FormValues } from "./revisions.server";

/** One part of a readable diff: text kept, removed (only before) or added (only after). */
export interface DiffPart {
  kind: "same" | "removed" | "added";
  text: string;
}

/** One field that differs between a revision and the record as it is now. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
  /** Word by word, for long or multi-line texts (absent for short values, or when too long to compare in time). */
  parts?: DiffPart[];
}

/** Longer than this (or on several lines), a text is shown as a diff instead of before → after. */
const SHORT_TEXT = 40;

/**
 * A field's value as readable text: content blocks one per paragraph ("## heading", "• item",
 * "> quote", "[image] address — alt"), questions and answers in order, yes/no for booleans.
 */
export function valueText(value: unknown, yesNo: { yes: string; no: string }): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? yesNo.yes : yesNo.no;
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map((item) => itemText(item)).join("\n\n");
  return JSON.stringify(value);
}

function itemText(item: unknown): string {
  if (typeof item !== "object" || item === null) return String(item ?? "");
  const block = item as Record<string, unknown>;
  const text = (name: string) => (typeof block[name] === "string" ? (block[name] as string) : "");
  switch (block.type) {
    case "heading":
      return `${"#".repeat(Math.min(6, Math.max(1, Number(block.level) || 2)))} ${text("value")}`;
    case "paragraph":
    case "code":
      return text("value");
    case "quote":
      return `> ${text("value")}`;
    case "list":
      return (Array.isArray(block.items) ? block.items : []).map((entry) => `• ${String(entry)}`).join("\n");
    case "image":
      return `[image] ${text("value")}${text("alt") ? ` — ${text("alt")}` : ""}`;
    default:
      // A course's question and answer pair (both languages).
      if ("questionEn" in block || "questionAr" in block)
        return [text("questionEn"), text("answerEn"), text("questionAr"), text("answerAr")].filter(Boolean).join("\n");
      return JSON.stringify(block);
  }
}

/**
 * The fields that differ between `before` (a revision) and `after` (the record now), in the
 * order of `fields`; long texts with a word-by-word diff.
 */
export function compareValues(before: FormValues, after: FormValues, fields: readonly string[], yesNo: { yes: string; no: string }): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const from = valueText(before[field], yesNo);
    const to = valueText(after[field], yesNo);
    if (from === to) continue;
    const change: FieldChange = { field, before: from, after: to };
    if (from.length > SHORT_TEXT || to.length > SHORT_TEXT || from.includes("\n") || to.includes("\n")) {
      // Bounded: an edit too large to work out within the time gives before → after only.
      const parts = diffWordsWithSpace(from, to, { timeout: 500 });
      if (parts) change.parts = parts.map((p) => ({ kind: p.added ? "added" : p.removed ? "removed" : "same", text: p.value }));
    }
    changes.push(change);
  }
  return changes;
}
