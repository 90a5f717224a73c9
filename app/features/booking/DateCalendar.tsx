import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CalendarMonth } from "./calendar";

interface DateCalendarProps {
  months: CalendarMonth[];
  weekdays: { short: string[]; long: string[] };
  selected: string | null;
  onSelect: (date: string) => void;
}

/**
 * Step 1: a month grid of day buttons. Days without an open slot are disabled; the chosen day is
 * pressed. One month at a time, with buttons to move between the months that have slots.
 */
export function DateCalendar({ months, weekdays, selected, onSelect }: DateCalendarProps) {
  const { t } = useTranslation("booking");
  const firstWithSlots = Math.max(0, months.findIndex((month) => month.weeks.some((week) => week.some((day) => day?.available))));
  const [index, setIndex] = useState(firstWithSlots);
  const month = months[Math.min(index, months.length - 1)];
  if (!month) return null;

  return (
    <div className="mt-4 rounded-2xl border border-slate-200 p-4">
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          onClick={() => setIndex((i) => Math.max(0, i - 1))}
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
          type="button"
          onClick={() => setIndex((i) => Math.min(months.length - 1, i + 1))}
          disabled={index >= months.length - 1}
          className="rounded-md px-3 py-1 text-indigo-700 hover:bg-indigo-50 disabled:text-slate-300"
          aria-label={t("calendar.next")}
        >
          <span aria-hidden="true" className="flip-rtl inline-block">
            ›
          </span>
        </button>
      </div>
      <table className="mt-3 w-full table-fixed border-collapse text-center">
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
                      type="button"
                      disabled={!day.available}
                      aria-pressed={day.date === selected}
                      aria-label={t(day.available ? "calendar.available" : "calendar.unavailable", { date: day.label })}
                      onClick={() => onSelect(day.date)}
                      className={`h-10 w-full rounded-md ${
                        day.date === selected
                          ? "bg-indigo-700 font-semibold text-white"
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
    </div>
  );
}
