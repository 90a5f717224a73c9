import type { InputHTMLAttributes, Ref } from "react";
import { useTranslation } from "react-i18next";

interface WeekdayChecksProps {
  legend: string;
  /** The weekdays' names, Sunday first (slot-format's weekdayNames). */
  weekdays: string[];
  /** Each day's checkbox: its name, value and checked state (a form library's registration, or a plain form's). */
  checkbox: (day: number) => InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
  /** A validation message key (namespace "validation") or text from the server. */
  error?: string;
  /** The error's element id (the fieldset is described by it). */
  errorId: string;
  className?: string;
}

/**
 * One checkbox per weekday in a fieldset, with its error announced: the slots screen's series form
 * and the course groups' form (issue 29) both choose weekdays so.
 */
export function WeekdayChecks({ legend, weekdays, checkbox, error, errorId, className = "sm:col-span-2" }: WeekdayChecksProps) {
  const { t } = useTranslation("validation");
  return (
    <fieldset className={className} aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-3">
        {weekdays.map((name, day) => (
          <label key={name} className="flex items-center gap-1 text-sm text-slate-800">
            <input type="checkbox" {...checkbox(day)} />
            {name}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {t(error, { defaultValue: error })}
        </p>
      ) : null}
    </fieldset>
  );
}
