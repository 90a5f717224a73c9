/**
 * A season's two batches, derived from its start date (settings `campStartDate`): batch 1 runs
 * twenty days from the start (1–20 July), batch 2 the next twenty-one days (21 July–10 August).
 * `value` is what enrolments store and English shows, in the specification's own style
 * ("1 July - 20th July", "21st July - 10 Aug"); `en` and `ar` are the readable labels.
 * See docs/decisions/037-camp-batches-from-start-date.md.
 */
export interface CampBatch {
  value: string;
  en: string;
  ar: string;
}

const MONTHS_EN = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const MONTHS_SHORT_EN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
// The month names (and Latin digits) the seeded Arabic labels use.
const MONTHS_AR = ["يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو", "يوليو", "أغسطس", "سبتمبر", "أكتوبر", "نوفمبر", "ديسمبر"];

/** Days from the start to each batch's first and last day (inclusive). */
const BATCH_DAYS: [from: number, to: number][] = [
  [0, 19],
  [20, 40],
];

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${{ 1: "st", 2: "nd", 3: "rd" }[day % 10] ?? "th"}`;
}

function addDays(isoDate: string, days: number): { day: number; month: number } {
  const date = new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000);
  return { day: date.getUTCDate(), month: date.getUTCMonth() };
}

/** The batches a season starting on `startIso` (yyyy-mm-dd) has. */
export function deriveCampBatches(startIso: string): CampBatch[] {
  return BATCH_DAYS.map(([fromDays, toDays], i) => {
    const from = addDays(startIso, fromDays);
    const to = addDays(startIso, toDays);
    // The specification writes "1 July - 20th July" and "21st July - 10 Aug": the same pattern for every season.
    const value =
      i === 0
        ? `${from.day} ${MONTHS_EN[from.month]} - ${ordinal(to.day)} ${MONTHS_EN[to.month]}`
        : `${ordinal(from.day)} ${MONTHS_EN[from.month]} - ${to.day} ${MONTHS_SHORT_EN[to.month]}`;
    return {
      value,
      en: `${from.day} ${MONTHS_EN[from.month]} to ${to.day} ${MONTHS_EN[to.month]}`,
      ar: `من ${from.day} ${MONTHS_AR[from.month]} إلى ${to.day} ${MONTHS_AR[to.month]}`,
    };
  });
}

/** Whether a camp's stored batches are exactly the ones its season's start date gives. */
export function batchesFollowStart(stored: readonly CampBatch[], startIso: string): boolean {
  const derived = deriveCampBatches(startIso);
  return (
    stored.length === derived.length &&
    stored.every((batch, i) => batch.value === derived[i]!.value && batch.en === derived[i]!.en && batch.ar === derived[i]!.ar)
  );
}
