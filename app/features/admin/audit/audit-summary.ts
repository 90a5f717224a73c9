/** An audit row's stored summary, read for the screen: the record's name, its changed fields, and anything else. */
export interface AuditSummary {
  name?: string;
  changes: { field: string; from: string; to: string }[];
  other: { key: string; value: string }[];
}

const asText = (value: unknown): string => (value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value));

const isChange = (value: unknown): value is { from: unknown; to: unknown } => typeof value === "object" && value !== null && "from" in value && "to" in value;

export function parseAuditSummary(json: string): AuditSummary {
  const result: AuditSummary = { changes: [], other: [] };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ...result, other: json ? [{ key: "", value: json }] : [] };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { ...result, other: [{ key: "", value: asText(value) }] };
  // Rows written before fields were named held a bare { from, to }.
  if (isChange(value)) return { ...result, changes: [{ field: "", from: asText(value.from), to: asText(value.to) }] };
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (key === "name" && typeof item === "string") result.name = item;
    else if (key === "changes" && typeof item === "object" && item !== null) {
      for (const [field, change] of Object.entries(item as Record<string, unknown>)) {
        if (isChange(change)) result.changes.push({ field, from: asText(change.from), to: asText(change.to) });
      }
    } else if (isChange(item)) result.changes.push({ field: key, from: asText(item.from), to: asText(item.to) });
    else result.other.push({ key, value: asText(item) });
  }
  return result;
}
