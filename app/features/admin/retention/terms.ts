/**
 * Terms of the retention figures (decision 136): the money view's term (decision 093), the calendar
 * quarter of a group's first class, "2026-Q4". Groups start all year round and the data has no
 * school semesters, so a quarter is the one term every group falls in, unambiguous in both languages.
 */

/** A term as typed in the query: a year of this century and a quarter. */
export const TERM_PATTERN = /^(20\d\d)-Q([1-4])$/;

const parts = (term: string): [number, number] => {
  // Any four-digit year: a term typed at the century's edge still has neighbours.
  const match = /^(\d{4})-Q([1-4])$/.exec(term);
  if (!match) throw new Error(`Not a term: ${term}`);
  return [Number(match[1]), Number(match[2])];
};

/** The term `by` quarters after (or before, negative) `term`. */
export function shiftTerm(term: string, by: number): string {
  const [year, quarter] = parts(term);
  const index = year * 4 + (quarter - 1) + by;
  return `${Math.floor(index / 4)}-Q${(index % 4) + 1}`;
}

/** The term's first academy day, YYYY-MM-DD: the lower bound of `first_date` (text, so compared as written on both databases). */
export function termStart(term: string): string {
  const [year, quarter] = parts(term);
  return `${year}-${String((quarter - 1) * 3 + 1).padStart(2, "0")}-01`;
}
