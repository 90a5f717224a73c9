/**
 * The hours and days staff set (absence notice 0–168 hours, credit validity 1–365 days) as words
 * with their counted noun in the reader's plural form («ساعتين», «6 ساعات», «24 ساعة»; review
 * 2026-11-28, M35): texts show `hoursText` and `daysText`, built from the `count.*` plural keys.
 */
export function withCountWords(
  values: Record<string, string | number> | undefined,
  word: (key: string, count: number) => string,
): Record<string, string | number> | undefined {
  if (!values) return values;
  const out: Record<string, string | number> = { ...values };
  if (typeof values.hours === "number") out.hoursText = word("count.hours", values.hours);
  if (typeof values.days === "number") out.daysText = word("count.days", values.days);
  return out;
}
