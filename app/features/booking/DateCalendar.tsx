import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { useLang } from "~/i18n/use-lang";
import { PICK_FORM } from "./booking-forms";
import type { CalendarMonth } from "./calendar";
import { addDays, weekdayOf } from "~/lib/zoned-time";

interface DateCalendarProps {
  months: CalendarMonth[];
  weekdays: { short: string[]; long: string[] };
  selected: string | null;
  onSelect: (date: string) => void;
  /** The month shown first (yyyy-mm, from ?month= before script runs); else the chosen day's, else the first with times. */
  initialMonth?: string | null;
  /** The booking page: before script runs the buttons submit the page's GET form (?date=, ?month=) to it. */
  page: string;
}

/** Once script runs, a button of the GET form acts on the page instead of loading it again. */
const instead = (act: () => void) => (event: MouseEvent<HTMLButtonElement>) => {
  event.preventDefault();
  act();
};

/** The day to focus in a month: the chosen one, else the first with times, else the 1st. */
function focusDay(month: CalendarMonth, selected: string | null): string {
  const days = month.weeks.flat().filter((day) => day !== null);
  return (days.find((day) => day.date === selected) ?? days.find((day) => day.available) ?? days[0])?.date ?? `${month.key}-01`;
}

/** The same day number in the month `delta` months away, kept inside that month. */
function shiftMonth(date: string, delta: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + delta, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return `${first.toISOString().slice(0, 8)}${String(Math.min(d, last)).padStart(2, "0")}`;
}

/**
 * Step 1: a month grid of day buttons (the ARIA grid pattern). One Tab stop: the arrows move
 * between days (left and right mirrored in Arabic), Home/End to the week's ends, PageUp/PageDown
 * a month; Enter or Space chooses. Days without times say so and cannot be chosen; a day whose
 * every time is taken says so (and a legend under the grid) and opens its waitlist; the chosen day
 * is pressed. One month at a time, with buttons to move between the months.
 */
export function DateCalendar({ months, weekdays, selected, onSelect, initialMonth, page }: DateCalendarProps) {
  const { t } = useTranslation("booking");
  const rtl = useLang() === "ar";
  const firstWithSlots = Math.max(
    0,
    months.findIndex((month) => month.weeks.some((week) => week.some((day) => day?.available))),
  );
  const wanted = months.findIndex((month) => month.key === (initialMonth ?? selected?.slice(0, 7)));
  const [index, setIndex] = useState(wanted === -1 ? firstWithSlots : wanted);
  const month = months[Math.min(index, months.length - 1)];
  const [focused, setFocused] = useState(() => (month ? focusDay(month, selected) : ""));
  // Focus follows the keys only: rendering or a month button must not pull focus into the grid.
  const moved = useRef(false);
  const grid = useRef<HTMLTableElement>(null);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused, index]);
  if (!month) return null;
  const tabStop = month.weeks.flat().some((day) => day?.date === focused) ? focused : focusDay(month, selected);

  const showMonth = (next: number) => {
    setIndex(next);
    setFocused(focusDay(months[next]!, selected));
  };
  const prevMonth = Math.max(0, index - 1);
  const nextMonth = Math.min(months.length - 1, index + 1);
  const monthButton = { type: "submit", form: PICK_FORM, name: "month", formAction: `${page}#step-date` } as const;

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const forward = rtl ? -1 : 1;
    const weekday = weekdayOf(tabStop);
    const moves: Record<string, () => string> = {
      ArrowRight: () => addDays(tabStop, forward),
      ArrowLeft: () => addDays(tabStop, -forward),
      ArrowDown: () => addDays(tabStop, 7),
      ArrowUp: () => addDays(tabStop, -7),
      Home: () => addDays(tabStop, -weekday),
      End: () => addDays(tabStop, 6 - weekday),
      PageUp: () => shiftMonth(tabStop, -1),
      PageDown: () => shiftMonth(tabStop, 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move();
    const target = months.findIndex((candidate) => candidate.key === next.slice(0, 7));
    // Beyond the months on offer, focus stays where it is.
    if (target === -1) return;
    moved.current = true;
    setIndex(target);
    setFocused(next);
  };

  return (
    <div className="mt-4 rounded-2xl border border-slate-200 p-4">
      <div className="flex items-center justify-between gap-2">
        <button
          {...monthButton}
          value={months[prevMonth]!.key}
          onClick={instead(() => showMonth(prevMonth))}
          disabled={index === 0}
          className="rounded-md px-3 py-1 text-indigo-700 hover:bg-indigo-50 disabled:text-slate-300"
          aria-label={t("calendar.previous")}
        >
          <span aria-hidden="true" className="flip-rtl inline-block">
            ‹
          </span>
        </button>
        <p className="font-semibold text-slate-900" aria-live="polite">
          {month.label}
        </p>
        <button
          {...monthButton}
          value={months[nextMonth]!.key}
          onClick={instead(() => showMonth(nextMonth))}
          disabled={index >= months.length - 1}
          className="rounded-md px-3 py-1 text-indigo-700 hover:bg-indigo-50 disabled:text-slate-300"
          aria-label={t("calendar.next")}
        >
          <span aria-hidden="true" className="flip-rtl inline-block">
            ›
          </span>
        </button>
      </div>
      {/* role=grid: screen readers announce a grid whose cells the arrow keys move between. */}
      <table ref={grid} role="grid" onKeyDown={onKeyDown} className="mt-3 w-full table-fixed border-collapse text-center">
        <caption className="sr-only">{t("calendar.label", { month: month.label })}</caption>
        <thead>
          <tr>
            {weekdays.short.map((name, i) => (
              <th key={name} scope="col" abbr={weekdays.long[i]} className="pb-2 text-xs font-medium text-slate-600">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {month.weeks.map((week, w) => (
            <tr key={w}>
              {week.map((day, d) => (
                <td key={day?.date ?? `pad-${d}`} className="p-0.5">
                  {day ? (
                    <button
                      // A day with times submits ?date= before script runs; the others do nothing.
                      type={day.available ? "submit" : "button"}
                      form={day.available ? PICK_FORM : undefined}
                      name={day.available ? "date" : undefined}
                      value={day.available ? day.date : undefined}
                      data-date={day.date}
                      tabIndex={day.date === tabStop ? 0 : -1}
                      // Not `disabled`: the arrow keys still reach (and read out) a day without times.
                      aria-disabled={!day.available || undefined}
                      aria-pressed={day.date === selected}
                      aria-label={t(day.full ? "calendar.full" : day.available ? "calendar.available" : "calendar.unavailable", { date: day.label })}
                      onFocus={() => setFocused(day.date)}
                      onClick={instead(() => {
                        if (day.available) onSelect(day.date);
                      })}
                      className={`h-10 w-full rounded-md ${
                        day.date === selected
                          ? "bg-indigo-700 font-semibold text-white"
                          : day.full
                            ? "bg-amber-50 font-semibold text-amber-900 ring-1 ring-inset ring-amber-300 hover:bg-amber-100"
                            : day.available
                              ? "bg-indigo-50 font-semibold text-slate-900 hover:bg-indigo-100"
                              : "cursor-not-allowed text-slate-300"
                      }`}
                    >
                      {day.day}
                    </button>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {month.weeks.some((week) => week.some((day) => day?.full)) ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-slate-700">
          <span aria-hidden="true" className="inline-block h-3 w-3 shrink-0 rounded-sm bg-amber-50 ring-1 ring-inset ring-amber-300" />
          {t("calendar.fullLegend")}
        </p>
      ) : null}
    </div>
  );
}
