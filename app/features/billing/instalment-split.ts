/**
 * Instalments' arithmetic (issue 31 part 4, decision 091), shared by the staff page, the API and
 * the offer's rule. Dates are academy calendar days (YYYY-MM-DD); money integer minor units.
 */

export const MIN_PARTS = 2;
export const MAX_PARTS = 12;

export interface Part {
  dueOn: string;
  amountMinor: number;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day (not 2026-02-30), in years the academy could bill. */
export function isCalendarDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < 2000 || y > 2100) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The same day `months` later; a day the month lacks becomes its last (31 Jan → 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
}

/**
 * `count` monthly parts from `firstDueOn` adding up to `totalMinor`: an integer split, the
 * remainder on the first part (the family pays the odd cents first, the rest are equal).
 */
export function equalSplit(totalMinor: number, count: number, firstDueOn: string): Part[] {
  const base = Math.floor(totalMinor / count);
  const remainder = totalMinor - base * count;
  return Array.from({ length: count }, (_, index) => ({ dueOn: addMonths(firstDueOn, index), amountMinor: base + (index === 0 ? remainder : 0) }));
}

export type SplitProblem =
  | { kind: "count" }
  | { kind: "date"; index: number }
  | { kind: "beforeIssue"; index: number }
  | { kind: "order"; index: number }
  | { kind: "amount"; index: number }
  | { kind: "sum"; sumMinor: number };

/**
 * What is wrong with a split of an invoice owing `totalMinor` (its total less credit notes), issued
 * on `issuedOn`: 2 to 12 parts, real days not before the issue day, each strictly after the one
 * before, amounts positive whole minor units adding up to the total. Empty: nothing.
 */
export function splitProblems(parts: readonly Part[], totalMinor: number, issuedOn: string): SplitProblem[] {
  if (parts.length < MIN_PARTS || parts.length > MAX_PARTS) return [{ kind: "count" }];
  const problems: SplitProblem[] = [];
  parts.forEach((part, index) => {
    if (!isCalendarDay(part.dueOn)) problems.push({ kind: "date", index });
    else if (part.dueOn < issuedOn) problems.push({ kind: "beforeIssue", index });
    else if (index > 0 && isCalendarDay(parts[index - 1]!.dueOn) && part.dueOn <= parts[index - 1]!.dueOn) problems.push({ kind: "order", index });
    if (!Number.isSafeInteger(part.amountMinor) || part.amountMinor <= 0) problems.push({ kind: "amount", index });
  });
  if (problems.length === 0) {
    const sumMinor = parts.reduce((sum, part) => sum + part.amountMinor, 0);
    if (sumMinor !== totalMinor) problems.push({ kind: "sum", sumMinor });
  }
  return problems;
}

export type PartStatus = "paid" | "open" | "overdue" | "void";

export interface PartState extends Part {
  status: PartStatus;
  /** What of this part is settled. */
  paidMinor: number;
  /** What of it is still to pay. */
  leftMinor: number;
}

/**
 * Each part's state from what is settled on the invoice (`settledMinor`: the parts' sum less what
 * the ledger says is still owed). Money covers the parts in order, first due first, whatever part a
 * payment named: a family paying early or too little is credited where it is owed soonest.
 */
export function partStates(parts: readonly Part[], settledMinor: number, today: string, voided: boolean): PartState[] {
  let left = Math.max(0, settledMinor);
  return parts.map((part) => {
    const paidMinor = Math.min(part.amountMinor, left);
    left -= paidMinor;
    const leftMinor = part.amountMinor - paidMinor;
    const status: PartStatus = leftMinor === 0 ? "paid" : voided ? "void" : part.dueOn < today ? "overdue" : "open";
    return { ...part, status, paidMinor, leftMinor };
  });
}
