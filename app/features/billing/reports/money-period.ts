import { z } from "zod";
import { v } from "~/lib/validation";

/** A period of academy days, both ends included (YYYY-MM-DD on the academy's calendar). */
export interface MoneyPeriod {
  from: string;
  to: string;
}

/** The longest period one summary reads: two years, so a typed range never scans everything. */
export const MAX_PERIOD_DAYS = 731;

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const realDay = (text: string) => DAY.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
const dayField = z.string({ error: v.date }).trim().max(10, v.date).refine(realDay, v.date);

/** The summary's query: both ends optional (the academy's current month by default). */
export const periodQuerySchema = z
  .object({ from: dayField.optional(), to: dayField.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: v.invalid, path: ["from"] })
  .refine((q) => !q.from || !q.to || spanDays(q.from, q.to) <= MAX_PERIOD_DAYS, { message: v.invalid, path: ["to"] });

const spanDays = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The academy month of `today` (its first day to its last). */
export function monthOf(today: string): MoneyPeriod {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${today.slice(0, 7)}-01`, to: `${today.slice(0, 7)}-${String(last).padStart(2, "0")}` };
}

/** The period asked for: a start alone runs to the end of its month, an end alone from its month's first day; neither is this month. */
export function periodOf(query: { from?: string; to?: string }, today: string): MoneyPeriod {
  const month = monthOf(today);
  const from = query.from ?? (query.to ? monthOf(query.to).from : month.from);
  const to = query.to ?? (query.from ? monthOf(query.from).to : month.to);
  return from <= to ? { from, to } : { from: to, to: from };
}

/**
 * A term of the academy calendar (decision 093): the calendar quarter of a course group's first
 * class, "2026-Q4". The academy runs groups all year round, so quarters, not school semesters.
 */
export const termOf = (day: string): string => `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
