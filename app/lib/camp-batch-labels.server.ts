import { fromDbJson } from "~server/db/values";

/**
 * A stored camp batch value (enrolments keep the English `value`, decision 037) in each language:
 * the batch's Arabic label for Arabic documents and screens, the value itself in English (as the
 * camp page shows it). A value the camp no longer lists stays as stored. Below the features, so
 * billing, consent and certificates read it without depending on the camp feature.
 */
export function batchLabels(batchesJson: string | null | undefined, value: string): { en: string; ar: string } {
  const batch = fromDbJson<{ value: string; ar?: string }[]>(batchesJson, []).find((b) => b.value === value);
  return { en: value, ar: batch?.ar?.trim() || value };
}
